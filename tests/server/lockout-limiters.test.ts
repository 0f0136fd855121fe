import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { DatabaseRateLimiter } from '../../src/server/http/database-rate-limiter';
import {
  MemoryRateLimiter,
  RedisRateLimiter,
  type RateLimiter,
} from '../../src/server/http/rate-limiter';

// Each limiter a server may run, driven directly: a hit must be an atomic reservation.

type Clock = { ms: number };
type Make = (clock: Clock) => Promise<RateLimiter>;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const makers: [string, Make][] = [
  ['memory', async (clock) => new MemoryRateLimiter(() => clock.ms)],
  [
    'the SQLite database',
    async (clock) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-limits-'));
      const database = await openDatabase({
        database: { kind: 'sqlite', file: path.join(dir, 'limits.db') },
      });
      await migrateToLatest(database.db, database.kind);
      cleanups.push(async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      });
      return new DatabaseRateLimiter(database.db, () => clock.ms);
    },
  ],
];
if (process.env.DATABASE_URL?.startsWith('postgres')) {
  makers.push([
    'the PostgreSQL database',
    async (clock) => {
      const url = process.env.DATABASE_URL!;
      const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
      const database = await openDatabase({ database: { kind: 'postgres', url, schema } });
      await migrateToLatest(database.db, database.kind, schema);
      cleanups.push(async () => {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      });
      return new DatabaseRateLimiter(database.db, () => clock.ms);
    },
  ]);
}
if (process.env.REDIS_URL) {
  makers.push([
    'Redis',
    async (clock) => {
      const prefix = `mathema-test:${crypto.randomBytes(6).toString('hex')}:`;
      const limiter = new RedisRateLimiter(
        new Redis(process.env.REDIS_URL!),
        prefix,
        () => clock.ms,
      );
      cleanups.push(() => limiter.close());
      return limiter;
    },
  ]);
}

const WINDOW_MS = 15 * 60 * 1000;

describe.each(makers)('rate limits in %s', (_name, make) => {
  it('gives 60 parallel hits 60 different counts: exactly the limit pass', async () => {
    const clock = { ms: Date.parse('2030-01-01T08:00:00Z') };
    const limiter = await make(clock);
    const decisions = await Promise.all(
      Array.from({ length: 60 }, () => limiter.hit('account:1', 10, WINDOW_MS)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.every((d) => d.retryAfter === WINDOW_MS / 1000)).toBe(true);
  });

  it('gives a hit back on release, starts over on reset, and ends the window on the clock', async () => {
    const clock = { ms: Date.parse('2030-01-01T08:00:00Z') };
    const limiter = await make(clock);
    for (let i = 0; i < 3; i++) await limiter.hit('k', 3, WINDOW_MS);
    expect((await limiter.hit('k', 3, WINDOW_MS)).allowed).toBe(false);
    await limiter.release('k');
    await limiter.release('k');
    expect((await limiter.hit('k', 3, WINDOW_MS)).allowed).toBe(true);
    expect((await limiter.hit('k', 3, WINDOW_MS)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k', 3, WINDOW_MS)).allowed).toBe(true);

    for (let i = 0; i < 5; i++) await limiter.hit('k', 3, WINDOW_MS);
    clock.ms += 10 * 60 * 1000;
    const late = await limiter.hit('k', 3, WINDOW_MS);
    expect(late).toEqual({ allowed: false, retryAfter: 5 * 60 });
    clock.ms += 5 * 60 * 1000;
    expect(await limiter.hit('k', 3, WINDOW_MS)).toEqual({
      allowed: true,
      retryAfter: WINDOW_MS / 1000,
    });
    // A release after the window ended gives nothing back to the next one.
    clock.ms += WINDOW_MS;
    await limiter.release('k');
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, WINDOW_MS)).allowed).toBe(true);
    expect((await limiter.hit('k', 3, WINDOW_MS)).allowed).toBe(false);
  });
});
