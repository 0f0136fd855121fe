import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { quizKeys } from './quizzesApi';

/** The quizzes area's one owner of what its writes make stale. */
export function useQuizzesInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  return {
    afterWrite: () => queryClient.invalidateQueries({ queryKey: quizKeys.all({ schoolId, role }) }),
  };
}
