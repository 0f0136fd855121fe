import type { FastifyInstance, FastifyReply } from 'fastify';
import { reportEndpoints as api } from '../../../shared/api/reports';
import type { ServerDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { exportOf, exportView, startExport } from './exports';
import { assertMayMakeReportCards, assertMayReadReport, readableReports } from './policy';
import {
  batchOf,
  batchView,
  reportCardChoices,
  startReportCards,
  studentReportCard,
} from './report-cards/service';
import { declarationOf, reportForScreen } from './service';

const sendPdf = async (reply: FastifyReply, bytes: Buffer, fileName: string) => {
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
  return (await reply.send(bytes)) as never;
};

/** Admin `reporting`: the declared reports, one report's rows, background exports, report cards. */
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

  route(app, deps, api.reportCardChoices, async ({ ctx }) => {
    await assertMayMakeReportCards(deps, ctx);
    return reportCardChoices(deps, ctx.schoolId!, ctx.user!.id);
  });

  route(app, deps, api.startReportCards, async ({ ctx, body }) => {
    await assertMayMakeReportCards(deps, ctx);
    return startReportCards(deps, ctx.schoolId!, ctx.user!.id, body);
  });

  route(app, deps, api.reportCardBatch, async ({ ctx, params }) => {
    await assertMayMakeReportCards(deps, ctx);
    return batchView(await batchOf(deps.db, ctx.schoolId!, ctx.user!.id, params.id), ctx.schoolId!);
  });

  route(app, deps, api.reportCardBatchFile, async ({ ctx, params, reply }) => {
    await assertMayMakeReportCards(deps, ctx);
    const row = await batchOf(deps.db, ctx.schoolId!, ctx.user!.id, params.id);
    if (row.status !== 'done' || row.content_base64 === null)
      throw new ApiError('conflict', 'The report cards are not ready yet.');
    return sendPdf(
      reply,
      Buffer.from(row.content_base64, 'base64'),
      row.file_name ?? 'report-cards.pdf',
    );
  });

  route(app, deps, api.studentReportCard, async ({ ctx, params, query, reply }) => {
    await assertMayMakeReportCards(deps, ctx);
    const card = await studentReportCard(
      deps,
      ctx.schoolId!,
      params.student_id,
      query.sub_period_id,
    );
    return sendPdf(reply, card.bytes, card.fileName);
  });
}
