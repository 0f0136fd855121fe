import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { resourceKeys } from '../../resources/resourceApi';

// A user created with roles is also a new student, teacher or client of the school, so those
// lists go stale with the users list.
const TOUCHED_BY_A_NEW_USER = ['users', 'students', 'teachers', 'clients'];

/** The users area's one owner of what its writes make stale. */
export function useUsersInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  return {
    afterCreate: () =>
      Promise.all(
        TOUCHED_BY_A_NEW_USER.map((resource) =>
          queryClient.invalidateQueries({
            queryKey: resourceKeys.all({ schoolId, role, resource }),
          }),
        ),
      ),
  };
}
