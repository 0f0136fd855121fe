import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { startSmtpServer } from './support/smtp';

describe.each(databaseKinds)('users of a school on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(kind, { env: { SMTP_URL: smtp.url } });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('lists accounts with their roles here, filtered by role', async () => {
    const admins = await api.get('/schools/1/admin/users?roles=admin', admin);
    expect(admins.body.data.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@demo.school',
      'secretary@demo.school',
    ]);
    const staff = await api.get('/schools/1/admin/users?roles=admin,teacher&per_page=100', admin);
    const staffRoles = staff.body.data.map((u: { roles: string[] }) => u.roles);
    expect(staffRoles.length).toBeGreaterThan(2);
    expect(
      staffRoles.every((roles: string[]) => roles.includes('admin') || roles.includes('teacher')),
    ).toBe(true);
    expect(staff.body.data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['admin@demo.school', 'teacher@demo.school']),
    );
    const wrong = await api.get('/schools/1/admin/users?roles=admin,janitor', admin);
    expect(wrong.status).toBe(400);
    const all = await api.get('/schools/1/admin/users?search=Γεωργίου', admin);
    expect(
      all.body.data.find((u: { email: string }) => u.email === 'parent@demo.school').roles,
    ).toEqual(['client']);
  });

  it('invites a new user with the create-password mail, and the link works', async () => {
    const created = await api.post(
      '/schools/1/admin/users',
      {
        first_name: 'Πέτρος',
        last_name: 'Ιωάννου',
        email: 'petros@demo.school',
        roles: ['teacher'],
        language: 'en',
      },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      email: 'petros@demo.school',
      roles: ['teacher'],
      username: 'petros',
    });
    const mail = await smtp.waitForMail('petros@demo.school');
    expect(mail.subject).toBe('Your Mathema account is ready');
    const token = mail.text.match(/create-user-password\/([A-Za-z0-9_-]+)/)![1];
    const set = await api.post('/account/reset-password', {
      token,
      password: 'petros-password',
      privacyChecked: true,
    });
    expect(set.status).toBe(200);
    const petros = await api.login('petros@demo.school', 'petros-password');
    const schools = await api.get('/account/schools', petros);
    expect(schools.body.data).toEqual([
      expect.objectContaining({ role: 'teacher', name: 'Demo School Athens' }),
    ]);
  });

  it('changes roles, refuses a duplicate and removing oneself', async () => {
    const list = await api.get('/schools/1/admin/users?search=petros', admin);
    const id = list.body.data[0].id;
    const updated = await api.call('PUT', `/schools/1/admin/users/${id}`, {
      token: admin,
      body: { roles: ['teacher', 'client'] },
    });
    expect(updated.body.data.roles).toEqual(['client', 'teacher']);
    const dup = await api.post(
      '/schools/1/admin/users',
      { first_name: 'A', last_name: 'B', email: 'petros@demo.school', roles: ['student'] },
      admin,
    );
    expect(dup.status).toBe(409);
    const me = (await api.get('/account', admin)).body.data.id;
    expect(
      (await api.call('DELETE', `/schools/1/admin/users/${me}`, { token: admin })).status,
    ).toBe(409);
    expect(
      (await api.call('DELETE', `/schools/1/admin/users/${id}`, { token: admin })).status,
    ).toBe(200);
    expect(
      (
        await api.post('/account/login', {
          username: 'petros@demo.school',
          password: 'petros-password',
        })
      ).status,
    ).toBe(401);
  });

  it('offers accounts as options and exports them with their roles', async () => {
    const options = await api.get('/schools/1/admin/users/options?search=secretary', admin);
    expect(options.body.data).toEqual([{ id: expect.any(Number), label: 'Μακρή Κατερίνα' }]);
    const response = await fetch(
      `${server.url}/api/schools/1/admin/users/export?format=csv&roles=admin`,
      {
        headers: { Token: admin },
      },
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Last name,First name,Email,Username,Language,Roles');
    expect(lines.slice(1).sort()).toEqual([
      'Αλεξίου,Ελένη,admin@demo.school,admin,en,admin',
      'Μακρή,Κατερίνα,secretary@demo.school,secretary,en,admin',
    ]);
  });

  it('is closed to an office member without the users permission', async () => {
    const secretary = await api.login('secretary@demo.school');
    expect((await api.get('/schools/1/admin/users', secretary)).status).toBe(403);
    expect(
      (
        await api.post(
          '/schools/1/admin/users',
          { first_name: 'A', last_name: 'B', email: 'x@y.gr', roles: ['admin'] },
          secretary,
        )
      ).status,
    ).toBe(403);
  });
});
