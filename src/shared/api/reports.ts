import { z } from 'zod';
import { PERMISSION_RESOURCES } from '../permissions';
import {
  REPORT_CHART_KINDS,
  REPORT_COLUMN_TYPES,
  REPORT_FILTER_KINDS,
} from '../reports/declaration';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

// Reports (spec §2 admin `reporting`): each report is a declaration on the server; these
// carry the declarations to the screen, a report's rows and totals, and background exports.

const reportFilter = z.object({
  key: z.string(),
  kind: z.enum(REPORT_FILTER_KINDS),
  label: z.string(),
  required: z.boolean(),
  defaultsTo: z.literal('current').optional(),
});

const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  translate: z.boolean().optional(),
});

const reportChart = z.object({
  kind: z.enum(REPORT_CHART_KINDS),
  x: z.string(),
  y: z.array(z.string()),
  count: z.string().optional(),
  stacked: z.boolean().optional(),
  of: z.enum(['rows', 'totals']).optional(),
});

export const reportDeclaration = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  resource: z.enum(PERMISSION_RESOURCES),
  filters: z.array(reportFilter),
  columns: z.array(reportColumn),
  totals: z.array(z.string()),
  chart: reportChart.nullable(),
});
export type ReportDeclaration = z.infer<typeof reportDeclaration>;

/** One choice of a chooser filter; a sub-period names its period in `parent`. */
export const reportFilterOption = z.object({
  value: z.number().int(),
  label: z.string(),
  parent: z.number().int().nullable(),
});
export type ReportFilterOption = z.infer<typeof reportFilterOption>;

const reportCell = z.union([z.string(), z.number(), z.null()]);

export const reportResult = z.object({
  report: reportDeclaration,
  /** The filters as applied (defaults filled in), by key; a string for dates, else an id. */
  applied: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The choices of each chooser filter, by filter key. */
  options: z.record(z.string(), z.array(reportFilterOption)),
  rows: z.array(z.record(z.string(), reportCell)),
  totals: z.record(z.string(), z.number().nullable()),
});
export type ReportResult = z.infer<typeof reportResult>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
/** The languages a PDF is written in (the app's two). */
export const REPORT_LOCALES = ['en', 'el'] as const;
export type ReportLocale = (typeof REPORT_LOCALES)[number];
export const REPORT_EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export const reportExport = z.object({
  id: z.number().int(),
  report_id: z.string(),
  format: z.enum(REPORT_EXPORT_FORMATS),
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  rows: z.number().int().nullable(),
  /** The API path that answers the file, once the export is done. */
  download_url: z.string().nullable(),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExport>;

const reportIdParam = z
  .string()
  .regex(/^[a-z0-9-]{1,60}$/, { error: 'A report id is lower-case letters, digits and dashes' });
export const reportParams = schoolRoleParams.extend({ report_id: reportIdParam });
export const reportExportParams = reportParams.extend({ id: idParam });

/** Filter values by key; each report checks its own (ids, dates) and refuses the rest. */
export const reportFilterQuery = z.record(z.string().max(40), z.string().max(40));

export const reportExportBody = z.object({
  format: z.enum(REPORT_EXPORT_FORMATS, { error: 'Choose csv, xlsx or pdf' }),
  filters: reportFilterQuery.default({}),
  /**
   * The report's texts in the reader's language: column headings by column key, `total` for
   * the totals row, and for a PDF `title` and each filter's label as `filter.<key>`; English
   * when absent. The server has no translations of the declarations.
   */
  labels: z.record(z.string().max(60), z.string().max(160)).default({}),
  /** The reader's language: a PDF writes its numbers, dates and page words in it. */
  locale: z.enum(REPORT_LOCALES).default('en'),
});

// Report cards (issue 17): one student's PDF at once, or a whole level's in the background.

const recordId = z.coerce
  .number({ error: 'Choose one' })
  .int({ error: 'Choose one' })
  .positive({ error: 'Choose one' })
  .max(2_147_483_647, { error: 'Choose one' });

export const reportCardBatch = z.object({
  id: z.number().int(),
  sub_period_id: z.number().int(),
  level_id: z.number().int(),
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** How many report cards the file holds, once done. */
  students: z.number().int().nullable(),
  download_url: z.string().nullable(),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReportCardBatch = z.infer<typeof reportCardBatch>;

export const reportCardChoices = z.object({
  /** The school's language, which the report cards are written in. */
  language: z.enum(REPORT_LOCALES),
  periods: z.array(reportFilterOption),
  /** Each names its period in `parent`. */
  sub_periods: z.array(reportFilterOption),
  /** The sub-period holding today (else the latest begun), the screen's first choice. */
  current_sub_period_id: z.number().int().nullable(),
  levels: z.array(reportFilterOption.extend({ students: z.number().int() })),
  /** The caller's latest level batches, newest first. */
  batches: z.array(reportCardBatch),
});
export type ReportCardChoices = z.infer<typeof reportCardChoices>;

export const reportCardBatchBody = z.object({
  sub_period_id: recordId,
  level_id: recordId,
});
export const reportCardBatchParams = schoolRoleParams.extend({ id: idParam });
export const studentReportCardParams = schoolRoleParams.extend({ student_id: idParam });
export const studentReportCardQuery = z.object({ sub_period_id: recordId });

export const reportEndpoints = {
  listReports: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/reports',
    access: 'school-role',
    summary: 'The reports the caller may read (admins), with their filters, columns and chart.',
    params: schoolRoleParams,
    response: z.array(reportDeclaration),
  }),
  runReport: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/reports/:report_id',
    access: 'school-role',
    summary: "One report's rows and totals for the filters in the query string.",
    params: reportParams,
    query: reportFilterQuery,
    response: reportResult,
  }),
  startReportExport: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/reports/:report_id/exports',
    access: 'school-role',
    summary: 'Starts a background export (CSV, XLSX or PDF) of a report with the given filters.',
    params: reportParams,
    body: reportExportBody,
    response: reportExport,
    idempotent: true,
  }),
  reportExport: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/reports/:report_id/exports/:id',
    access: 'school-role',
    summary: "An export's status and progress, and its download address when ready.",
    params: reportExportParams,
    response: reportExport,
  }),
  reportExportFile: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/reports/:report_id/exports/:id/file',
    access: 'school-role',
    summary: 'The finished export file (CSV, XLSX or PDF) of the caller.',
    params: reportExportParams,
    response: z.unknown(),
  }),
  reportCardChoices: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/report-cards',
    access: 'school-role',
    summary:
      "What report cards can be made (sub-periods, levels), in which language, and the caller's latest level batches.",
    params: schoolRoleParams,
    response: reportCardChoices,
  }),
  startReportCards: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/report-cards',
    access: 'school-role',
    summary:
      "Starts drawing a level's report cards for a sub-period, as one PDF, in the background.",
    params: schoolRoleParams,
    body: reportCardBatchBody,
    response: reportCardBatch,
    idempotent: true,
  }),
  reportCardBatch: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/report-cards/:id',
    access: 'school-role',
    summary: "A level batch's status and progress, and its download address when ready.",
    params: reportCardBatchParams,
    response: reportCardBatch,
  }),
  reportCardBatchFile: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/report-cards/:id/file',
    access: 'school-role',
    summary: "The finished PDF of a level's report cards (the caller's own batch).",
    params: reportCardBatchParams,
    response: z.unknown(),
  }),
  studentReportCard: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/report-cards/students/:student_id',
    access: 'school-role',
    summary: "One student's report card for a sub-period, as a PDF.",
    params: studentReportCardParams,
    query: studentReportCardQuery,
    response: z.unknown(),
  }),
};
