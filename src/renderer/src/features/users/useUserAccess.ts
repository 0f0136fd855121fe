import { useQuery } from '@tanstack/react-query';
import { useArea } from '../../app/area/AreaContext';
import {
  fetchPage,
  fetchRecord,
  resourceKeys,
  type ResourceScope,
} from '../../resources/resourceApi';
import { useRecordQuery } from '../../resources/useRecordQuery';

const USERS = 'users';
// Enough for every group a school keeps; the server pages at most 100.
const GROUPS_PER_PAGE = 100;

/**
 * Whether the caller may grant full access: only an admin who holds it may (the server's rule),
 * and the server says whether the caller does in the caller's own row of the users list. No
 * answer yet (or none at all) offers nothing; the server refuses anyway.
 */
export function useMayGrantFullAccess(): boolean {
  const { schoolId, role, account } = useArea();
  const scope: ResourceScope = { schoolId, role, resource: USERS };
  const own = useRecordQuery(scope, account?.id ?? null, role === 'admin');
  return own.data?.full_access === true;
}

/**
 * The names of the permission groups each account belongs to, from the groups' `member_ids`.
 * Empty when the caller may not read the groups (the column then says nothing about them).
 */
export function useGroupNamesByUser(enabled: boolean): Map<number, string[]> | null {
  const { schoolId, role } = useArea();
  const scope: ResourceScope = { schoolId, role, resource: 'permissions' };
  const groups = useQuery({
    queryKey: [...resourceKeys.all(scope), 'members-by-group'],
    queryFn: async ({ signal }) => {
      const query = { per_page: GROUPS_PER_PAGE, sort: 'name', order: 'asc' };
      const list = (await fetchPage(scope, query, signal)).data;
      // A list row carries no links; each group's record has its member_ids.
      return Promise.all(list.map((group) => fetchRecord(scope, group.id, signal)));
    },
    enabled,
  });
  if (!groups.data) return null;
  const byUser = new Map<number, string[]>();
  for (const group of groups.data) {
    const members = Array.isArray(group.member_ids) ? (group.member_ids as number[]) : [];
    for (const userId of members) {
      byUser.set(userId, [...(byUser.get(userId) ?? []), String(group.name ?? '')]);
    }
  }
  return byUser;
}

/** The user form's fields this caller is not offered: full access, unless they may grant it. */
export function useFullAccessWithheld(): readonly string[] {
  return useMayGrantFullAccess() ? NOTHING : FULL_ACCESS;
}
const NOTHING: readonly string[] = [];
const FULL_ACCESS: readonly string[] = ['full_access'];
