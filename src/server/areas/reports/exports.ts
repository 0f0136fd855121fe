import type { Kysely, Selectable } from 'kysely';
import writeXlsxFile from 'write-excel-file/node';
import type { ReportExport, ReportExportFormat, ReportLocale } from '../../../shared/api/reports';
import { formatReportDate } from '../../../shared/reports/format';
import type { ReportColumnDeclaration, ReportRow } from '../../../shared/reports/declaration';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { registerFileJob } from './file-jobs';
import { localDate } from '../calendar/school-time';
import { toCsv } from '../../resources/csv';
import type { AppliedFilterValue, ReportDefinition } from './definition';
import { filterOptions } from './filters';
import { reportById } from './registry';
import { reportPdf } from './report-pdf';
import { runReport } from './service';
import type { ReportExportsTable } from './tables';

// Background exports: the POST stores what to export and enqueues a job (in one
// transaction, the outbox); the job runs the same report the screen runs, writes the file
// in batches, noting its progress, and keeps the file in the row for the asker to fetch.

export const REPORT_EXPORT_JOB = 'reports.export';
/** Rows written between two progress notes. */
const BATCH_ROWS = 200;

type ExportRow = Selectable<ReportExportsTable>;

const CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

interface StoredRequest {
  filters: Record<string, string>;
  labels: Record<string, string>;
  locale?: ReportLocale;
}

export function exportView(row: ExportRow, schoolId: number): ReportExport {
  return {
    id: row.id,
    report_id: row.report_id,
    format: row.format as ReportExportFormat,
    status: row.status,
    progress: row.progress,
    rows: row.row_count,
    download_url:
      row.status === 'done'
        ? `/schools/${schoolId}/admin/reports/${row.report_id}/exports/${row.id}/file`
        : null,
    file_name: row.file_name,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

export async function startExport(
  deps: ServerDeps,
  schoolId: number,
  userId: number,
  report: ReportDefinition,
  request: {
    format: ReportExportFormat;
    filters: Record<string, string>;
    labels: Record<string, string>;
    locale: ReportLocale;
  },
): Promise<ReportExport> {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('report_exports')
      .values({
        school_id: schoolId,
        user_id: userId,
        report_id: report.id,
        format: request.format,
        filters: JSON.stringify({
          filters: request.filters,
          labels: request.labels,
          locale: request.locale,
        } satisfies StoredRequest),
        status: 'pending',
        progress: 0,
        row_count: null,
        file_name: null,
        content_type: null,
        content_base64: null,
        error: null,
        created_at: now.toISOString(),
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(
      trx,
      { kind: REPORT_EXPORT_JOB, payload: { exportId: inserted.id }, schoolId },
      now,
    );
    return inserted;
  });
  return exportView(row, schoolId);
}

/** One export of the caller's (another admin's exports are not theirs to see). */
export async function exportOf(
  db: Kysely<Database>,
  schoolId: number,
  userId: number,
  reportId: string,
  id: number,
): Promise<ExportRow> {
  const row = await db
    .selectFrom('report_exports')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', 'There is no such export.');
  return row;
}

/** A cell as a file holds it: money in euros, percent as its number, the rest as shown. */
function exportValue(column: ReportColumnDeclaration, value: ReportRow[string]) {
  if (value === null || value === undefined) return null;
  if (column.type === 'money-cents' && typeof value === 'number') return value / 100;
  return value;
}

function xlsxCell(column: ReportColumnDeclaration, value: ReturnType<typeof exportValue>) {
  if (value === null) return null;
  if (column.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return { value: new Date(`${value}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' };
  if (column.type === 'money-cents' && typeof value === 'number')
    return { value, type: Number, format: '#,##0.00' };
  return { value };
}

const setProgress = (db: Kysely<Database>, id: number, progress: number) =>
  db.updateTable('report_exports').set({ progress }).where('id', '=', id).execute();

/** "Label: value" of each filter that is set, the chooser's names and dates as read. */
async function filterLines(
  deps: ServerDeps,
  schoolId: number,
  report: ReportDefinition,
  applied: Record<string, AppliedFilterValue>,
  stored: StoredRequest,
  locale: ReportLocale,
) {
  const options = await filterOptions(deps.db, schoolId, report.filters);
  return report.filters.flatMap((filter) => {
    const value = applied[filter.key];
    if (value === null || value === undefined) return [];
    const shown =
      typeof value === 'string'
        ? formatReportDate(value, locale)
        : (options[filter.key]?.find((o) => o.value === value)?.label ?? String(value));
    return [`${stored.labels[`filter.${filter.key}`] ?? filter.label}: ${shown}`];
  });
}

async function writeExport(deps: ServerDeps, row: ExportRow, signal: AbortSignal) {
  const report = reportById(row.report_id);
  if (!report) throw new Error(`Report ${row.report_id} no longer exists.`);
  const stored = JSON.parse(row.filters) as StoredRequest;
  const locale = stored.locale ?? 'en';
  const today = localDate(deps.now(), deps.config.timeZone);
  const run = await runReport(deps, row.school_id, report, stored.filters);
  // Words in the rows (a status) as the reader's language has them (`value.<English>`).
  const rows = run.rows.map((r) => {
    const out = { ...r };
    for (const c of report.columns)
      if (c.translate && typeof out[c.key] === 'string')
        out[c.key] = stored.labels[`value.${out[c.key]}`] ?? out[c.key]!;
    return out;
  });
  await setProgress(deps.db, row.id, 10);
  const format = row.format as ReportExportFormat;
  const totalLabel = stored.labels.total ?? 'Total';
  const stopIfAsked = () => {
    if (signal.aborted) throw new Error('The server is stopping; the export runs again later.');
  };
  let bytes: Buffer;
  if (format === 'pdf') {
    const school = await deps.db
      .selectFrom('schools')
      .select('name')
      .where('id', '=', row.school_id)
      .executeTakeFirst();
    bytes = await reportPdf({
      title: stored.labels.title ?? report.title,
      schoolName: school?.name ?? '',
      filters: await filterLines(deps, row.school_id, report, run.applied, stored, locale),
      columns: report.columns.map((c) => ({ ...c, heading: stored.labels[c.key] ?? c.label })),
      rows,
      totals: report.totals.length > 0 ? run.totals : null,
      totalLabel,
      locale,
      today,
      onProgress: async (share) => {
        stopIfAsked();
        await setProgress(deps.db, row.id, 10 + Math.floor(share * 80));
      },
    });
  } else {
    const header = report.columns.map((c) => stored.labels[c.key] ?? c.label);
    const totalsRow = report.columns.map((c, index) =>
      c.key in run.totals
        ? exportValue(c, run.totals[c.key] ?? null)
        : index === 0
          ? totalLabel
          : null,
    );
    const values: ReturnType<typeof exportValue>[][] = [];
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      stopIfAsked();
      for (const r of rows.slice(start, start + BATCH_ROWS))
        values.push(report.columns.map((c) => exportValue(c, r[c.key] ?? null)));
      const done = Math.min(rows.length, start + BATCH_ROWS) / rows.length;
      await setProgress(deps.db, row.id, 10 + Math.floor(done * 80));
    }
    if (report.totals.length > 0) values.push(totalsRow);
    if (format === 'xlsx') {
      const sheet = [
        header.map((value) => ({ value, fontWeight: 'bold' as const })),
        ...values.map((cells) => cells.map((v, i) => xlsxCell(report.columns[i]!, v))),
      ];
      bytes = await writeXlsxFile(sheet, {
        columns: header.map(() => ({ width: 18 })),
      }).toBuffer();
    } else {
      bytes = Buffer.from(toCsv([header, ...values]), 'utf8');
    }
  }
  await deps.db
    .updateTable('report_exports')
    .set({
      status: 'done',
      progress: 100,
      row_count: run.rows.length,
      file_name: `${report.id}-${today}.${format}`,
      content_type: CONTENT_TYPES[format],
      content_base64: bytes.toString('base64'),
      finished_at: deps.now().toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
}

registerFileJob({
  job: REPORT_EXPORT_JOB,
  table: 'report_exports',
  rowId: (payload) => payload.exportId!,
  make: writeExport,
  failure: 'The export could not be written.',
});

export const REMOVE_OLD_EXPORTS_JOB = 'reports.remove-old-exports';
/** How long a finished export stays for its asker to fetch. */
export const EXPORT_KEPT_MS = 24 * 60 * 60_000;

// The files sit in the database: an hourly job removes the exports older than a day.
registerJobHandler(REMOVE_OLD_EXPORTS_JOB, {
  repeatEveryMs: 60 * 60_000,
  maxAttempts: 3,
  async handle({ deps }) {
    const before = new Date(deps.now().getTime() - EXPORT_KEPT_MS).toISOString();
    await deps.db.deleteFrom('report_exports').where('created_at', '<', before).execute();
    // A level's report cards are kept as long (they name students: not a day longer).
    await deps.db.deleteFrom('report_card_batches').where('created_at', '<', before).execute();
  },
});
