import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteRecord, resourceKeys, type ResourceScope } from './resourceApi';

/** Deletes one or several records, then reloads everything of the resource. */
export function useDeleteRecords(scope: ResourceScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      // One after the other: a failure stops there and says which record refused.
      for (const id of ids) await deleteRecord(scope, id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(scope) }),
  });
}
