import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerDeps } from '../deps';
import { enqueueJob } from './enqueue';
import {
  claimDueJobs,
  hasDueWork,
  markJobDone,
  markJobFailed,
  reclaimExpiredJobs,
  releaseJobs,
  renewLease,
  type Claim,
  type JobRow,
} from './queries';
import {
  jobDefinition,
  registeredJobKinds,
  retryDelayMs,
  type ResolvedJobDefinition,
} from './registry';

/** A failure whose message is meant for the school's admins (shown in the jobs list). */
export class JobFailure extends Error {}

export interface JobRunnerOptions {
  pollMs: number;
  /** Jobs this node runs at once. */
  concurrency: number;
  /** How long stop() lets running jobs finish before giving them back. */
  stopTimeoutMs: number;
  logger: FastifyBaseLogger;
  /** Names this node in locked_by; unique per runner by default. */
  runnerId?: string;
}

interface RunningJob {
  claim: Claim;
  abort: AbortController;
  finished: Promise<void>;
}

/**
 * Polls the jobs table and runs due jobs with their handlers. Every node runs one; they
 * share the work through the database (claims with a lease), so nothing is kept in memory
 * that another node would need.
 */
export class JobRunner {
  readonly id: string;
  private readonly running = new Map<number, RunningJob>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<number> | null = null;
  private started = false;
  private stopping = false;

  constructor(
    private readonly deps: ServerDeps,
    private readonly options: JobRunnerOptions,
  ) {
    this.id =
      options.runnerId ??
      `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  }

  /** Starts polling, at once: jobs that fell due while the server was down run now. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.scheduleRepeatingJobs().finally(() => this.tick());
  }

  /**
   * Lets running jobs finish (up to stopTimeoutMs), then aborts and gives back the rest, so
   * that another node (or the next start) runs them without waiting for the lease.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling?.catch(() => 0);
    const finishing = Promise.all([...this.running.values()].map((job) => job.finished));
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      finishing.then(() => false),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(true), this.options.stopTimeoutMs);
      }),
    ]);
    clearTimeout(timeout);
    if (!timedOut) return;
    const left = [...this.running.values()];
    for (const job of left) job.abort.abort();
    try {
      await releaseJobs(
        this.deps.db,
        this.id,
        left.map((job) => job.claim.id),
        this.deps.now().toISOString(),
      );
      this.options.logger.warn(
        { jobs: left.map((job) => job.claim.id) },
        'jobs: stopped before these jobs finished; gave them back',
      );
    } catch (error) {
      // Their leases run out instead, and another node takes them then.
      this.options.logger.error({ err: error }, 'jobs: could not give back unfinished jobs');
    }
  }

  /** One poll round: takes back abandoned jobs and starts due ones. Returns how many started. */
  poll(): Promise<number> {
    if (this.stopping) return Promise.resolve(0);
    // Never two rounds at once on one node: the timer and runDueJobs share this one.
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** Polls until nothing is due and the jobs it started have finished (for tests and tools). */
  async runDueJobs(): Promise<void> {
    for (;;) {
      const started = await this.poll();
      await Promise.all([...this.running.values()].map((job) => job.finished));
      if (started === 0 && this.running.size === 0) return;
    }
  }

  private tick(): void {
    this.poll()
      .catch((error: unknown) => {
        // The database may be restarting: try again at the next tick.
        this.options.logger.error({ err: error }, 'jobs: poll failed');
        return 0;
      })
      // Jobs started: more may be due, look again at once; otherwise wait pollMs.
      .then((started) => this.schedule(started > 0 ? 0 : this.options.pollMs));
  }

  private schedule(delayMs: number): void {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick();
    }, delayMs);
    // Polling alone must not keep a process (a test, a tool) alive.
    this.timer.unref();
  }

  private async pollOnce(): Promise<number> {
    const now = this.deps.now();
    const nowIso = now.toISOString();
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return 0;
    const kinds = registeredJobKinds();
    if (!(await hasDueWork(this.deps.db, kinds, nowIso))) return 0;
    const reclaimed = await reclaimExpiredJobs(this.deps.db, nowIso);
    if (reclaimed > 0) this.options.logger.warn({ reclaimed }, 'jobs: took back abandoned jobs');
    // The claim takes the longest lease of all kinds; each run's first renewal (a third of
    // its own kind's lease later) sets its own.
    const leaseMs = Math.max(...kinds.map((kind) => jobDefinition(kind)!.leaseMs));
    const rows = await claimDueJobs(this.deps.db, this.deps.dbKind, {
      runnerId: this.id,
      kinds,
      limit: free,
      nowIso,
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
    });
    for (const row of rows) this.launch(row);
    return rows.length;
  }

  private launch(row: JobRow): void {
    const claim: Claim = { id: row.id, runnerId: this.id, attempt: row.attempts };
    const abort = new AbortController();
    const finished = this.run(row, claim, abort)
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, job: row.id }, 'jobs: could not record a run');
      })
      .finally(() => {
        this.running.delete(row.id);
        // A slot is free: a node that was full takes the next due job without waiting.
        if (!this.polling) this.schedule(0);
      });
    this.running.set(row.id, { claim, abort, finished });
  }

  private async run(row: JobRow, claim: Claim, abort: AbortController): Promise<void> {
    const definition = jobDefinition(row.kind)!;
    const renew = () =>
      renewLease(
        this.deps.db,
        claim,
        new Date(this.deps.now().getTime() + definition.leaseMs).toISOString(),
        this.deps.now().toISOString(),
      ).then(
        (stillOurs) => {
          // Another node took the job over (this one stalled past its lease): let it run.
          if (!stillOurs) abort.abort();
        },
        (error: unknown) => {
          this.options.logger.warn({ err: error, job: row.id }, 'jobs: could not renew a lease');
        },
      );
    // Renewing at a third of the lease survives two missed renewals before others step in.
    const heartbeat = setInterval(() => void renew(), Math.max(10, definition.leaseMs / 3));
    heartbeat.unref();
    try {
      await definition.handle({
        payload: JSON.parse(row.payload) as unknown,
        job: {
          id: row.id,
          kind: row.kind,
          schoolId: row.school_id,
          attempt: row.attempts,
          maxAttempts: row.max_attempts,
          key: row.key,
        },
        deps: this.deps,
        signal: abort.signal,
      });
    } catch (error) {
      clearInterval(heartbeat);
      await this.recordFailure(row, claim, definition, error);
      return;
    }
    clearInterval(heartbeat);
    const nowIso = this.deps.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const stillOurs = await markJobDone(trx, claim, nowIso);
      // The next run of a repeating job is added with this one's completion, never lost.
      if (stillOurs && definition.repeatEveryMs) {
        await enqueueJob(
          trx,
          {
            kind: row.kind,
            payload: null,
            key: row.kind,
            runAt: new Date(this.deps.now().getTime() + definition.repeatEveryMs),
          },
          this.deps.now(),
        );
      }
    });
  }

  private async recordFailure(
    row: JobRow,
    claim: Claim,
    definition: ResolvedJobDefinition,
    error: unknown,
  ): Promise<void> {
    const now = this.deps.now();
    const retryAt =
      row.attempts < row.max_attempts
        ? new Date(now.getTime() + retryDelayMs(definition, row.attempts)).toISOString()
        : null;
    // Admins read last_error: only a JobFailure's own words, never internals (SQL, paths).
    const message =
      error instanceof JobFailure
        ? error.message
        : `The job failed unexpectedly (attempt ${row.attempts}); the server log has the details of job ${row.id}.`;
    this.options.logger.warn(
      { err: error, job: row.id, kind: row.kind, attempt: row.attempts, retryAt },
      retryAt ? 'jobs: a run failed; will retry' : 'jobs: a job failed for good',
    );
    await markJobFailed(this.deps.db, claim, message, retryAt, now.toISOString());
  }

  /** Makes sure each repeating kind has a job waiting (the dedupe key keeps it to one). */
  private async scheduleRepeatingJobs(): Promise<void> {
    try {
      for (const kind of registeredJobKinds()) {
        if (!jobDefinition(kind)!.repeatEveryMs) continue;
        await enqueueJob(this.deps.db, { kind, payload: null, key: kind }, this.deps.now());
      }
    } catch (error) {
      this.options.logger.error({ err: error }, 'jobs: could not schedule the upkeep jobs');
    }
  }
}
