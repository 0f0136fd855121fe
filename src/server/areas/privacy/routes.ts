import type { FastifyInstance } from 'fastify';
import { privacyEndpoints as api } from '../../../shared/api/privacy';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { erasePerson } from './erase';
import { exportPersonArchive } from './export';
import { assertMayHandlePerson } from './policy';

/** A person's data on request (export) and their erasure, for the school's admins. */
export function privacyRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.exportPerson, async ({ ctx, params, reply }) => {
    const target = await assertMayHandlePerson(deps, ctx, params.user_id, 'export');
    const archive = await exportPersonArchive(deps, ctx.schoolId!, target);
    await recordAudit(
      deps.db,
      ctx,
      {
        schoolId: ctx.schoolId,
        action: 'export',
        entity: 'user',
        entityId: params.user_id,
        detail: { bytes: archive.length },
      },
      deps.now().toISOString(),
    );
    reply
      .header('Content-Type', 'application/zip')
      .header(
        'Content-Disposition',
        `attachment; filename="person-${params.user_id}-${deps.now().toISOString().slice(0, 10)}.zip"`,
      )
      .header('Cache-Control', 'no-store');
    return (await reply.send(archive)) as never;
  });

  route(app, deps, api.erasePerson, async ({ ctx, params }) => {
    const target = await assertMayHandlePerson(deps, ctx, params.user_id, 'erase');
    return erasePerson(deps, ctx, ctx.schoolId!, target);
  });
}
