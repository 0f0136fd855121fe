import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '../app/state/atoms';
import { accountRoutes } from './accountRoutes';
import { callRoute } from './client';
import { queryKeys } from './queryKeys';

/** `reload`: fetch again on mount even when the cache is fresh (opening a role area). */
export function useAccount(reload = false) {
  const token = useAtomValue(tokenAtom);
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: async ({ signal }) => (await callRoute(accountRoutes.account, { signal })).data,
    enabled: token !== null,
    refetchOnMount: reload ? 'always' : true,
  });
}

/** One entry per school and role the account holds. */
export function useSchoolEntries(reload = false) {
  const token = useAtomValue(tokenAtom);
  return useQuery({
    queryKey: queryKeys.schools,
    queryFn: async ({ signal }) => (await callRoute(accountRoutes.schools, { signal })).data,
    enabled: token !== null,
    refetchOnMount: reload ? 'always' : true,
  });
}

export function useWhiteLabel() {
  return useQuery({
    queryKey: queryKeys.whiteLabel,
    queryFn: async ({ signal }) => (await callRoute(accountRoutes.whiteLabel, { signal })).data,
    staleTime: 60 * 60 * 1000,
  });
}
