import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDeps } from '../../src/server/deps';
import { enqueueJob, JobFailure, JobRunner, registerJobHandler } from '../../src/server/jobs';
import { claimDueJobs } from '../../src/server/jobs/queries';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// Handlers are registered once per process; each records which server ran which job.
const runs: { id: number; deps: ServerDeps; payload: unknown }[] = [];
registerJobHandler<{ marker: string }>('test.record', async ({ job, deps, payload }) => {
  runs.push({ id: job.id, deps, payload });
});

let failing = true;
const failingRuns: { id: number; deps: ServerDeps }[] = [];
registerJobHandler('test.fail', {
  maxAttempts: 3,
  backoffMs: 1000,
  async handle({ job, deps }) {
    failingRuns.push({ id: job.id, deps });
    if (failing) throw new JobFailure('myDATA refused the invoice: the VAT number is not valid.');
  },
});

const active = new Set<string>();
const overlaps: string[] = [];
const slowRuns: { id: number; deps: ServerDeps }[] = [];
registerJobHandler('test.slow', async ({ job, deps }) => {
  const name = `${deps.dbKind}:${job.id}`;
  if (active.has(name)) overlaps.push(name);
  active.add(name);
  await new Promise((resolve) => setTimeout(resolve, 15));
  active.delete(name);
  slowRuns.push({ id: job.id, deps });
});

const silentLogger = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silentLogger,
} as unknown as ConstructorParameters<typeof JobRunner>[1]['logger'];

async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false) {
  const deadline = Date.now() + 8000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for the jobs');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The runs of a job on a server's database (ids repeat across databases). */
const runsOf = (server: TestServer, id: number) =>
  runs.filter((r) => r.id === id && r.deps.db === server.built.deps.db);

const jobRow = (server: TestServer, id: number) =>
  server.built.deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A database that outlives one server: a file of its own, or a schema of its own. */
function sharedDatabase(kind: 'sqlite' | 'postgres') {
  const name = `test_jobs_${crypto.randomBytes(6).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-jobs-'));
  const env: Record<string, string> =
    kind === 'sqlite'
      ? { DATABASE_URL: `sqlite:${path.join(dir, 'shared.db')}`, SEED_DEMO: 'false' }
      : { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: name, SEED_DEMO: 'false' };
  return {
    env,
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
      if (kind !== 'postgres') return;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await client.end();
    },
  };
}

describe.each(databaseKinds)('background jobs on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_POLL_MS: '40' } });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(() => server.close());

  it('adds nothing when the transaction that enqueued rolls back, and runs a committed job once', async () => {
    const { db } = server.built.deps;
    const marker = crypto.randomUUID();
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: 'test.record', payload: { marker }, schoolId: 1 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const rolledBack = await db
      .selectFrom('jobs')
      .select('id')
      .where('payload', 'like', `%${marker}%`)
      .execute();
    expect(rolledBack).toEqual([]);

    const id = await db
      .transaction()
      .execute((trx) => enqueueJob(trx, { kind: 'test.record', payload: { marker }, schoolId: 1 }));
    await waitFor(async () => (await jobRow(server, id)).status === 'done');
    // A few more polls: still once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runsOf(server, id).map((r) => r.payload)).toEqual([{ marker }]);
    expect(await jobRow(server, id)).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_by: null,
    });
  });

  it('keeps one waiting job per dedupe key', async () => {
    const { db } = server.built.deps;
    const later = new Date(Date.now() + 3_600_000);
    const job = { kind: 'test.record', payload: {}, key: `1:report:${kind}`, runAt: later };
    const first = await enqueueJob(db, job);
    expect(await enqueueJob(db, { ...job, payload: { again: true } })).toBe(first);
    const rows = await db.selectFrom('jobs').select('id').where('key', '=', job.key).execute();
    expect(rows).toHaveLength(1);
    await expect(enqueueJob(db, { kind: 'test.nobody-handles', payload: {} })).rejects.toThrow(
      'No job handler is registered for kind "test.nobody-handles".',
    );
  });

  it('retries a failing job with growing delays, then shows it failed to the admins, who retry it', async () => {
    const { db } = server.built.deps;
    failing = true;
    const id = await enqueueJob(db, { kind: 'test.fail', payload: { invoice: 7 }, schoolId: 1 });

    const afterFirst = await waitFor(async () => {
      const row = await jobRow(server, id);
      return row.attempts === 1 && row.status === 'pending' && row;
    });
    // Backoff 1 s for the first retry, spread over its upper half.
    const firstDelay = Date.parse(afterFirst.run_at) - Date.parse(afterFirst.updated_at);
    expect(firstDelay).toBeGreaterThanOrEqual(500);
    expect(firstDelay).toBeLessThanOrEqual(1000);
    expect(afterFirst.last_error).toBe('myDATA refused the invoice: the VAT number is not valid.');

    server.advanceClock(1000);
    const afterSecond = await waitFor(async () => {
      const row = await jobRow(server, id);
      return row.attempts === 2 && row.status === 'pending' && row;
    });
    const secondDelay = Date.parse(afterSecond.run_at) - Date.parse(afterSecond.updated_at);
    expect(secondDelay).toBeGreaterThanOrEqual(1000);
    expect(secondDelay).toBeLessThanOrEqual(2000);

    server.advanceClock(2000);
    await waitFor(async () => (await jobRow(server, id)).status === 'failed');
    expect(failingRuns.filter((r) => r.id === id && r.deps === server.built.deps)).toHaveLength(3);

    const failed = await api.get('/schools/1/admin/jobs?status=failed', admin);
    expect(failed.status).toBe(200);
    expect(failed.body.totalCount).toBeGreaterThanOrEqual(1);
    expect(failed.body.data.find((j: { id: number }) => j.id === id)).toMatchObject({
      kind: 'test.fail',
      status: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'myDATA refused the invoice: the VAT number is not valid.',
    });
    const pending = await api.get('/schools/1/admin/jobs?status=pending&per_page=100', admin);
    expect(pending.body.data.some((j: { id: number }) => j.id === id)).toBe(false);
    expect((await api.get('/schools/1/admin/jobs?status=lost', admin)).status).toBe(400);

    failing = false;
    const key = { 'Idempotency-Key': `retry-${id}-${kind}` };
    const retried = await api.post(`/schools/1/admin/jobs/${id}/retry`, {}, admin, key);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id, status: 'pending', attempts: 0 });
    // The same click sent twice: the stored answer, not "only a failed job can be retried".
    const again = await api.post(`/schools/1/admin/jobs/${id}/retry`, {}, admin, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retried.body);

    await waitFor(async () => (await jobRow(server, id)).status === 'done');
    expect(failingRuns.filter((r) => r.id === id && r.deps === server.built.deps)).toHaveLength(4);
    const notFailed = await api.post(`/schools/1/admin/jobs/${id}/retry`, {}, admin);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.message).toBe('Only a failed job can be retried; this one is done.');
  });

  it("shows a school's jobs only to its own admins with the settings permission", async () => {
    const { db } = server.built.deps;
    const job = await db
      .insertInto('jobs')
      .values({
        school_id: 1,
        kind: 'test.fail',
        payload: '{}',
        status: 'failed',
        run_at: new Date().toISOString(),
        attempts: 3,
        max_attempts: 3,
        key: null,
        locked_by: null,
        locked_until: null,
        last_error: 'It failed.',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The teacher of Athens becomes the admin of Thessaloniki.
    const teacherUser = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'teacher@demo.school')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({
        school_id: 2,
        user_id: teacherUser.id,
        role: 'admin',
        full_access: 1,
        created_at: '2025-01-01',
      })
      .execute();
    const otherAdmin = await api.login('teacher@demo.school');

    const own = await api.get('/schools/2/admin/jobs?per_page=100', otherAdmin);
    expect(own.status).toBe(200);
    expect(own.body.data.some((j: { id: number }) => j.id === job.id)).toBe(false);
    const retry = await api.post(`/schools/2/admin/jobs/${job.id}/retry`, {}, otherAdmin);
    expect(retry.status).toBe(404);
    expect(retry.body.message).toBe(`This school has no background job ${job.id}.`);
    expect((await api.get('/schools/1/admin/jobs', otherAdmin)).status).toBe(403);
    expect((await api.get('/schools/1/teacher/jobs', otherAdmin)).status).toBe(403);
    expect((await jobRow(server, job.id)).status).toBe('failed');

    const secretary = await api.login('secretary@demo.school');
    const refused = await api.get('/schools/1/admin/jobs', secretary);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Seeing and retrying background jobs needs the permission to change the settings.',
    );
    const mine = await api.get(`/schools/1/admin/jobs?status=failed&per_page=100`, admin);
    expect(mine.body.data.some((j: { id: number }) => j.id === job.id)).toBe(true);
  });

  it('does not retry a failed job when a newer one with its key is already waiting', async () => {
    const { db } = server.built.deps;
    const nowIso = new Date().toISOString();
    const key = `1:invoice:${kind}`;
    const failed = await db
      .insertInto('jobs')
      .values({
        school_id: 1,
        kind: 'test.fail',
        payload: '{}',
        status: 'failed',
        run_at: nowIso,
        attempts: 3,
        max_attempts: 3,
        key,
        locked_by: null,
        locked_until: null,
        last_error: 'It failed.',
        created_at: nowIso,
        updated_at: nowIso,
        finished_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(db, {
      kind: 'test.fail',
      payload: {},
      key,
      schoolId: 1,
      runAt: new Date(Date.now() + 3_600_000),
    });
    const retry = await api.post(`/schools/1/admin/jobs/${failed.id}/retry`, {}, admin);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(
      'A newer job of the same kind and key is already waiting to run; it will do this work.',
    );
    expect((await jobRow(server, failed.id)).status).toBe('failed');
  });

  it('runs again a job whose runner died mid-job, once its lease has run out', async () => {
    const { db, dbKind } = server.built.deps;
    const marker = crypto.randomUUID();
    const runAt = new Date(Date.now() + 10 * 60_000);
    const id = await enqueueJob(db, { kind: 'test.record', payload: { marker }, runAt });
    // Another node claims it ten minutes from now with a one-minute lease, then dies.
    const claimed = await claimDueJobs(db, dbKind, {
      runnerId: 'node-that-died',
      kinds: ['test.record'],
      limit: 1,
      nowIso: runAt.toISOString(),
      leaseUntil: new Date(runAt.getTime() + 60_000).toISOString(),
    });
    expect(claimed.map((j) => j.id)).toEqual([id]);
    server.advanceClock(10 * 60_000 + 30_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await jobRow(server, id)).toMatchObject({ status: 'running', attempts: 1 });

    server.advanceClock(60_000);
    await waitFor(async () => (await jobRow(server, id)).status === 'done');
    const row = await jobRow(server, id);
    expect(row.attempts).toBe(2);
    expect(runsOf(server, id)).toHaveLength(1);
  });
});

describe.each(databaseKinds)('job runners sharing a database on %s', (kind) => {
  const database = sharedDatabase(kind);
  afterAll(() => database.drop());

  it('runs a job that fell due while the server was down at the next start', async () => {
    const first = await startServer(kind, { env: { ...database.env, JOBS_ENABLED: 'false' } });
    const marker = crypto.randomUUID();
    const id = await enqueueJob(first.built.deps.db, {
      kind: 'test.record',
      payload: { marker },
      runAt: new Date(Date.now() + 100),
    });
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runsOf(first, id)).toEqual([]);

    const second = await startServer(kind, { env: { ...database.env, JOBS_POLL_MS: '60000' } });
    try {
      await waitFor(async () => (await jobRow(second, id)).status === 'done');
      expect(runsOf(second, id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('never lets two runners take the same job', async () => {
    const one = await startServer(kind, { env: { ...database.env, JOBS_ENABLED: 'false' } });
    // PostgreSQL: a second server on the same schema. SQLite has one writer per file, so the
    // second runner shares the first's database.
    const two =
      kind === 'postgres'
        ? await startServer(kind, { env: { ...database.env, JOBS_ENABLED: 'false' } })
        : one;
    const runnerOptions = { pollMs: 10, concurrency: 3, stopTimeoutMs: 5000, logger: silentLogger };
    try {
      // Straight at the claim: ten claims at once from both nodes over 30 due jobs.
      const now = new Date().toISOString();
      await one.built.deps.db
        .insertInto('jobs')
        .values(
          Array.from({ length: 30 }, () => ({
            school_id: null,
            kind: 'test.claim-race',
            payload: 'null',
            run_at: now,
            max_attempts: 1,
            key: null,
            locked_by: null,
            locked_until: null,
            last_error: null,
            created_at: now,
            updated_at: now,
            finished_at: null,
          })),
        )
        .execute();
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          claimDueJobs((i % 2 ? two : one).built.deps.db, kind, {
            runnerId: `runner-${i}`,
            kinds: ['test.claim-race'],
            limit: 3,
            nowIso: now,
            leaseUntil: new Date(Date.now() + 60_000).toISOString(),
          }),
        ),
      );
      const claimedIds = claims.flat().map((j) => j.id);
      expect(claimedIds).toHaveLength(30);
      expect(new Set(claimedIds).size).toBe(30);

      // And whole runners, each polling every 10 ms.
      const ids: number[] = [];
      for (let i = 0; i < 40; i++)
        ids.push(await enqueueJob(one.built.deps.db, { kind: 'test.slow', payload: { i } }));
      const runnerOne = new JobRunner(one.built.deps, runnerOptions);
      const runnerTwo = new JobRunner(two.built.deps, runnerOptions);
      runnerOne.start();
      runnerTwo.start();
      const ours = () =>
        slowRuns.filter((r) => r.deps.db === one.built.deps.db || r.deps.db === two.built.deps.db);
      await waitFor(() => ids.every((id) => ours().some((r) => r.id === id)));
      await Promise.all([runnerOne.stop(), runnerTwo.stop()]);
      expect(overlaps).toEqual([]);
      const ranOurs = ours().map((r) => r.id);
      expect(ranOurs.sort((a, b) => a - b)).toEqual(ids);
      const done = await one.built.deps.db
        .selectFrom('jobs')
        .select(['id', 'status', 'locked_by'])
        .where('kind', '=', 'test.slow')
        .execute();
      expect(done.every((j) => j.status === 'done')).toBe(true);
    } finally {
      await one.close();
      if (two !== one) await two.close();
    }
  });

  it('gives back the jobs it could not finish when it stops', async () => {
    const server = await startServer(kind, { env: { ...database.env, JOBS_ENABLED: 'false' } });
    try {
      let release: () => void = () => {};
      registerJobHandler(`test.hang-${kind}`, {
        leaseMs: 60 * 60_000,
        handle: ({ signal }) =>
          new Promise<void>((resolve, reject) => {
            release = resolve;
            signal.addEventListener('abort', () => reject(new Error('stopped')));
          }),
      });
      const id = await enqueueJob(server.built.deps.db, { kind: `test.hang-${kind}`, payload: {} });
      const runner = new JobRunner(server.built.deps, {
        pollMs: 10,
        concurrency: 1,
        stopTimeoutMs: 100,
        logger: silentLogger,
      });
      runner.start();
      await waitFor(async () => (await jobRow(server, id)).status === 'running');
      await runner.stop();
      release();
      // Given back, due now, for the next start or another node: no waiting for the lease.
      expect(await jobRow(server, id)).toMatchObject({
        status: 'pending',
        locked_by: null,
        locked_until: null,
      });
    } finally {
      await server.close();
    }
  });
});
