import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '../app/state/atoms';
import { accountRoutes } from './accountRoutes';
import { reloadOlderThan } from './areaOpening';
import { callRoute } from './client';
import { queryKeys } from './queryKeys';

// Keys and functions shared by the hooks and the start-up prefetch (startupQueries.ts).
export const accountQueries = {
  account: {
    queryKey: queryKeys.account,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await callRoute(accountRoutes.account, { signal })).data,
  },
  schools: {
    queryKey: queryKeys.schools,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await callRoute(accountRoutes.schools, { signal })).data,
  },
  whiteLabel: {
    queryKey: queryKeys.whiteLabel,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await callRoute(accountRoutes.whiteLabel, { signal })).data,
    staleTime: 60 * 60 * 1000,
  },
};

/**
 * `openedAt` (opening a role area): fetch again on mount unless the data was fetched since
 * then, even when the cache is fresh; without it, the cache's usual rule.
 */
export function useAccount(openedAt?: number) {
  const token = useAtomValue(tokenAtom);
  return useQuery({
    ...accountQueries.account,
    enabled: token !== null,
    refetchOnMount: openedAt === undefined ? true : reloadOlderThan(openedAt),
  });
}

/** One entry per school and role the account holds. */
export function useSchoolEntries(openedAt?: number) {
  const token = useAtomValue(tokenAtom);
  return useQuery({
    ...accountQueries.schools,
    enabled: token !== null,
    refetchOnMount: openedAt === undefined ? true : reloadOlderThan(openedAt),
  });
}

export function useWhiteLabel() {
  return useQuery(accountQueries.whiteLabel);
}
