import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { PNG_BYTES, uploadForm } from './support/teaching';

describe.each(databaseKinds)("a person's own profile on %s", (kind) => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
  });
  afterAll(() => server.close());

  const put = (p: string, body: unknown, token: string) => api.call('PUT', p, { token, body });

  it('changes only the caller’s own names, phone and language', async () => {
    const teacher = await api.login('teacher@demo.school');
    const before = await api.get('/account', teacher);
    const changed = await put(
      '/account',
      { first_name: 'Ερμιόνη', last_name: 'Παππά', phone: '+30 210 555 1234', language: 'el' },
      teacher,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: before.body.data.id,
      first_name: 'Ερμιόνη',
      last_name: 'Παππά',
      phone: '+30 210 555 1234',
      language: 'el',
      email: 'teacher@demo.school',
    });
    expect((await api.get('/account', teacher)).body.data.first_name).toBe('Ερμιόνη');
    // The school's lists find the person by the new name.
    const admin = await api.login('admin@demo.school');
    const schools = await api.get('/account/schools', teacher);
    const schoolId = schools.body.data[0].school_id;
    const found = await api.get(`/schools/${schoolId}/admin/teachers?search=Παππα`, admin);
    expect(found.status).toBe(200);
    expect(found.body.data.map((r: { first_name: string }) => r.first_name)).toContain('Ερμιόνη');
    // Another account is untouched: there is no id to aim at.
    expect((await api.get('/account', admin)).body.data.first_name).not.toBe('Ερμιόνη');

    const empty = await put(
      '/account',
      { first_name: ' ', last_name: 'x', language: 'en' },
      teacher,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.first_name).toBe('This field is required');
    const badPhone = await put(
      '/account',
      { first_name: 'a', last_name: 'b', phone: 'call me', language: 'en' },
      teacher,
    );
    expect(badPhone.status).toBe(400);
    expect((await api.call('PUT', '/account', { body: { first_name: 'a' } })).status).toBe(401);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const here = await api.login('student@demo.school');
    const elsewhere = await api.login('student@demo.school');
    const wrong = await put(
      '/account/password',
      { current_password: 'not-it', password: 'new-password-1' },
      here,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.current_password).toBe('The current password is not right');
    const short = await put(
      '/account/password',
      { current_password: 'demo-password', password: 'short' },
      here,
    );
    expect(short.status).toBe(400);
    expect(short.body.fields?.password).toBe('The password must be at least 8 characters');

    const changed = await put(
      '/account/password',
      { current_password: 'demo-password', password: 'new-password-1' },
      here,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // This session goes on; the other one is over.
    expect((await api.get('/account', here)).status).toBe(200);
    expect((await api.get('/account', elsewhere)).status).toBe(401);
    const old = await api.call('POST', '/account/login', {
      body: { username: 'student@demo.school', password: 'demo-password' },
    });
    expect(old.status).toBe(401);
    await api.login('student@demo.school', 'new-password-1');
  });

  it('counts wrong current passwords against the sign-in limit', async () => {
    const token = await api.login('parent@demo.school');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await put(
            '/account/password',
            { current_password: `guess-${i}`, password: 'new-password-1' },
            token,
          )
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The account is locked for sign-in too, whichever door was knocked on.
    const login = await api.call('POST', '/account/login', {
      body: { username: 'parent@demo.school', password: 'demo-password' },
    });
    expect(login.status).toBe(429);
  });

  it('keeps a photo only when it is a real image, and serves it as one', async () => {
    const token = await api.login('admin@demo.school');
    const send = async (name: string, bytes: Buffer) => {
      const response = await fetch(`${server.url}/api/account/photo`, {
        method: 'POST',
        headers: { Token: token },
        body: uploadForm({}, { name, bytes, type: 'image/png' }),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const svg = await send('me.png', Buffer.from('<svg><script>alert(1)</script></svg>'));
    expect(svg.status).toBe(400);
    expect(svg.body.fields.file).toBe('Choose a PNG, JPEG or WebP image');
    const big = await send('big.png', Buffer.concat([PNG_BYTES, Buffer.alloc(2_200_000)]));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('too_large');

    const first = await send('me.png', PNG_BYTES);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const logo = first.body.data.logo as string;
    expect(logo).toMatch(/^user-\d+-[0-9a-f]{32}\.png$/);
    const served = await fetch(`${server.url}/api/school-files/${logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await api.get('/account', token)).body.data.logo).toBe(logo);

    // A new photo replaces the old one's bytes; removing leaves none.
    const second = await send('me-again.png', PNG_BYTES);
    const stored = (name: string) => path.join(server.dataDir, 'school_files', name);
    expect(fs.existsSync(stored(logo))).toBe(false);
    const removed = await api.call('DELETE', '/account/photo', { token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.logo).toBeNull();
    expect(fs.existsSync(stored(second.body.data.logo))).toBe(false);
  });
});
