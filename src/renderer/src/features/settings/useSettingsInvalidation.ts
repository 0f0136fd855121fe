import { useQueryClient } from '@tanstack/react-query';
import type { Setting } from '../../../../shared/api';
import { queryKeys } from '../../api/queryKeys';

/** The settings area's one owner of what its writes make stale. */
export function useSettingsInvalidation(schoolId: number) {
  const queryClient = useQueryClient();
  // The school's name and logo travel in the account's school entries.
  const schoolEntries = () => queryClient.invalidateQueries({ queryKey: queryKeys.schools });
  return {
    afterSave: (stored: Setting[]) => {
      queryClient.setQueryData(queryKeys.settings(schoolId), stored);
      return schoolEntries();
    },
    afterLogo: schoolEntries,
  };
}
