import type { PermissionResource } from '../../../../shared/permissions';
import { msg } from '../../i18n/msg';

// The permission grid's rules apart from React: what a switch turns on or off, and which call
// on the permission_rules resource stores it.

/** Read and write of one resource for a group. */
export interface Grant {
  read: boolean;
  write: boolean;
}

/** A stored rule row (permission_rules). */
export interface StoredRule extends Grant {
  id: number;
}

/** Writing needs reading: turning write on turns read on, turning read off turns write off. */
export function switchGrant(current: Grant, column: keyof Grant, on: boolean): Grant {
  if (column === 'read') return on ? { read: true, write: current.write } : NO_GRANT;
  return on ? { read: true, write: true } : { read: current.read, write: false };
}

export const NO_GRANT: Grant = { read: false, write: false };

export type RuleWrite =
  | { kind: 'none' }
  | { kind: 'create'; body: Record<string, unknown> }
  | { kind: 'update'; id: number; body: Record<string, unknown> }
  | { kind: 'delete'; id: number };

/** The call that stores a grant: a group without read on a resource keeps no rule row for it. */
export function ruleWrite(
  groupId: number,
  resource: PermissionResource,
  stored: StoredRule | undefined,
  next: Grant,
): RuleWrite {
  if (!next.read) return stored ? { kind: 'delete', id: stored.id } : { kind: 'none' };
  const body = { can_read: next.read, can_write: next.write };
  if (!stored) return { kind: 'create', body: { group_id: groupId, resource, ...body } };
  if (stored.read === next.read && stored.write === next.write) return { kind: 'none' };
  return { kind: 'update', id: stored.id, body };
}

/** The stored rules of a group by resource, from the rows of its permission_rules list. */
export function rulesByResource(rows: readonly Record<string, unknown>[]): Map<string, StoredRule> {
  return new Map(
    rows.map((row) => [
      String(row.resource),
      { id: Number(row.id), read: Boolean(row.can_read), write: Boolean(row.can_write) },
    ]),
  );
}

/** The row titles of the grid: the admin menu's names of the areas. */
export const PERMISSION_LABELS: Record<PermissionResource, string> = {
  students: msg('Students'),
  teachers: msg('Teachers'),
  clients: msg('Clients'),
  users: msg('Users'),
  permissions: msg('Permissions'),
  transactions: msg('Transactions'),
  lessons: msg('Lessons'),
  courses: msg('Courses'),
  levels: msg('Levels'),
  tags: msg('Tags'),
  sites: msg('Buildings'),
  periods: msg('Periods'),
  categories: msg('Categories'),
  announcements: msg('Announcements'),
  absences: msg('Absences'),
  pricing_items: msg('Pricing items'),
  suppliers: msg('Suppliers'),
  funds: msg('Funds'),
  reporting: msg('Reports'),
  settings: msg('Settings'),
};
