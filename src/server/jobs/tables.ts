import type { ColumnType, Generated } from 'kysely';
import type { TableColumns } from '../db/column-types';

// Table types of the background jobs and of the stored Idempotency-Key answers. Instants
// are ISO-8601 text on both databases, like every other table (see db/schema.ts).

type Instant = string;

/** Where a job is in its life: waiting (or waiting to retry), claimed by a runner, or over. */
export type JobStatus = 'pending' | 'running' | 'failed' | 'done';

export interface JobsTable {
  id: Generated<number>;
  /** The school the job works for; null for the platform's own upkeep. */
  school_id: number | null;
  kind: string;
  /** JSON text of the handler's input. */
  payload: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  /** When the job may next run (for a pending job) or last became due. */
  run_at: Instant;
  /** Attempts started so far, counted when a runner claims the job. */
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  /** Dedupe key: at most one pending job per (kind, key). */
  key: string | null;
  /** The runner holding the job (node id), while running. */
  locked_by: string | null;
  /** The lease: past this instant a running job counts as abandoned and is taken again. */
  locked_until: Instant | null;
  last_error: string | null;
  created_at: Instant;
  updated_at: Instant;
  finished_at: Instant | null;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  /** The caller the answer belongs to (the acting user). */
  user_id: number;
  /** Method and concrete path, e.g. `POST /api/schools/1/admin/payments`. */
  route: string;
  key: string;
  /** Hash of the request body and query, to tell a replay from a different request. */
  fingerprint: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  /** The stored answer's body (JSON text). */
  response: string | null;
  created_at: Instant;
  expires_at: Instant;
}

export interface JobTables {
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const JOB_COLUMNS: TableColumns<JobTables> = {
  jobs: {
    id: true,
    school_id: true,
    kind: true,
    payload: true,
    status: true,
    run_at: true,
    attempts: true,
    max_attempts: true,
    key: true,
    locked_by: true,
    locked_until: true,
    last_error: true,
    created_at: true,
    updated_at: true,
    finished_at: true,
  },
  idempotency_keys: {
    id: true,
    user_id: true,
    route: true,
    key: true,
    fingerprint: true,
    status_code: true,
    response: true,
    created_at: true,
    expires_at: true,
  },
};
