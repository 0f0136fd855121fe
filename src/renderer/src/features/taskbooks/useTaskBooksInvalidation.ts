import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { taskBookKeys } from './taskbooksApi';

/** The task books area's one owner of what its writes make stale: its lists and the home. */
export function useTaskBooksInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  return {
    afterWrite: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskBookKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'home'] }),
      ]),
  };
}
