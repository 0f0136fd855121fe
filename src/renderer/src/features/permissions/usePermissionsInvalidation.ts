import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { resourceKeys, type ResourceScope } from '../../resources/resourceApi';

/** The permissions area's one owner of what its writes make stale. */
export function usePermissionsInvalidation() {
  const queryClient = useQueryClient();
  return {
    // The grid shows what is stored; an admin who is a member of the group sees their own
    // menus follow.
    afterRuleChange: (rules: ResourceScope) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(rules) }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.permissions(rules.schoolId, rules.role),
        }),
      ]),
  };
}
