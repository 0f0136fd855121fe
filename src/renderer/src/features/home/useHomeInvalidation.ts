import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { myAccountQuery } from '../finance/myAccountQuery';
import { homeKey } from './homeApi';

/** The home area's one owner of its cache: pulled again on demand (the Refresh button). */
export function useHomeInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  return {
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKey(schoolId, role) }),
        // A parent's home also shows their account.
        role === 'client' &&
          queryClient.invalidateQueries({ queryKey: myAccountQuery(schoolId, role).queryKey }),
      ]),
  };
}
