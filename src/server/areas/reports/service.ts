import type { ReportDeclaration, ReportResult } from '../../../shared/api/reports';
import type { ReportRow } from '../../../shared/reports/declaration';
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
  deps: Pick<ServerDeps, 'db' | 'now' | 'config'>,
  schoolId: number,
  report: ReportDefinition,
  query: Record<string, string>,
): Promise<ReportRun> {
  const { db } = deps;
  const now = deps.now();
  const timeZone = deps.config.timeZone;
  const today = localDate(now, timeZone);
  const applied = await applyFilters(db, schoolId, report.filters, query, today);
  const rows = await report.rows({ db, schoolId, filters: applied, today, now, timeZone });
  const totals = report.totalsOf ? report.totalsOf(rows) : sumColumns(rows, report.totals);
  // Keys with `_` carry what only the totals needed (a weight); they are not columns.
  const shown = rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('_'))),
  );
  return { applied, rows: shown, totals };
}

/** A report for the screen: the run, the declaration and each chooser's options. */
export async function reportForScreen(
  deps: ServerDeps,
  schoolId: number,
  report: ReportDefinition,
  query: Record<string, string>,
): Promise<ReportResult> {
  const [run, options] = await Promise.all([
    runReport(deps, schoolId, report, query),
    filterOptions(deps.db, schoolId, report.filters),
  ]);
  return { report: declarationOf(report), options, ...run };
}
