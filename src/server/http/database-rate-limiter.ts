import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { decisionOf, type RateDecision, type RateLimiter } from './rate-limiter';

const SWEEP_EVERY_MS = 60_000;

/**
 * Rate limits in the application's database (table rate_limits, one row per key), for
 * PostgreSQL without Redis: every API node on the database shares them, and they outlive a
 * restart. A hit is one upsert that increments and returns the new count; the database runs
 * concurrent upserts of one key one after the other (a row lock on PostgreSQL; the single
 * writer on SQLite, ≥ 3.35 for RETURNING, where the statement works too but buildApp keeps
 * counts in memory, see docs/security.md), so each caller sees a count of its own.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    // ISO instants of one format sort as text, on both databases.
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: new Date(now + windowMs).toISOString() })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          const windowOver = eb('rate_limits.reset_at', '<=', nowIso);
          return {
            count: eb
              .case()
              .when(windowOver)
              .then(eb.lit(1))
              .else(eb('rate_limits.count', '+', eb.lit(1)))
              .end(),
            reset_at: eb
              .case()
              .when(windowOver)
              .then(eb.ref('excluded.reset_at'))
              .else(eb.ref('rate_limits.reset_at'))
              .end(),
          };
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    this.sweepNowAndThen(now, nowIso);
    return decisionOf(Number(row.count), limit, Date.parse(row.reset_at), now);
  }

  async release(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', eb.lit(1)) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('reset_at', '>', new Date(this.now()).toISOString())
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async close(): Promise<void> {
    // The database belongs to the app, which closes it.
  }

  /** Deletes finished windows, at most once a minute per node, off the hit's own answer. */
  private sweepNowAndThen(now: number, nowIso: string): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db
      .deleteFrom('rate_limits')
      .where('reset_at', '<=', nowIso)
      .execute()
      .catch(() => {
        // A missed sweep only leaves finished rows for the next one.
      });
  }
}
