import { useQuery } from '@tanstack/react-query';
import { schoolEndpoints } from '../../../shared/api';
import type { Role } from '../../../shared/constants';
import { callEndpoint } from './client';
import { queryKeys } from './queryKeys';

export function useSchoolSettings(schoolId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.settings(schoolId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(schoolEndpoints.settings, { params: { school_id: schoolId }, signal }))
        .data,
    enabled,
    // Opening a role area loads these again (spec §4); the cache only bridges the wait.
    refetchOnMount: 'always',
  });
}

export function useCategories(schoolId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.categories(schoolId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(schoolEndpoints.categories, { params: { school_id: schoolId }, signal }))
        .data,
    enabled,
    // Opening a role area loads these again (spec §4); the cache only bridges the wait.
    refetchOnMount: 'always',
  });
}

export function usePeriods(schoolId: number, role: Role, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.periods(schoolId, role),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(schoolEndpoints.periods, {
          params: { school_id: schoolId, role },
          signal,
        })
      ).data,
    enabled,
    // Opening a role area loads these again (spec §4); the cache only bridges the wait.
    refetchOnMount: 'always',
  });
}

export function usePermissions(schoolId: number, role: Role, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.permissions(schoolId, role),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(schoolEndpoints.userPermissions, {
          params: { school_id: schoolId, role },
          signal,
        })
      ).data,
    enabled,
    // Opening a role area loads these again (spec §4); the cache only bridges the wait.
    refetchOnMount: 'always',
  });
}
