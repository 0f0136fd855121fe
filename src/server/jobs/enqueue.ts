import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { jobDefinition } from './registry';

/** Payloads stay small: a job carries ids, and its handler reads the rest when it runs. */
const MAX_PAYLOAD_CHARS = 64 * 1024;

export interface NewJob<P> {
  kind: string;
  /** JSON-serialisable input of the handler. */
  payload: P;
  /** Not before this instant; now when absent. */
  runAt?: Date;
  /** The school the job works for (its admins see it); null for platform upkeep. */
  schoolId?: number | null;
  /**
   * Dedupe key: while a job of the same kind with this key waits for its first run, no
   * second one is added and its id is returned instead. Put the school in it when it
   * matters (`7:quiz:42`).
   */
  key?: string;
  /** Overrides the kind's maxAttempts for this job. */
  maxAttempts?: number;
}

/**
 * Adds a job in the caller's transaction (the transactional outbox): it exists exactly
 * when the write that caused it commits, and a runner picks it up once it is due.
 * Returns the job's id, or the id of the waiting job that already held `key`.
 */
export async function enqueueJob<P>(
  trx: Kysely<Database>,
  job: NewJob<P>,
  now: Date = new Date(),
): Promise<number> {
  const definition = jobDefinition(job.kind);
  // A typo in a kind would otherwise wait forever for a handler that never comes.
  if (!definition) throw new Error(`No job handler is registered for kind "${job.kind}".`);
  const payload = JSON.stringify(job.payload ?? null);
  if (payload.length > MAX_PAYLOAD_CHARS)
    throw new Error(
      `The payload of a "${job.kind}" job is ${payload.length} characters; at most ${MAX_PAYLOAD_CHARS} (pass ids, not data).`,
    );
  if (job.key !== undefined && (job.key.length === 0 || job.key.length > 200))
    throw new Error('A job key must be 1–200 characters.');
  const nowIso = now.toISOString();
  const inserted = await trx
    .insertInto('jobs')
    .values({
      school_id: job.schoolId ?? null,
      kind: job.kind,
      payload,
      status: 'pending',
      run_at: (job.runAt ?? now).toISOString(),
      max_attempts: Math.max(1, job.maxAttempts ?? definition.maxAttempts),
      key: job.key ?? null,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: nowIso,
      updated_at: nowIso,
      finished_at: null,
    })
    // The only unique index besides the id is the pending-key one (jobs_pending_key).
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await trx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', job.kind)
    .where('key', '=', job.key ?? null)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .executeTakeFirst();
  if (!existing) throw new Error(`The "${job.kind}" job could not be added.`);
  return existing.id;
}
