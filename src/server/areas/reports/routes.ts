import type { FastifyInstance } from 'fastify';
import { reportEndpoints as api } from '../../../shared/api/reports';
import type { ServerDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { exportOf, exportView, startExport } from './exports';
import { assertMayReadReport, readableReports } from './policy';
import { declarationOf, reportForScreen } from './service';

/** Admin `reporting`: the declared reports, one report's rows, and background exports. */
export function reportRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.listReports, async ({ ctx }) =>
    (await readableReports(deps, ctx)).map(declarationOf),
  );

  route(app, deps, api.runReport, async ({ ctx, params, query }) => {
    const report = await assertMayReadReport(deps, ctx, params.report_id);
    return reportForScreen(deps, ctx.schoolId!, report, query);
  });

  route(app, deps, api.startReportExport, async ({ ctx, params, body }) => {
    const report = await assertMayReadReport(deps, ctx, params.report_id);
    return startExport(deps, ctx.schoolId!, ctx.user!.id, report, body);
  });

  route(app, deps, api.reportExport, async ({ ctx, params }) => {
    await assertMayReadReport(deps, ctx, params.report_id);
    const row = await exportOf(deps.db, ctx.schoolId!, ctx.user!.id, params.report_id, params.id);
    return exportView(row, ctx.schoolId!);
  });

  route(app, deps, api.reportExportFile, async ({ ctx, params, reply }) => {
    await assertMayReadReport(deps, ctx, params.report_id);
    const row = await exportOf(deps.db, ctx.schoolId!, ctx.user!.id, params.report_id, params.id);
    if (row.status !== 'done' || row.content_base64 === null)
      throw new ApiError('conflict', 'The export is not ready yet.');
    reply
      .header('Content-Type', row.content_type ?? 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${row.file_name}"`)
      .header('Cache-Control', 'no-store');
    return (await reply.send(Buffer.from(row.content_base64, 'base64'))) as never;
  });
}
