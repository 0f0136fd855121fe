import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import { attendanceKeys } from '../attendance/attendanceApi';
import { chapterKeys } from '../chapters/chaptersApi';
import { taskKeys } from '../tasks/tasksApi';
import { fileKeys } from './filesApi';

/**
 * The files area's one owner of what an upload or removal makes stale: the files list, and the
 * chapters, tasks and absences that carry their files.
 */
export function useFilesInvalidation() {
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  return {
    afterWrite: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: chapterKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.all(scope) }),
      ]),
  };
}
