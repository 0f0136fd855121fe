import { registerJobHandler } from '../jobs';
import { createBackup, pruneDailyBackups } from './backup';

export const DAILY_BACKUP_KIND = 'ops.daily-backup';

// With BACKUP_DAILY=true: a backup when the runner first schedules it (the server's start),
// then every 24 hours, and the daily copies older than BACKUP_KEEP_DAYS removed. The job's
// dedupe key keeps it to one run across several nodes. Off, it finishes doing nothing.
registerJobHandler(DAILY_BACKUP_KIND, {
  repeatEveryMs: 24 * 60 * 60_000,
  maxAttempts: 3,
  leaseMs: 10 * 60_000,
  async handle({ deps }) {
    if (!deps.config.backup.daily) return;
    const now = deps.now();
    await createBackup(deps.config, { now, origin: 'daily' });
    pruneDailyBackups(deps.config, now);
  },
});
