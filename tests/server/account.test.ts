import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REMEMBER_TTL_MS, SESSION_TTL_MS } from '../../src/shared/constants';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('sign-in and accounts on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
  });
  afterAll(() => server.close());

  it('signs in with the email or the username and returns a token', async () => {
    const byEmail = await api.post('/account/login', {
      username: 'Admin@Demo.School',
      password: 'demo-password',
      platform: 'web',
      remember_me: false,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.status).toBe('ok');
    expect(byEmail.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const byUsername = await api.post('/account/login', {
      username: 'teacher',
      password: 'demo-password',
    });
    expect(byUsername.status).toBe(200);
    expect(byUsername.body.data.token).not.toBe(byEmail.body.data.token);
  });

  it('refuses wrong credentials with 401 invalid_credentials and the spec message', async () => {
    for (const body of [
      { username: 'admin@demo.school', password: 'wrong-password' },
      { username: 'nobody@demo.school', password: 'demo-password' },
    ]) {
      const response = await api.post('/account/login', body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        status: 'error',
        error: 'invalid_credentials',
        message: 'Wrong password Or Email',
      });
    }
  });

  it('answers invalid bodies with 400 and a message per field', async () => {
    const empty = await api.post('/account/login', { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation');
    expect(empty.body.fields).toEqual({
      username: 'Email is required!',
      password: 'Password is required!',
    });

    const long = await api.post('/account/login', {
      username: `${'a'.repeat(316)}@x.gr`,
      password: 'x',
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ username: 'Email must be max 320 characters' });

    const missing = await api.post('/account/login', {});
    expect(missing.body.fields).toMatchObject({
      username: 'Email is required!',
      password: 'Password is required!',
    });
  });

  it('returns the account and one entry per school and role', async () => {
    const token = await api.login('admin@demo.school');
    const account = await api.get('/account', token);
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({
      username: 'admin',
      email: 'admin@demo.school',
      first_name: 'Ελένη',
      last_name: 'Αλεξίου',
      language: 'en',
    });
    expect(account.body.data).not.toHaveProperty('password_hash');

    const schools = await api.get('/account/schools', token);
    expect(schools.body.data).toEqual([
      expect.objectContaining({
        role: 'admin',
        name: 'Demo School Athens',
        logo: 'athens-logo.svg',
        first_name: 'Ελένη',
        last_name: 'Αλεξίου',
      }),
      expect.objectContaining({ role: 'teacher', name: 'Demo School Thessaloniki', logo: null }),
    ]);
    expect(schools.body.data[0].school_id).not.toBe(schools.body.data[1].school_id);

    const parent = await api.get('/account/schools', await api.login('parent@demo.school'));
    expect(parent.body.data).toEqual([
      expect.objectContaining({ role: 'client', name: 'Demo School Athens' }),
    ]);
  });

  it('serves school logos named by file', async () => {
    const response = await fetch(`${server.url}/api/school-files/athens-logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    // Refused at the edge (an encoded slash), before the file route sees it.
    const escape = await fetch(`${server.url}/api/school-files/..%2Fmathema.db`);
    expect(escape.status).toBe(400);
    expect(await escape.json()).toMatchObject({ status: 'error', error: 'validation' });
  });

  it('answers every call that needs a token with 401 login_required for a missing, unknown or revoked one', async () => {
    const expected = { status: 'error', error: 'login_required' };
    expect((await api.get('/account')).body).toMatchObject(expected);
    expect((await api.get('/account', 'not-a-token')).status).toBe(401);
    expect((await api.get('/schools/1/admin/period', 'not-a-token')).body).toMatchObject(expected);

    const token = await api.login('student@demo.school');
    expect((await api.get('/account', token)).status).toBe(200);
    const logout = await api.post('/account/logout', {}, token);
    expect(logout.status).toBe(200);
    const after = await api.get('/account', token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject(expected);
  });

  it('expires sessions; remember_me lasts longer', async () => {
    const short = await api.login('teacher@demo.school', 'demo-password', false);
    const long = await api.login('teacher@demo.school', 'demo-password', true);
    server.advanceClock(SESSION_TTL_MS + 60_000);
    expect((await api.get('/account', short)).body.error).toBe('login_required');
    expect((await api.get('/account', long)).status).toBe(200);
    server.advanceClock(SESSION_REMEMBER_TTL_MS);
    expect((await api.get('/account', long)).status).toBe(401);
  });

  it('limits failed sign-ins per account with 429 rate_limited, and other accounts still sign in', async () => {
    const attempt = () =>
      api.post('/account/login', { username: 'parent@demo.school', password: 'guess' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);

    const refused = await api.post('/account/login', {
      username: 'parent@demo.school',
      password: 'demo-password',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    expect(
      (
        await api.post('/account/login', {
          username: 'student@demo.school',
          password: 'demo-password',
        })
      ).status,
    ).toBe(200);
  });

  it('limits failed sign-ins per address across accounts', async () => {
    // 100 failures from one address, spread over accounts so no single account is locked.
    for (let i = 0; i < 100; i++) {
      await api.post('/account/login', { username: `unknown${i}@demo.school`, password: 'x' });
    }
    const response = await api.post('/account/login', {
      username: 'admin@demo.school',
      password: 'demo-password',
    });
    expect(response.status).toBe(429);
    expect(response.body.error).toBe('rate_limited');
  });
});
