import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

interface Entry {
  id: number;
  created_at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  actor: { id: number; name: string } | null;
  as_user: { id: number; name: string } | null;
}

describe.each(databaseKinds)('the audit log viewer on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let athens: number;
  let thessaloniki: number;
  let adminId: number;
  let teacherId: number;
  const list = (query: string, token = admin, school = athens) =>
    api.get<Entry[]>(`/schools/${school}/admin/audit-log?${query}`, token);

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    const db = server.built.deps.db;
    const schools = await db.selectFrom('schools').select(['id', 'name']).execute();
    athens = schools.find((s) => s.name.includes('Athens'))!.id;
    thessaloniki = schools.find((s) => s.name.includes('Thessaloniki'))!.id;
    const ids = await db.selectFrom('users').select(['id', 'email']).execute();
    adminId = ids.find((u) => u.email === 'admin@demo.school')!.id;
    teacherId = ids.find((u) => u.email === 'teacher@demo.school')!.id;
    // A known history: three days, two people, one under impersonation, another school.
    const row = (
      school: number,
      actor: number,
      action: string,
      entity: string,
      day: string,
      asUser: number | null = null,
    ) => ({
      school_id: school,
      actor_user_id: actor,
      as_user_id: asUser,
      action,
      entity,
      entity_id: '42',
      detail: JSON.stringify({ note: `audit-probe ${action} ${day}` }),
      request_id: null,
      ip: '127.0.0.1',
      created_at: `${day}T10:00:00.000Z`,
    });
    await db
      .insertInto('audit_log')
      .values([
        row(athens, adminId, 'probe-create', 'probe', '2020-01-10'),
        row(athens, teacherId, 'probe-update', 'probe', '2020-01-11'),
        row(athens, adminId, 'probe-update', 'probe-other', '2020-01-12', teacherId),
        row(thessaloniki, adminId, 'probe-create', 'probe', '2020-01-11'),
      ])
      .execute();
  });
  afterAll(() => server.close());

  it('filters by days, person, action, entity and text, newest first, paged', async () => {
    const all = await list('search=audit-probe');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.data.map((e) => e.created_at.slice(0, 10))).toEqual([
      '2020-01-12',
      '2020-01-11',
      '2020-01-10',
    ]);
    const days = await list('search=audit-probe&from=2020-01-11&to=2020-01-11');
    expect(days.body.data.map((e) => e.action)).toEqual(['probe-update']);
    const byTeacher = await list(`search=audit-probe&actor_user_id=${teacherId}`);
    // Their own action and the one done as them under impersonation.
    expect(byTeacher.body.totalCount).toBe(2);
    const impersonated = byTeacher.body.data.find((e) => e.as_user !== null)!;
    expect(impersonated.actor?.id).toBe(adminId);
    expect(impersonated.as_user?.id).toBe(teacherId);
    expect((await list('action=probe-update')).body.totalCount).toBe(2);
    expect((await list('entity=probe-other')).body.totalCount).toBe(1);
    const page = await list('search=audit-probe&per_page=2&page=2');
    expect(page.body.data.map((e) => e.created_at.slice(0, 10))).toEqual(['2020-01-10']);
    expect((await list('search=audit%25probe')).body.totalCount).toBe(0);
    expect((await list('from=last-week')).status).toBe(400);
  });

  it("shows what the server records, in the school's log only", async () => {
    const created = await api.post(
      `/schools/${athens}/admin/tags`,
      { name: 'audited tag', color: '#336699' },
      admin,
    );
    expect(created.status).toBe(200);
    const recent = await list('per_page=5');
    expect(recent.body.data[0]).toMatchObject({ action: 'create', actor: { id: adminId } });
    const others = await list('search=audit-probe&action=probe-create');
    expect(others.body.totalCount).toBe(1);
  });

  it('is for admins with full access only', async () => {
    const secretary = await api.login('secretary@demo.school');
    expect((await list('', secretary)).status).toBe(403);
    const teacher = await api.login('teacher@demo.school');
    expect((await api.get(`/schools/${athens}/teacher/audit-log`, teacher)).status).toBe(403);
    // admin@demo.school is a teacher in Thessaloniki.
    expect((await list('', admin, thessaloniki)).status).toBe(403);
  });
});
