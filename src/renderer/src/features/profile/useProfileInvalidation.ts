import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';

/** The profile's one owner of what its writes make stale: the account and its school entries. */
export function useProfileInvalidation() {
  const queryClient = useQueryClient();
  return {
    // The drawer and the dashboard show the name from the school entries.
    afterWrite: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  };
}
