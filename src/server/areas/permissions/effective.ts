import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/constants';
import {
  PERMISSION_RESOURCES,
  type PermissionResource,
  ROLE_DEFAULT_PERMISSIONS,
  type PermissionEntry,
} from '../../../shared/permissions';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden } from '../../http/errors';

/** Whether the user's admin membership of the school holds full access (explicit, never implied). */
export async function hasFullAccess(
  db: Kysely<Database>,
  schoolId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('full_access')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row?.full_access === 1;
}

const everything = (): PermissionEntry[] =>
  PERMISSION_RESOURCES.map((resource) => ({ resource, read: true, write: true }));

/**
 * The caller's read/write per resource in a school and role. Admins with full access: all.
 * Other admins: the union of their permission groups, and nothing without one (fail closed:
 * deleting a group or leaving it takes rights away, never adds them). Other roles: the role's
 * defaults, which each area's policy narrows to the caller's own records.
 */
export async function effectivePermissions(
  db: Kysely<Database>,
  schoolId: number,
  userId: number,
  role: Role,
  /** Known from the school check; null looks it up. */
  knownFullAccess: boolean | null = null,
): Promise<PermissionEntry[]> {
  if (role !== 'admin') {
    const defaults = ROLE_DEFAULT_PERMISSIONS[role];
    return PERMISSION_RESOURCES.map((resource) => ({
      resource,
      read: defaults[resource]?.read ?? false,
      write: defaults[resource]?.write ?? false,
    }));
  }
  const fullAccess = knownFullAccess ?? (await hasFullAccess(db, schoolId, userId));
  if (fullAccess) return everything();
  const rows = await db
    .selectFrom('permission_group_members as m')
    .innerJoin('permission_rules as r', (join) =>
      join.onRef('r.group_id', '=', 'm.group_id').onRef('r.school_id', '=', 'm.school_id'),
    )
    .select(['r.resource', 'r.can_read', 'r.can_write'])
    .where('m.school_id', '=', schoolId)
    .where('m.user_id', '=', userId)
    .execute();
  const granted = new Map<string, { read: boolean; write: boolean }>();
  for (const row of rows) {
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

/**
 * Refuses unless the caller acts as an admin whose permissions include writing `resource`:
 * the rule of the admin screens written by hand (settings, and the jobs that follow it).
 */
export async function assertAdminMayWrite(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: PermissionResource,
  refusals: { notAdmin: string; noPermission: string },
): Promise<void> {
  if (ctx.role !== 'admin') throw forbidden(refusals.notAdmin);
  const permissions = await callerPermissions(deps, ctx);
  if (!permissions.find((p) => p.resource === resource)?.write)
    throw forbidden(refusals.noPermission);
}

/** The permissions of the request's caller, in the path's school and role. */
export const callerPermissions = (deps: ServerDeps, ctx: RequestContext) =>
  effectivePermissions(
    deps.db,
    ctx.schoolId!,
    ctx.user!.id,
    ctx.role as Role,
    ctx.role === 'admin' ? ctx.fullAccess : null,
  );
