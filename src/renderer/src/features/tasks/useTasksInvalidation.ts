import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { taskKeys } from './tasksApi';

/** The tasks area's one owner of what its writes make stale: its lists, the home, the guide. */
export function useTasksInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  return {
    afterWrite: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all({ schoolId, role }) }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'home'] }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'duties'] }),
      ]),
  };
}
