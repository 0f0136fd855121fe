import type { FastifyInstance } from 'fastify';
import { auditLogEndpoints as api } from '../../../shared/api/auditLog';
import type { ServerDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { hasFullAccess } from '../permissions/effective';
import { listAuditLog } from './queries';

/** The audit log viewer: who did what to which record, for the school's full admins. */
export function auditViewerRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.listAuditLog, async ({ ctx, query }) => {
    // The log shows every admin's and teacher's actions, impersonations included: only those
    // who hold every right may read it (docs/security.md).
    if (ctx.role !== 'admin' || !(await hasFullAccess(deps.db, ctx.schoolId!, ctx.user!.id)))
      throw forbidden('Only admins with full access read the audit log.');
    return listAuditLog(deps, ctx.schoolId!, query);
  });
}
