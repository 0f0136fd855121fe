import type { ServerDeps } from '../deps';

/** A job as its handler sees it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  schoolId: number | null;
  /** This run's number, from 1. */
  attempt: number;
  maxAttempts: number;
  key: string | null;
}

export interface JobHandlerInput<P> {
  payload: P;
  job: ClaimedJob;
  deps: ServerDeps;
  /**
   * Aborted when the server stops, or when another node took the job over after its lease
   * ran out: a long job may stop early; it runs again later (or is running elsewhere).
   */
  signal: AbortSignal;
}

/**
 * What runs a kind of job. Delivery is at least once (a node that dies mid-job leaves it to
 * be run again after its lease), so a handler must be idempotent: check before writing, or
 * write with a key of its own.
 */
export interface JobDefinition<P = unknown> {
  handle(input: JobHandlerInput<P>): Promise<void>;
  /** Runs before the job counts as failed; 1 means no retry. */
  maxAttempts?: number;
  /** First retry's delay; each next one doubles, with jitter, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a runner holds the job before others may take it; renewed while it runs. */
  leaseMs?: number;
  /** Upkeep that repeats: the runner keeps one pending job of this kind, due this often. */
  repeatEveryMs?: number;
}

export type ResolvedJobDefinition = Required<Omit<JobDefinition, 'repeatEveryMs'>> &
  Pick<JobDefinition, 'repeatEveryMs'>;

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  backoffMs: 10_000,
  maxBackoffMs: 60 * 60_000,
  leaseMs: 60_000,
} as const;

const handlers = new Map<string, ResolvedJobDefinition>();

/**
 * Registers the handler of a kind, once per process (areas call it at import). The kind
 * names the area first: `quizzes.deadline`, `finance.mydata-send`.
 */
export function registerJobHandler<P>(
  kind: string,
  definition: JobDefinition<P> | JobDefinition<P>['handle'],
): void {
  if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(kind))
    throw new Error(`Job kind "${kind}" must be 1–100 lower-case letters, digits, ".", "_", "-".`);
  if (handlers.has(kind))
    throw new Error(`A handler for job kind "${kind}" is already registered.`);
  const full = typeof definition === 'function' ? { handle: definition } : definition;
  handlers.set(kind, { ...JOB_DEFAULTS, ...full } as ResolvedJobDefinition);
}

export function jobDefinition(kind: string): ResolvedJobDefinition | undefined {
  return handlers.get(kind);
}

export function registeredJobKinds(): string[] {
  return [...handlers.keys()];
}

/**
 * Delay before the next attempt after `attempt` failed: doubling from backoffMs, capped, and
 * spread over its upper half so that jobs that failed together do not retry together.
 */
export function retryDelayMs(
  definition: Pick<ResolvedJobDefinition, 'backoffMs' | 'maxBackoffMs'>,
  attempt: number,
  random: () => number = Math.random,
): number {
  const full = Math.min(
    definition.maxBackoffMs,
    definition.backoffMs * 2 ** Math.min(30, Math.max(0, attempt - 1)),
  );
  return Math.round(full / 2 + (full / 2) * random());
}
