import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { gradeKeys } from './gradesApi';

/** The gradebook's one owner of what its writes make stale. */
export function useGradesInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  return {
    afterWrite: () =>
      queryClient.invalidateQueries({ queryKey: gradeKeys.all({ schoolId, role }) }),
  };
}
