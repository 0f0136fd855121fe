import type { PermissionResource } from '../../../shared/permissions';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden } from '../../http/errors';
import { callerPermissions } from '../permissions/effective';

// The office's start: who may see what. The one place.
//
// - The home and the first-steps checklist are the office's (admins only).
// - Each home card reads one resource (lessons, absences, announcements…): a card is left out
//   when the admin's permission groups cannot read it, so the home never shows a figure the
//   screen behind it would refuse.
// - The checklist shows every step (it is about the school, not about records), but a step's
//   link is given only when the caller may read the screen it leads to.

/** The resources the calling admin may read; refuses every other role. */
export async function readableResources(
  deps: ServerDeps,
  ctx: RequestContext,
): Promise<ReadonlySet<string>> {
  if (ctx.role !== 'admin') throw forbidden("Only the office has the admin's home.");
  const permissions = await callerPermissions(deps, ctx);
  return new Set(permissions.filter((p) => p.read).map((p) => p.resource));
}

/** Whether a card or link over `resource` may be shown to this admin. */
export const mayRead = (readable: ReadonlySet<string>, resource: PermissionResource) =>
  readable.has(resource);
