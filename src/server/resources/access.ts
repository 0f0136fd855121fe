import type { Role } from '../../shared/constants';
import { ROLE_DEFAULT_PERMISSIONS } from '../../shared/permissions';
import type { ResourceDefinition } from '../../shared/resources';
import { effectivePermissions } from '../areas/permissions/effective';
import type { ServerDeps } from '../deps';
import type { RequestContext } from '../http/context';
import { forbidden } from '../http/errors';

export type Access = 'read' | 'write';

/**
 * The one place that decides whether a caller may read or write a resource: admins by
 * their permission groups, other roles by the role's defaults and the resource's
 * `readableBy`. Which rows they see is the scopes' business.
 */
export async function assertAccess(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  access: Access,
): Promise<void> {
  const role = ctx.role as Role;
  if (role === 'admin') {
    const permissions = await effectivePermissions(
      deps.db,
      ctx.schoolId!,
      ctx.user!.id,
      'admin',
      ctx.permissionGroupCount,
    );
    const entry = permissions.find((p) => p.resource === resource.permission);
    if (entry?.[access]) return;
  } else if (resource.readableBy?.includes(role)) {
    const defaults = ROLE_DEFAULT_PERMISSIONS[role][resource.permission];
    if (defaults?.[access]) return;
  }
  throw forbidden(
    access === 'read'
      ? 'You do not have permission to see this list.'
      : 'You do not have permission to change this.',
  );
}

/** The caller's membership id in the school for its role ("me" in the scopes). */
export async function callerMembershipId(deps: ServerDeps, ctx: RequestContext): Promise<number> {
  // Known from the school check, except under impersonation.
  if (ctx.membershipId !== null) return ctx.membershipId;
  const row = await deps.db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', ctx.schoolId!)
    .where('user_id', '=', ctx.user!.id)
    .where('role', '=', ctx.role!)
    .executeTakeFirst();
  if (!row) throw forbidden();
  return row.id;
}
