import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import type { JobsTable } from './tables';

export type JobRow = Selectable<JobsTable>;

/** The claim of one run: the runner and the attempt number it took the job with. */
export interface Claim {
  id: number;
  runnerId: string;
  attempt: number;
}

const ABANDONED = 'The server running this job stopped before it finished (its lease ran out).';

/**
 * Is anything due, or abandoned? One read on (status, run_at): the poll of an idle server
 * costs this and nothing more, and on SQLite it takes no write lock.
 */
export async function hasDueWork(
  db: Kysely<Database>,
  kinds: string[],
  nowIso: string,
): Promise<boolean> {
  if (kinds.length === 0) return false;
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', nowIso), eb('kind', 'in', kinds)]),
        // Running jobs are few (a handful per node), so this side reads few index entries.
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', nowIso)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Puts jobs whose lease ran out (their runner died or hung) back to pending, or to failed
 * when that run was their last attempt. The status check makes it safe for several nodes
 * at once: a row changes only while it is still running with an expired lease.
 */
export async function reclaimExpiredJobs(db: Kysely<Database>, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: eb
        .case()
        .when('attempts', '>=', eb.ref('max_attempts'))
        .then('failed' as const)
        .else('pending' as const)
        .end(),
      finished_at: eb
        .case()
        .when('attempts', '>=', eb.ref('max_attempts'))
        .then(nowIso)
        .else(null)
        .end(),
      run_at: nowIso,
      locked_by: null,
      locked_until: null,
      last_error: ABANDONED,
      updated_at: nowIso,
    }))
    .where('status', '=', 'running')
    .where('locked_until', '<=', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims up to `limit` due jobs of the given kinds for a runner, oldest due first, and
 * counts the attempt. PostgreSQL: the candidates are locked with FOR UPDATE SKIP LOCKED, so
 * nodes polling together take different rows instead of waiting for each other. SQLite has
 * one writer at a time, so the single UPDATE … WHERE id IN (SELECT … LIMIT n) is atomic.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  kind: DatabaseKind,
  options: { runnerId: string; kinds: string[]; limit: number; nowIso: string; leaseUntil: string },
): Promise<JobRow[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  return (
    db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        locked_by: options.runnerId,
        locked_until: options.leaseUntil,
        updated_at: options.nowIso,
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'pending')
          .where('run_at', '<=', options.nowIso)
          .where('kind', 'in', options.kinds)
          .orderBy('run_at')
          .orderBy('id')
          .limit(options.limit)
          .$if(kind === 'postgres', (qb) => qb.forUpdate().skipLocked()),
      )
      // Read committed may re-check a locked row after its change: only a still-pending one.
      .where('status', '=', 'pending')
      .returningAll()
      .execute()
  );
}

/**
 * Writes to a job only while this run still holds it (same runner, same attempt, still
 * running), so that a run whose lease ran out cannot overwrite the run that took over.
 * False when the job is no longer this run's.
 */
async function updateHeldJob(
  db: Kysely<Database>,
  claim: Claim,
  values: Updateable<JobsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(values)
    .where('id', '=', claim.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', claim.runnerId)
    .where('attempts', '=', claim.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease of a running job; false when the job is no longer this run's. */
export const renewLease = (
  db: Kysely<Database>,
  claim: Claim,
  leaseUntil: string,
  nowIso: string,
): Promise<boolean> => updateHeldJob(db, claim, { locked_until: leaseUntil, updated_at: nowIso });

export const markJobDone = (db: Kysely<Database>, claim: Claim, nowIso: string): Promise<boolean> =>
  updateHeldJob(db, claim, {
    status: 'done',
    locked_by: null,
    locked_until: null,
    last_error: null,
    finished_at: nowIso,
    updated_at: nowIso,
  });

/** Records a failed run: pending again at `retryAt`, or failed for good when retryAt is null. */
export async function markJobFailed(
  db: Kysely<Database>,
  claim: Claim,
  error: string,
  retryAt: string | null,
  nowIso: string,
): Promise<void> {
  await updateHeldJob(db, claim, {
    status: retryAt ? 'pending' : 'failed',
    ...(retryAt ? { run_at: retryAt } : { finished_at: nowIso }),
    locked_by: null,
    locked_until: null,
    last_error: error.slice(0, 2000),
    updated_at: nowIso,
  });
}

/**
 * Gives back jobs a stopping runner could not finish: pending and due now. The interrupted
 * attempt stays counted, as after a crash; giving it back would let the job clash with a
 * newer one of the same key (the dedupe index covers jobs with no attempt yet).
 */
export async function releaseJobs(
  db: Kysely<Database>,
  runnerId: string,
  ids: number[],
  nowIso: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({
      status: 'pending',
      run_at: nowIso,
      locked_by: null,
      locked_until: null,
      updated_at: nowIso,
    })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .where('locked_by', '=', runnerId)
    .execute();
}
