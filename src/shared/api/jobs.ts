import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

/** Where a background job is: waiting (or waiting to retry), running, failed for good, done. */
export const JOB_STATUSES = ['pending', 'running', 'failed', 'done'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];

/** A background job as a school's admins see it (its payload stays on the server). */
export const jobSummary = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Runs started so far. */
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** When it runs next (pending), or last became due. */
  run_at: z.string(),
  /** Why the last run failed; null when it has not failed. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobsListQuery = z.object({
  status: z.enum(JOB_STATUSES, { error: 'Choose pending, running, failed or done' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const jobParams = schoolRoleParams.extend({ id: idParam });

export const jobEndpoints = {
  listJobs: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/jobs',
    access: 'school-role',
    summary:
      "The school's background jobs, newest first (admins with the settings permission); filter by status.",
    params: schoolRoleParams,
    query: jobsListQuery,
    response: z.array(jobSummary),
    list: true,
  }),
  retryJob: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/jobs/:id/retry',
    access: 'school-role',
    summary:
      'Run a failed job again, with a fresh set of attempts (admins with the settings permission).',
    params: jobParams,
    response: jobSummary,
    idempotent: true,
  }),
};
