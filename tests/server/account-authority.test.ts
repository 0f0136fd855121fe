import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { startSmtpServer } from './support/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

// Who may change whose account (docs/security.md): each finding of the "No way up" review, as
// an attacker in the demo school would try it.
describe.each(databaseKinds)('no way up on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let smtp: Smtp;
  let admin: string;
  let secretary: string;
  const athens = 1;
  const path = (rest: string) => `/schools/${athens}/admin/${rest}`;

  const userIdOf = async (email: string) =>
    (
      await server.built.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://school.example' },
    });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    secretary = await api.login('secretary@demo.school');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('office staff cannot link or rewrite an admin through the people lists', async () => {
    const linked = await api.post(
      path('students'),
      { first_name: 'X', last_name: 'Y', email: 'admin@demo.school' },
      secretary,
    );
    expect(linked.status).toBe(403);
    expect(linked.body.issues).toEqual([{ code: 'account_not_yours' }]);
    const adminId = await userIdOf('admin@demo.school');
    const memberships = await server.built.deps.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', adminId)
      .where('school_id', '=', athens)
      .execute();
    expect(memberships.map((m) => m.role)).toEqual(['admin']);

    // A full admin who is also a client here: the secretary (who manages clients) may not
    // change that account's e-mail through the clients list.
    const boss = await api.post(
      path('users'),
      {
        first_name: 'Δεύτερη',
        last_name: 'Διευθύντρια',
        email: 'boss2@demo.school',
        roles: ['admin', 'client'],
        full_access: true,
      },
      admin,
    );
    expect(boss.status).toBe(200);
    expect(boss.body.data.full_access).toBe(true);
    const client = (await api.get(path('clients?search=boss2'), admin)).body.data.find(
      (c: { email: string }) => c.email === 'boss2@demo.school',
    );
    const rewrite = await api.call('PUT', path(`clients/${client.id}`), {
      token: secretary,
      body: { email: 'mine@evil.example' },
    });
    expect(rewrite.status).toBe(403);
    const after = await api.get(path(`users/${boss.body.data.id}`), admin);
    expect(after.body.data.email).toBe('boss2@demo.school');
  });

  it('only full access grants, changes or removes the admin role; new admins start limited', async () => {
    // A limited admin whose one group grants only `users`.
    const group = await api.post(path('permissions'), { name: 'Accounts only' }, admin);
    expect(group.status).toBe(200);
    expect(
      (
        await api.post(
          path('permission_rules'),
          { group_id: group.body.data.id, resource: 'users', can_read: true, can_write: true },
          admin,
        )
      ).status,
    ).toBe(200);
    const limited = await api.post(
      path('users'),
      {
        first_name: 'Λ',
        last_name: 'Περιορισμένη',
        email: 'limited@demo.school',
        roles: ['admin'],
      },
      admin,
    );
    expect(limited.status).toBe(200);
    expect(limited.body.data.full_access).toBe(false);
    await api.call('PUT', path(`permissions/${group.body.data.id}`), {
      token: admin,
      body: { member_ids: [limited.body.data.id] },
    });
    await server.built.deps.db
      .updateTable('users')
      .set({
        password_hash: (
          await server.built.deps.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', 'admin@demo.school')
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', limited.body.data.id)
      .execute();
    const token = await api.login('limited@demo.school');

    const newAdmin = await api.post(
      path('users'),
      { first_name: 'N', last_name: 'Admin', email: 'newadmin@demo.school', roles: ['admin'] },
      token,
    );
    expect(newAdmin.status).toBe(403);
    expect(newAdmin.body.issues).toEqual([{ code: 'admin_needs_full_access' }]);
    const adminId = await userIdOf('admin@demo.school');
    const demote = await api.call('PUT', path(`users/${adminId}`), {
      token,
      body: { roles: ['teacher'] },
    });
    expect(demote.status).toBe(403);
    expect((await api.get(path('users'), admin)).status).toBe(200);
    // Nor may it widen its own group.
    const widen = await api.post(
      path('permission_rules'),
      { group_id: group.body.data.id, resource: 'settings', can_read: true, can_write: true },
      token,
    );
    expect(widen.status).toBe(403);
    // A teacher account it may manage: allowed.
    const teacher = await api.post(
      path('users'),
      { first_name: 'T', last_name: 'Teacher', email: 'tnew@demo.school', roles: ['teacher'] },
      token,
    );
    expect(teacher.status).toBe(200);
    // Nobody removes their own admin role.
    const self = await api.call('PUT', path(`users/${adminId}`), {
      token: admin,
      body: { roles: ['teacher'] },
    });
    expect(self.status).toBe(409);
    expect(self.body.issues).toEqual([{ code: 'not_on_yourself', field: 'roles' }]);
  });

  it('permission groups fail closed: leaving every group leaves no rights', async () => {
    const fresh = await api.login('secretary@demo.school');
    expect((await api.get(path('students'), fresh)).status).toBe(200);
    const secretaryId = await userIdOf('secretary@demo.school');
    const office = await server.built.deps.db
      .selectFrom('permission_group_members')
      .select('group_id as id')
      .where('user_id', '=', secretaryId)
      .executeTakeFirstOrThrow();
    expect(
      (await api.call('DELETE', path(`permissions/${office.id}`), { token: admin })).status,
    ).toBe(200);
    expect((await api.get(path('students'), fresh)).status).toBe(403);
    expect((await api.get(path('permissions'), fresh)).status).toBe(403);
    expect((await api.get(path('levels'), fresh)).status).toBe(403);
  });

  it("reaches another school's child only through an invitation its holder accepts", async () => {
    const db = server.built.deps.db;
    const child = await db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.username'])
      .where('m.school_id', '=', 2)
      .where('m.role', '=', 'student')
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    const answer = await api.post(
      path('students'),
      { first_name: 'Typed', last_name: 'Name', email: child.email },
      admin,
    );
    // The same answer as for a new person: the typed names, never the stored ones.
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      first_name: 'Typed',
      last_name: 'Name',
      email: child.email,
    });
    expect(JSON.stringify(answer.body)).not.toContain(child.first_name);
    const childSchools = await db
      .selectFrom('memberships')
      .select('school_id')
      .where('user_id', '=', child.id)
      .execute();
    expect(childSchools.map((m) => m.school_id)).toEqual([2]);
    const invitations = await api.get(path('invitations?status=pending'), admin);
    expect(invitations.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: child.email, role: 'student', status: 'pending' }),
      ]),
    );

    // The mail reaches the address; someone else with the link gets nothing.
    const deadline = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.to.includes(child.email!)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = smtp.received.find((m) => m.to.includes(child.email!))!;
    const token = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)![1]!;
    const stranger = await api.post('/account/invitations/accept', { token }, admin);
    expect(stranger.status).toBe(404);

    // The holder accepts while signed in: the school's record is now theirs.
    const holder = await api.login(child.username);
    const accepted = await api.post('/account/invitations/accept', { token }, holder);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ school_id: athens });
    const schools = (await api.get('/account/schools', holder)).body.data.map(
      (s: { school_id: number }) => s.school_id,
    );
    expect(schools.sort()).toEqual([athens, 2]);
    expect((await api.post('/account/invitations/accept', { token }, holder)).status).toBe(404);
  });

  it('lets a teacher change only the announcements they wrote, and says so on each', async () => {
    const teacher = await api.login('teacher@demo.school');
    const office = await api.post(
      path('announcements'),
      { title: 'For all teachers', body: 'From the office', audience: 'teachers' },
      admin,
    );
    expect(office.status).toBe(200);
    const teacherPath = `/schools/${athens}/teacher/announcements/${office.body.data.id}`;
    const seen = await api.get(teacherPath, teacher);
    expect(seen.body.data.abilities).toEqual({ update: false, delete: false });
    expect(seen.body.data).not.toHaveProperty('author_user_id');
    const lesson = (await api.get(`/schools/${athens}/teacher/lessons?per_page=1`, teacher)).body
      .data[0];
    const rewrite = await api.call('PUT', teacherPath, {
      token: teacher,
      body: { audience: 'lesson', lesson_id: lesson.id, title: 'Mine now' },
    });
    expect(rewrite.status).toBe(403);
    expect(rewrite.body.issues).toEqual([{ code: 'not_your_record' }]);
    expect((await api.call('DELETE', teacherPath, { token: teacher })).status).toBe(403);
    const own = await api.post(
      `/schools/${athens}/teacher/announcements`,
      { title: 'Homework', body: 'p. 12', audience: 'lesson', lesson_id: lesson.id },
      teacher,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.abilities).toEqual({ update: true, delete: true });
  });

  it('shows a student only the lessons they share with a teacher, and no more by filter', async () => {
    const student = await api.login('student@demo.school');
    const mine = (
      await api.get(`/schools/${athens}/student/lessons?per_page=100`, student)
    ).body.data.map((l: { id: number }) => l.id);
    const teachers = (await api.get(`/schools/${athens}/student/teachers`, student)).body.data;
    expect(teachers.length).toBeGreaterThan(0);
    for (const teacher of teachers) {
      const detail = (await api.get(`/schools/${athens}/student/teachers/${teacher.id}`, student))
        .body.data;
      expect(detail.lesson_ids.length).toBeGreaterThan(0);
      for (const id of detail.lesson_ids) expect(mine).toContain(id);
    }
    const others = (await api.get(path('lessons?per_page=100'), admin)).body.data
      .map((l: { id: number }) => l.id)
      .filter((id: number) => !mine.includes(id));
    const probe = await api.get(
      `/schools/${athens}/student/teachers?lesson_ids=${others.slice(0, 20).join(',')}`,
      student,
    );
    expect(probe.body.totalCount).toBe(0);
  });

  it('keeps every membership findable by the new name after a rename through any list', async () => {
    const person = await api.post(
      path('users'),
      {
        first_name: 'Πέτρος',
        last_name: 'Παλαιός',
        email: 'rename@demo.school',
        roles: ['teacher', 'client'],
      },
      admin,
    );
    expect(person.status).toBe(200);
    const teacher = (await api.get(path('teachers?search=rename@demo'), admin)).body.data[0];
    await api.call('PUT', path(`teachers/${teacher.id}`), {
      token: admin,
      body: { last_name: 'Καινούργιος' },
    });
    expect((await api.get(path('clients?search=Καινούργιος'), admin)).body.totalCount).toBe(1);
    expect((await api.get(path('clients?search=Παλαιός'), admin)).body.totalCount).toBe(0);
    await api.call('PUT', path(`users/${person.body.data.id}`), {
      token: admin,
      body: { last_name: 'Τρίτος' },
    });
    for (const list of ['teachers', 'clients', 'users']) {
      expect((await api.get(path(`${list}?search=Τρίτος`), admin)).body.totalCount, list).toBe(1);
    }
  });
});
