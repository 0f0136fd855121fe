import type { PermissionResource } from '../permissions';

// The public shape of a report declaration: what the screen needs to build a report's
// filters, table and chart without knowing the report. The server's declarations
// (src/server/areas/reports/definitions) add the query; docs/reports.md tells how to add one.

/** How a column's values are shown and exported. */
export const REPORT_COLUMN_TYPES = ['text', 'number', 'percent', 'date', 'money-cents'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

/**
 * What a filter chooses. The choosers (period … course) list the school's records; a
 * sub-period's options name their period so the screen can narrow them.
 */
export const REPORT_FILTER_KINDS = [
  'period',
  'sub_period',
  'level',
  'lesson',
  'course',
  'date',
] as const;
export type ReportFilterKind = (typeof REPORT_FILTER_KINDS)[number];

export const REPORT_CHART_KINDS = ['bar', 'line', 'pie'] as const;
export type ReportChartKind = (typeof REPORT_CHART_KINDS)[number];

export interface ReportFilterDeclaration {
  /** The query-string name (`period_id`, `from`). */
  key: string;
  kind: ReportFilterKind;
  /** English text, the i18n key. */
  label: string;
  /** A required filter is always applied; when absent the server picks its default. */
  required: boolean;
  /** `current`: the current period, or the sub-period holding today. */
  defaultsTo?: 'current';
}

export interface ReportColumnDeclaration {
  key: string;
  /** English text, the i18n key. */
  label: string;
  type: ReportColumnType;
  /**
   * The cells are English words the reader's language translates (a status, a reason); a
   * cell without a translation (AADE's own message) shows as it is.
   */
  translate?: boolean;
}

export interface ReportChartDeclaration {
  kind: ReportChartKind;
  /** The column along the x axis (the slices of a pie); rows with the same x are summed. */
  x: string;
  /** The columns drawn (one series each; a pie draws the first). */
  y: string[];
  /** Draws the number of rows per x instead, as one series with this label (an i18n key). */
  count?: string;
  stacked?: boolean;
  /**
   * `totals`: one bar (or slice) per `y` column, of the totals row: the shape of a whole
   * (ageing buckets) when the rows are too many to draw one by one. `x` is then unused.
   */
  of?: 'rows' | 'totals';
}

/** A report as the list and the screen see it. */
export interface ReportDeclarationShape {
  id: string;
  /** English text, the i18n key. */
  title: string;
  description: string;
  /** The permission group resource whose read right the report needs (besides `reporting`). */
  resource: PermissionResource;
  filters: ReportFilterDeclaration[];
  columns: ReportColumnDeclaration[];
  /** The columns with a figure in the totals row. */
  totals: string[];
  chart: ReportChartDeclaration | null;
}

/** A cell: text, a number (cents for money, 0–100 for percent), a date, or nothing. */
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;
