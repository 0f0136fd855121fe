import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { chapterKeys } from './chaptersApi';

/** The chapters area's one owner of what its writes make stale: its lists and the home. */
export function useChaptersInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  return {
    afterWrite: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chapterKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'home'] }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'duties'] }),
      ]),
  };
}
