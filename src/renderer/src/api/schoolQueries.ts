import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../shared/constants';
import { callRoute } from './client';
import { queryKeys } from './queryKeys';
import { schoolRoutes } from './schoolRoutes';
import { reloadOlderThan } from './areaOpening';

// Each query's key and function in one place: the hooks below and the start-up prefetch
// (startupQueries.ts) must fetch into the very same cache entries.
export const schoolQueries = {
  settings: (schoolId: number) => ({
    queryKey: queryKeys.settings(schoolId),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await callRoute(schoolRoutes.settings, { params: { school_id: schoolId }, signal })).data,
  }),
  categories: (schoolId: number) => ({
    queryKey: queryKeys.categories(schoolId),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await callRoute(schoolRoutes.categories, { params: { school_id: schoolId }, signal })).data,
  }),
  periods: (schoolId: number, role: Role) => ({
    queryKey: queryKeys.periods(schoolId, role),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await callRoute(schoolRoutes.periods, { params: { school_id: schoolId, role }, signal }))
        .data,
  }),
  permissions: (schoolId: number, role: Role) => ({
    queryKey: queryKeys.permissions(schoolId, role),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (
        await callRoute(schoolRoutes.userPermissions, {
          params: { school_id: schoolId, role },
          signal,
        })
      ).data,
  }),
};

/**
 * Opening a role area loads these again (spec §4); the cache only bridges the wait. Data
 * fetched since `openedAt` (by the start-up prefetch of this very opening) counts as loaded;
 * without it, every mount loads again.
 */
// Without an opening time, every mount loads again.
const ALWAYS = Number.POSITIVE_INFINITY;

export function useSchoolSettings(schoolId: number, enabled: boolean, openedAt = ALWAYS) {
  return useQuery({
    ...schoolQueries.settings(schoolId),
    enabled,
    refetchOnMount: reloadOlderThan(openedAt),
  });
}

export function useCategories(schoolId: number, enabled: boolean, openedAt = ALWAYS) {
  return useQuery({
    ...schoolQueries.categories(schoolId),
    enabled,
    refetchOnMount: reloadOlderThan(openedAt),
  });
}

export function usePeriods(schoolId: number, role: Role, enabled: boolean, openedAt = ALWAYS) {
  return useQuery({
    ...schoolQueries.periods(schoolId, role),
    enabled,
    refetchOnMount: reloadOlderThan(openedAt),
  });
}

export function usePermissions(schoolId: number, role: Role, enabled: boolean, openedAt = ALWAYS) {
  return useQuery({
    ...schoolQueries.permissions(schoolId, role),
    enabled,
    refetchOnMount: reloadOlderThan(openedAt),
  });
}

/** Starts every load of a role area at once, without waiting for the membership check. */
export function prefetchArea(queryClient: QueryClient, schoolId: number, role: Role): void {
  for (const query of [
    schoolQueries.settings(schoolId),
    schoolQueries.categories(schoolId),
    schoolQueries.periods(schoolId, role),
    schoolQueries.permissions(schoolId, role),
  ])
    void queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
}
