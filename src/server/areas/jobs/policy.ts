import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { assertAdminMayWrite } from '../permissions/effective';

/**
 * Background jobs are the school's machinery (mail, myDATA, exports): its admins who may
 * change the settings see and retry them. Which admin holds that permission is decided by
 * the permission groups (effectivePermissions), as for every admin screen.
 */
export const assertMayManageJobs = (deps: ServerDeps, ctx: RequestContext): Promise<void> =>
  assertAdminMayWrite(deps, ctx, 'settings', {
    notAdmin: 'Only admins see the background jobs of the school.',
    noPermission:
      'Seeing and retrying background jobs needs the permission to change the settings.',
  });
