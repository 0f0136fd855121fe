import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { accountEndpoints, whiteLabelEndpoints } from '../../../shared/api';
import { tokenAtom } from '../app/state/atoms';
import { callEndpoint } from './client';
import { queryKeys } from './queryKeys';

/** `reload`: fetch again on mount even when the cache is fresh (opening a role area). */
export function useAccount(reload = false) {
  const token = useAtomValue(tokenAtom);
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: async ({ signal }) => (await callEndpoint(accountEndpoints.account, { signal })).data,
    enabled: token !== null,
    refetchOnMount: reload ? 'always' : true,
  });
}

/** One entry per school and role the account holds. */
export function useSchoolEntries(reload = false) {
  const token = useAtomValue(tokenAtom);
  return useQuery({
    queryKey: queryKeys.schools,
    queryFn: async ({ signal }) => (await callEndpoint(accountEndpoints.schools, { signal })).data,
    enabled: token !== null,
    refetchOnMount: reload ? 'always' : true,
  });
}

export function useWhiteLabel() {
  return useQuery({
    queryKey: queryKeys.whiteLabel,
    queryFn: async ({ signal }) =>
      (await callEndpoint(whiteLabelEndpoints.whiteLabel, { signal })).data,
    staleTime: 60 * 60 * 1000,
  });
}
