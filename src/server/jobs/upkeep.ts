import { registerJobHandler } from './registry';

const DAY_MS = 24 * 60 * 60_000;
/** Finished jobs are history: kept long enough to answer "did it run?", then removed. */
const KEEP_DONE_MS = 7 * DAY_MS;
/** Failed ones stay longer, for the admins who have to act on them. */
const KEEP_FAILED_MS = 30 * DAY_MS;

export const PRUNE_JOBS_KIND = 'jobs.prune';

// Removes old finished jobs, so that the table holds what is waiting and recent history.
// run_at (when the job last became due) stands in for the finishing time: it is close
// enough for a retention period, and (status, run_at) is the poll's index already.
registerJobHandler(PRUNE_JOBS_KIND, {
  repeatEveryMs: 60 * 60_000,
  maxAttempts: 3,
  async handle({ deps }) {
    const now = deps.now().getTime();
    for (const [status, keepMs] of [
      ['done', KEEP_DONE_MS],
      ['failed', KEEP_FAILED_MS],
    ] as const) {
      await deps.db
        .deleteFrom('jobs')
        .where('status', '=', status)
        .where('run_at', '<', new Date(now - keepMs).toISOString())
        .execute();
    }
  },
});
