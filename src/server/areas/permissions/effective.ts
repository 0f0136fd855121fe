import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/constants';
import {
  PERMISSION_RESOURCES,
  ROLE_DEFAULT_PERMISSIONS,
  type PermissionEntry,
} from '../../../shared/permissions';
import type { Database } from '../../db/schema';

/**
 * The caller's read/write per resource in a school and role. Admins: the union of their
 * permission groups, or everything when they belong to none. Other roles: the role's
 * defaults, which each area's policy narrows to the caller's own records.
 */
export async function effectivePermissions(
  db: Kysely<Database>,
  schoolId: number,
  userId: number,
  role: Role,
  /** Known from the school check: 0 spares the query (an admin in no group has everything). */
  knownGroupCount: number | null = null,
): Promise<PermissionEntry[]> {
  if (role !== 'admin') {
    const defaults = ROLE_DEFAULT_PERMISSIONS[role];
    return PERMISSION_RESOURCES.map((resource) => ({
      resource,
      read: defaults[resource]?.read ?? false,
      write: defaults[resource]?.write ?? false,
    }));
  }
  if (knownGroupCount === 0)
    return PERMISSION_RESOURCES.map((resource) => ({ resource, read: true, write: true }));
  const rows = await db
    .selectFrom('permission_group_members as m')
    .leftJoin('permission_rules as r', (join) =>
      join.onRef('r.group_id', '=', 'm.group_id').onRef('r.school_id', '=', 'm.school_id'),
    )
    .select(['m.group_id', 'r.resource', 'r.can_read', 'r.can_write'])
    .where('m.school_id', '=', schoolId)
    .where('m.user_id', '=', userId)
    .execute();
  if (rows.length === 0) {
    return PERMISSION_RESOURCES.map((resource) => ({ resource, read: true, write: true }));
  }
  const granted = new Map<string, { read: boolean; write: boolean }>();
  for (const row of rows) {
    if (!row.resource) continue;
    const current = granted.get(row.resource) ?? { read: false, write: false };
    granted.set(row.resource, {
      read: current.read || row.can_read === 1,
      write: current.write || row.can_write === 1,
    });
  }
  return PERMISSION_RESOURCES.map((resource) => {
    const grant = granted.get(resource);
    // Writing without reading makes no sense in a screen; write implies read.
    return { resource, read: Boolean(grant?.read || grant?.write), write: Boolean(grant?.write) };
  });
}
