import type { Role } from '../../shared/constants';
import { ROLE_DEFAULT_PERMISSIONS } from '../../shared/permissions';
import type { ResourceDefinition } from '../../shared/resources';
import { callerPermissions } from '../areas/permissions/effective';
import type { ServerDeps } from '../deps';
import type { RequestContext } from '../http/context';
import { forbidden } from '../http/errors';
import { hooksOf } from './hooks';
import type { RecordReader } from './list';

export type Access = 'read' | 'write';

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

/**
 * The one place that decides whether a caller may read or write a resource: admins by their
 * full access or permission groups, other roles by the role's defaults and the resource's
 * `readableBy`, and then the area's own condition on writing. Which rows they see is the
 * scopes' business; what they may do with each row, the area's record rules.
 */
export async function readerFor(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  needed: Access,
): Promise<RecordReader> {
  const role = ctx.role as Role;
  let grant = { read: false, write: false };
  if (role === 'admin') {
    const permissions = await callerPermissions(deps, ctx);
    grant = permissions.find((p) => p.resource === resource.permission) ?? grant;
  } else if (resource.readableBy?.includes(role)) {
    grant = ROLE_DEFAULT_PERMISSIONS[role][resource.permission] ?? grant;
  }
  const reader: RecordReader = {
    schoolId: ctx.schoolId!,
    role,
    me: role === 'admin' ? null : await callerMembershipId(deps, ctx),
    userId: ctx.user!.id,
    fullAccess: role === 'admin' && ctx.fullAccess === true,
    canWrite: grant.write,
  };
  reader.canWrite = grant.write && (hooksOf(resource).mayWrite?.(reader) ?? true);
  if (needed === 'read' ? grant.read : reader.canWrite) return reader;
  throw forbidden(
    needed === 'read'
      ? 'You do not have permission to see this list.'
      : 'You do not have permission to change this.',
  );
}
