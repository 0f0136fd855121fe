import type { Kysely, Selectable } from 'kysely';
import type { JobStatusName, JobSummary } from '../../../shared/api/jobs';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { jobDefinition } from '../../jobs/registry';
import type { JobsTable } from '../../jobs/tables';
import { conflictFromDatabase } from '../../resources/db-errors';

const summaryOf = (row: Selectable<JobsTable>): JobSummary => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  max_attempts: row.max_attempts,
  run_at: row.run_at,
  last_error: row.last_error,
  created_at: row.created_at,
  finished_at: row.finished_at,
});

/** A page of the school's jobs, newest first; the indexes begin with (school_id, status). */
export async function listSchoolJobs(
  db: Kysely<Database>,
  schoolId: number,
  options: { status?: JobStatusName; page: number; perPage: number },
): Promise<{ data: JobSummary[]; totalCount: number }> {
  const base = db
    .selectFrom('jobs')
    .where('school_id', '=', schoolId)
    .$if(options.status !== undefined, (qb) => qb.where('status', '=', options.status!));
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { data: rows.map(summaryOf), totalCount: countOf(total as { count: number }) };
}

/** Puts a failed job of the school back in the queue, due now, with all its attempts again. */
export async function retrySchoolJob(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  nowIso: string,
): Promise<JobSummary> {
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!job) throw notFound(`This school has no background job ${id}.`);
  if (job.status !== 'failed')
    throw new ApiError('conflict', `Only a failed job can be retried; this one is ${job.status}.`);
  if (!jobDefinition(job.kind))
    throw new ApiError('conflict', `This server no longer runs "${job.kind}" jobs.`);
  let updated: Selectable<JobsTable> | undefined;
  try {
    updated = await db
      .updateTable('jobs')
      .set({
        status: 'pending',
        attempts: 0,
        run_at: nowIso,
        finished_at: null,
        updated_at: nowIso,
      })
      .where('id', '=', id)
      .where('school_id', '=', schoolId)
      // Two admins pressing Retry together: one wins, the other is told.
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    // jobs_pending_key: a newer job with the same key waits already and will do this work.
    if (conflictFromDatabase(error, 'job'))
      throw new ApiError(
        'conflict',
        'A newer job of the same kind and key is already waiting to run; it will do this work.',
      );
    throw error;
  }
  if (!updated) throw new ApiError('conflict', 'This job was retried already.');
  return summaryOf(updated);
}
