import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { registerJobHandler } from '../../jobs';
import type { ReportCardBatchesTable, ReportExportsTable } from './tables';

// A file made in the background (a report's export, a level's report cards): its row is the
// job's state. Both kinds are run the same way, so that they fail and retry alike.

type FileJobTable = 'report_exports' | 'report_card_batches';
type RowOf<T extends FileJobTable> = Selectable<
  T extends 'report_exports' ? ReportExportsTable : ReportCardBatchesTable
>;

/**
 * Runs `make` for the row named by the job: marks it running, and failed for good when the
 * problem will not mend by retrying (an ApiError: its filters stopped being valid) or after the
 * last attempt. Delivery is at least once: a finished (or removed) row is not made again.
 */
export function registerFileJob<T extends FileJobTable>(options: {
  job: string;
  table: T;
  rowId: (payload: Record<string, number>) => number;
  make: (deps: ServerDeps, row: RowOf<T>, signal: AbortSignal) => Promise<void>;
  /** Said when an unexpected error ends the last attempt. */
  failure: string;
}): void {
  registerJobHandler<Record<string, number>>(options.job, {
    maxAttempts: 3,
    backoffMs: 5_000,
    async handle({ payload, deps, signal, job }) {
      // One shape of row in both tables (id, status, progress, error, finished_at).
      const db = deps.db as unknown as Kysely<Pick<Database, 'report_exports'>>;
      const table = options.table as 'report_exports';
      const row = await db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', options.rowId(payload))
        .executeTakeFirst();
      if (!row || row.status === 'done' || row.status === 'failed') return;
      await db
        .updateTable(table)
        .set({ status: 'running', progress: 1 })
        .where('id', '=', row.id)
        .execute();
      try {
        await options.make(deps, row as unknown as RowOf<T>, signal);
      } catch (error) {
        const final = error instanceof ApiError || job.attempt >= job.maxAttempts;
        if (!final) throw error;
        await db
          .updateTable(table)
          .set({
            status: 'failed',
            error: error instanceof ApiError ? error.message : options.failure,
            finished_at: deps.now().toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
      }
    },
  });
}
