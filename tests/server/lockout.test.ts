import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
} from '../../src/shared/constants';
import { hashPassword } from '../../src/server/areas/account/passwords';
import { apiClient, type ApiClient, type ApiResponse } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// Every argon2 verification the server runs, wrong password or not: the cost a lockout must cap.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifications += 1;
      return original.verify(...args);
    },
  };
});

// With REDIS_URL (as in CI) the Redis limiter, and also the one that serves without Redis (in
// the database on PostgreSQL, in memory on embedded SQLite); a blank REDIS_URL counts as unset.
const limiters = process.env.REDIS_URL ? (['Redis', 'no Redis'] as const) : (['no Redis'] as const);
const cases = databaseKinds.flatMap((kind) => limiters.map((limiter) => [kind, limiter] as const));

const PASSWORD = 'the-right-password';

describe.each(cases)('sign-in lockout on %s with %s', (kind, limiter) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startServer(kind, {
      seedDemo: false,
      env: limiter === 'no Redis' ? { REDIS_URL: '' } : {},
    });
    api = apiClient(server.url);
    const passwordHash = await hashPassword(PASSWORD);
    const nowIso = new Date().toISOString();
    await server.built.deps.db
      .insertInto('users')
      .values(
        ['victim', ...Array.from({ length: 20 }, (_, i) => `pupil${i}`)].map((username) => ({
          username,
          email: `${username}@school.example`,
          first_name: 'Test',
          last_name: username,
          password_hash: passwordHash,
          language: 'en',
          logo: null,
          created_at: nowIso,
        })),
      )
      .execute();
  });
  afterAll(() => server.close());

  const signIn = (username: string, password: string) =>
    api.post('/account/login', { username, password });

  /** Runs the attempts all at once and counts the argon2 verifications they cost. */
  async function inParallel(attempts: (() => Promise<ApiResponse>)[]) {
    const before = argon2.verifications;
    const responses = await Promise.all(attempts.map((attempt) => attempt()));
    const statuses = responses.map((r) => r.status);
    return {
      responses,
      verifications: argon2.verifications - before,
      count: (status: number) => statuses.filter((s) => s === status).length,
    };
  }

  function expectRateLimited(response: ApiResponse) {
    expect(response.status).toBe(429);
    expect(response.body).toEqual({
      status: 'error',
      error: 'rate_limited',
      message: 'Too many attempts. Please wait and try again.',
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // Seconds rounded up from two clocks (the app's and the database's): one more at most.
    expect(retryAfter).toBeLessThanOrEqual(1 + LOGIN_RATE_WINDOW_MS / 1000);
  }

  it('verifies at most the limit of 60 parallel wrong passwords; the account stays locked under its username too, until the window ends', async () => {
    const storm = await inParallel(
      Array.from({ length: 60 }, (_, i) => () => signIn('Victim@School.example', `guess-${i}`)),
    );
    expect(storm.verifications).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(storm.count(401)).toBe(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(storm.count(429)).toBe(60 - LOGIN_MAX_FAILURES_PER_ACCOUNT);
    storm.responses.filter((r) => r.status === 429).forEach(expectRateLimited);

    // Locked by its email, the account is locked by its username too, right password or not.
    const before = argon2.verifications;
    expectRateLimited(await signIn('victim', PASSWORD));
    expectRateLimited(await signIn('victim@school.example', PASSWORD));
    expect(argon2.verifications).toBe(before);

    server.advanceClock(LOGIN_RATE_WINDOW_MS + 1000);
    const after = await signIn('victim', PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('treats an unknown login like a known one: the same answers after the same number of tries', async () => {
    const storm = await inParallel(
      Array.from({ length: 60 }, (_, i) => () => signIn('nobody@school.example', `guess-${i}`)),
    );
    expect(storm.verifications).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(storm.count(401)).toBe(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(storm.count(429)).toBe(60 - LOGIN_MAX_FAILURES_PER_ACCOUNT);
    storm.responses.filter((r) => r.status === 429).forEach(expectRateLimited);
    expect(storm.responses.find((r) => r.status === 401)!.body).toEqual({
      status: 'error',
      error: 'invalid_credentials',
      message: 'Wrong password Or Email',
    });
  });

  it('lets a class sign in at once from one address: successful sign-ins do not use up its budget', async () => {
    server.advanceClock(LOGIN_RATE_WINDOW_MS + 1000);
    const storm = await inParallel(
      Array.from({ length: 60 }, (_, i) => () => signIn(`pupil${i % 20}`, PASSWORD)),
    );
    expect(storm.count(200)).toBe(60);
  });

  it('caps wrong passwords per address across accounts at the address limit, verifications included', async () => {
    const attempts = LOGIN_MAX_FAILURES_PER_ADDRESS + 30;
    const spray = await inParallel(
      Array.from({ length: attempts }, (_, i) => () => signIn(`guess${i}@school.example`, 'x')),
    );
    expect(spray.verifications).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ADDRESS);
    expect(spray.count(401)).toBe(LOGIN_MAX_FAILURES_PER_ADDRESS);
    expect(spray.count(429)).toBe(attempts - LOGIN_MAX_FAILURES_PER_ADDRESS);

    expectRateLimited(await signIn('pupil1', PASSWORD));
    server.advanceClock(LOGIN_RATE_WINDOW_MS + 1000);
    expect((await signIn('pupil1', PASSWORD)).status).toBe(200);
  });
});
