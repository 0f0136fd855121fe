import type { FastifyInstance } from 'fastify';
import { jobEndpoints as api } from '../../../shared/api/jobs';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { assertMayManageJobs } from './policy';
import { listSchoolJobs, retrySchoolJob } from './service';

/** The school's background jobs for its admins: what failed, and running it again. */
export function jobRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.listJobs, async ({ ctx, query }) => {
    await assertMayManageJobs(deps, ctx);
    return listSchoolJobs(deps.db, ctx.schoolId!, {
      status: query.status,
      page: query.page,
      perPage: query.per_page,
    });
  });

  route(app, deps, api.retryJob, async ({ ctx, params }) => {
    await assertMayManageJobs(deps, ctx);
    const nowIso = deps.now().toISOString();
    const job = await retrySchoolJob(deps.db, ctx.schoolId!, params.id, nowIso);
    await recordAudit(
      deps.db,
      ctx,
      { schoolId: ctx.schoolId, action: 'retry', entity: 'job', entityId: job.id },
      nowIso,
    );
    return job;
  });
}
