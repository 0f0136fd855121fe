import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('impersonation with mockinguserid on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let athens: number;
  let thessaloniki: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    const users = await server.built.deps.db
      .selectFrom('users')
      .select(['id', 'username'])
      .execute();
    for (const u of users) ids[u.username] = u.id;
    const schools = await server.built.deps.db
      .selectFrom('schools')
      .select(['id', 'name'])
      .execute();
    athens = schools.find((s) => s.name.includes('Athens'))!.id;
    thessaloniki = schools.find((s) => s.name.includes('Thessaloniki'))!.id;
  });
  afterAll(() => server.close());

  it('lets an admin act as a student of the same school and records both in the audit log', async () => {
    const admin = await api.login('admin@demo.school');
    const asStudent = await api.get(`/schools/${athens}/student/notifications/unseen`, admin, {
      mockinguserid: String(ids.student),
    });
    expect(asStudent.status).toBe(200);
    const unseen = await server.built.deps.db
      .selectFrom('notifications as n')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('n.user_id', '=', ids.student!)
      .where('n.school_id', '=', athens)
      .where('n.role', '=', 'student')
      .where('n.seen_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(unseen.count).toBeGreaterThan(0);
    expect(asStudent.body.data).toEqual({ count: Number(unseen.count) });

    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'impersonated-request')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        school_id: athens,
        actor_user_id: ids.admin,
        as_user_id: ids.student,
      }),
    ]);
  });

  it('sees, as a teacher, exactly what that teacher sees (their lessons’ students)', async () => {
    const admin = await api.login('admin@demo.school');
    const teacher = await api.login('teacher@demo.school');
    const studentsPath = `/schools/${athens}/teacher/students?per_page=100`;
    const own = await api.get(studentsPath, teacher);
    const asTeacher = await api.get(studentsPath, admin, { mockinguserid: String(ids.teacher) });
    expect(asTeacher.status).toBe(200);
    expect(own.body.totalCount).toBeGreaterThan(0);
    expect(own.body.totalCount).toBeLessThan(300);
    expect(asTeacher.body).toEqual(own.body);
  });

  it('acts with the impersonated user’s roles, not the admin’s', async () => {
    const admin = await api.login('admin@demo.school');
    const asAdmin = await api.get(`/schools/${athens}/admin/period`, admin, {
      mockinguserid: String(ids.student),
    });
    expect(asAdmin.status).toBe(403);
  });

  it('refuses everyone but an admin of the school, and any admin or outside target', async () => {
    const admin = await api.login('admin@demo.school');
    const teacher = await api.login('teacher@demo.school');
    const cases: [string, string, number, string][] = [
      ['a teacher', teacher, athens, String(ids.student)],
      ['another admin as target', admin, athens, String(ids.secretary)],
      [
        'a user of another school',
        admin,
        athens,
        String(ids[Object.keys(ids).find((u) => u.endsWith('.thes1'))!]),
      ],
      [
        'an admin who is only a teacher there',
        admin,
        thessaloniki,
        String(ids[Object.keys(ids).find((u) => u.endsWith('.thes1'))!]),
      ],
      ['a user who does not exist', admin, athens, '999999'],
      ['a malformed id', admin, athens, 'abc'],
    ];
    for (const [label, token, school, target] of cases) {
      const response = await api.get(`/schools/${school}/student/period`, token, {
        mockinguserid: target,
      });
      expect(response.status, label).toBe(403);
      expect(response.body.error, label).toBe('forbidden');
    }
  });

  it('refuses an admin whose permission groups do not manage the users (the Office secretary)', async () => {
    const secretary = await api.login('secretary@demo.school');
    const asStudent = await api.get(`/schools/${athens}/student/period`, secretary, {
      mockinguserid: String(ids.student),
    });
    expect(asStudent.status).toBe(403);
    expect(asStudent.body.message).toMatch(/manages the users/);
    // Without the header the secretary works as usual.
    expect((await api.get(`/schools/${athens}/admin/students`, secretary)).status).toBe(200);
  });

  it('ignores an empty or self mockinguserid', async () => {
    const admin = await api.login('admin@demo.school');
    expect(
      (await api.get(`/schools/${athens}/admin/period`, admin, { mockinguserid: '' })).status,
    ).toBe(200);
    expect(
      (await api.get(`/schools/${athens}/admin/period`, admin, { mockinguserid: 'null' })).status,
    ).toBe(200);
    expect(
      (
        await api.get(`/schools/${athens}/admin/period`, admin, {
          mockinguserid: String(ids.admin),
        })
      ).status,
    ).toBe(200);
  });
});
