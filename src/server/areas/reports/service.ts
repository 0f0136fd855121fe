import type { Kysely } from 'kysely';
import type { ReportDeclaration, ReportResult } from '../../../shared/api/reports';
import type { ReportRow } from '../../../shared/reports/declaration';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { localDate } from '../calendar/school-time';
import { sumColumns, type ReportDefinition } from './definition';
import { applyFilters, filterOptions } from './filters';

// Runs a declaration: its filters checked and defaulted, its rows, its totals. The screen
// and the exports both come through here, so a file holds exactly what the screen shows.

/** The public part of a declaration, without its query. */
export const declarationOf = (report: ReportDefinition): ReportDeclaration => ({
  id: report.id,
  title: report.title,
  description: report.description,
  resource: report.resource,
  filters: report.filters,
  columns: report.columns,
  totals: report.totals,
  chart: report.chart,
});

export interface ReportRun {
  applied: ReportResult['applied'];
  rows: ReportRow[];
  totals: Record<string, number | null>;
}

export async function runReport(
  db: Kysely<Database>,
  schoolId: number,
  report: ReportDefinition,
  query: Record<string, string>,
  today: string,
): Promise<ReportRun> {
  const applied = await applyFilters(db, schoolId, report.filters, query, today);
  const rows = await report.rows({ db, schoolId, filters: applied, today });
  const totals = report.totalsOf ? report.totalsOf(rows) : sumColumns(rows, report.totals);
  return { applied, rows, totals };
}

/** A report for the screen: the run, the declaration and each chooser's options. */
export async function reportForScreen(
  deps: ServerDeps,
  schoolId: number,
  report: ReportDefinition,
  query: Record<string, string>,
): Promise<ReportResult> {
  const today = localDate(deps.now(), deps.config.timeZone);
  const [run, options] = await Promise.all([
    runReport(deps.db, schoolId, report, query, today),
    filterOptions(deps.db, schoolId, report.filters),
  ]);
  return { report: declarationOf(report), options, ...run };
}
