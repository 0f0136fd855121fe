import type { Kysely } from 'kysely';
import type { ReportDeclarationShape, ReportRow } from '../../../shared/reports/declaration';
import type { Database } from '../../db/schema';

// What a report declaration is on the server: its public shape plus the query. The engine
// (service.ts) resolves the filters, checks the permission, runs `rows` and totals them;
// a declaration never sees the request.

/** A filter's value once checked: an id of the school's record, a date, or not set. */
export type AppliedFilterValue = number | string | null;

export interface ReportQueryInput {
  db: Kysely<Database>;
  schoolId: number;
  /** By filter key; required filters are never null. */
  filters: Record<string, AppliedFilterValue>;
  /** The school's day today, YYYY-MM-DD. */
  today: string;
  /** This moment, and the school's time zone (IANA), for instants such as sessions' starts. */
  now: Date;
  timeZone: string;
}

export interface ReportDefinition extends ReportDeclarationShape {
  /** The rows, scoped by `schoolId`; keys are the declared columns'. */
  rows(input: ReportQueryInput): Promise<ReportRow[]>;
  /** The totals row; the default sums the `totals` columns. */
  totalsOf?(rows: ReportRow[]): Record<string, number | null>;
}

/** Sums each of `keys` over the rows (cells that are not numbers count as 0). */
export function sumColumns(rows: ReportRow[], keys: string[]): Record<string, number> {
  return Object.fromEntries(
    keys.map((key) => [
      key,
      rows.reduce((sum, row) => sum + (typeof row[key] === 'number' ? row[key] : 0), 0),
    ]),
  );
}

/** Identity that keeps a declaration's literal types while checking its shape. */
export const defineReport = (definition: ReportDefinition): ReportDefinition => definition;
