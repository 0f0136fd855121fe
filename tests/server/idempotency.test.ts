import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/shared/api/endpoint';
import { schoolRoleParams } from '../../src/shared/api/school';
import type { ServerDeps } from '../../src/server/deps';
import { ApiError } from '../../src/server/http/errors';
import { route } from '../../src/server/http/route';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// A test-only payment call, marked idempotent like the real payment and invoice POSTs.
const pay = endpoint({
  method: 'POST',
  path: '/schools/:school_id/:role/test-payments',
  access: 'school-role',
  summary: 'Test payment',
  params: schoolRoleParams,
  body: z.object({ amount_cents: z.number().int().positive(), note: z.string().optional() }),
  response: z.object({ payment: z.number(), amount_cents: z.number() }),
  idempotent: true,
});

describe.each(databaseKinds)('Idempotency-Key on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let payments = 0;
  let gate: Promise<void> = Promise.resolve();
  // route() reads deps only when a request arrives, after the server has started.
  const deps = {} as ServerDeps;

  beforeAll(async () => {
    server = await startServer(kind, {
      env: { JOBS_POLL_MS: '40' },
      extendApp: (app) =>
        route(app, deps, pay, async ({ body }) => {
          if (body.note === 'boom') throw new Error('the card service is down');
          if (body.amount_cents > 100_000)
            throw new ApiError('validation', 'A payment may be at most 1,000.00.');
          payments += 1;
          const payment = payments;
          if (body.note === 'slow') await gate;
          return { payment, amount_cents: body.amount_cents };
        }),
    });
    Object.assign(deps, server.built.deps);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(() => server.close());

  const send = (body: unknown, key?: string, token = admin) =>
    api.post('/schools/1/admin/test-payments', body, token, key ? { 'Idempotency-Key': key } : {});

  it('runs every request without a key', async () => {
    const before = payments;
    await send({ amount_cents: 500 });
    await send({ amount_cents: 500 });
    expect(payments).toBe(before + 2);
  });

  it('answers a repeat with the first answer, and runs the call once', async () => {
    const first = await send({ amount_cents: 1250, note: 'June' }, `pay-once-${kind}`);
    expect(first.status).toBe(200);
    const count = payments;
    // The same body with its fields in another order is the same request.
    const again = await send({ note: 'June', amount_cents: 1250 }, `pay-once-${kind}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(payments).toBe(count);
  });

  it('refuses the same key with another body', async () => {
    await send({ amount_cents: 700 }, `pay-diff-${kind}`);
    const count = payments;
    const other = await send({ amount_cents: 701 }, `pay-diff-${kind}`);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      status: 'error',
      error: 'conflict',
      message:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    });
    expect(payments).toBe(count);
  });

  it('checks the key', async () => {
    for (const key of ['x'.repeat(201), 'tab\tinside', 'ümlaut']) {
      const response = await api.post(
        '/schools/1/admin/test-payments',
        { amount_cents: 1 },
        admin,
        { 'Idempotency-Key': key },
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'The Idempotency-Key header must be 1–200 printable ASCII characters.',
      );
    }
    expect((await send({ amount_cents: 1 }, 'x'.repeat(200))).status).toBe(200);
  });

  it('answers 409 while the first request with the key still runs', async () => {
    let open: () => void = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const body = { amount_cents: 900, note: 'slow' };
    const first = send(body, `pay-slow-${kind}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = await send(body, `pay-slow-${kind}`);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'The first request with this Idempotency-Key is still being processed. Try again in a moment.',
    );
    expect(second.headers.get('retry-after')).toBe('1');
    open();
    const answered = await first;
    expect(answered.status).toBe(200);
    const third = await send(body, `pay-slow-${kind}`);
    expect(third.body).toEqual(answered.body);
  });

  it('keeps 4xx answers but never 5xx ones', async () => {
    const count = payments;
    const refused = await send({ amount_cents: 200_000 }, `pay-limit-${kind}`);
    expect(refused.status).toBe(400);
    const refusedAgain = await send({ amount_cents: 200_000 }, `pay-limit-${kind}`);
    expect(refusedAgain.status).toBe(400);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(refusedAgain.body).toEqual(refused.body);

    const failed = await send({ amount_cents: 300, note: 'boom' }, `pay-boom-${kind}`);
    expect(failed.status).toBe(500);
    const failedAgain = await send({ amount_cents: 300, note: 'boom' }, `pay-boom-${kind}`);
    expect(failedAgain.status).toBe(500);
    expect(failedAgain.headers.get('idempotent-replayed')).toBeNull();
    const stored = await server.built.deps.db
      .selectFrom('idempotency_keys')
      .select('id')
      .where('key', '=', `pay-boom-${kind}`)
      .execute();
    expect(stored).toEqual([]);
    expect(payments).toBe(count);
  });

  it("keeps each caller's keys apart", async () => {
    const secretary = await api.login('secretary@demo.school');
    const count = payments;
    await send({ amount_cents: 100 }, `shared-${kind}`);
    const theirs = await send({ amount_cents: 100 }, `shared-${kind}`, secretary);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(payments).toBe(count + 2);
  });

  it('forgets a key after 24 hours, and a job removes the expired answers', async () => {
    await send({ amount_cents: 4000 }, `pay-expire-${kind}`);
    await send({ amount_cents: 4100 }, `pay-gone-${kind}`);
    server.advanceClock(24 * 60 * 60_000 + 60_000);
    // Sessions last 12 hours: sign in again on the moved clock.
    admin = await api.login('admin@demo.school');
    const count = payments;
    const fresh = await send({ amount_cents: 4001 }, `pay-expire-${kind}`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(payments).toBe(count + 1);

    const gone = async () =>
      (
        await server.built.deps.db
          .selectFrom('idempotency_keys')
          .select('id')
          .where('key', '=', `pay-gone-${kind}`)
          .execute()
      ).length === 0;
    const deadline = Date.now() + 5000;
    while (!(await gone()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await gone()).toBe(true);
  });
});
