import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/server/areas/calendar/school-time';
import { insertAccount } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { PNG_BYTES, teachingFixture, uploadForm, type TeachingFixture } from './support/teaching';

// The office's side of absences beyond the register: the threshold's warning to every admin,
// justification documents (stored by the files area, read with the absence by the office and
// the student's guardians), the list's search and threshold filter, and a parent's view.

describe.each(databaseKinds)('absences and their documents on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let admin: string;
  let secretary: string;
  let thirdAdmin: string;
  let parent: string;
  let otherParent: string;
  let foreignAdmin: string;
  let thessaloniki: number;
  let today: string;
  const base = () => `/schools/${fx.school}`;
  const db = () => server.built.deps.db;

  async function upload(token: string, school: number, recordId: number, name = 'note.png') {
    const response = await fetch(`${server.url}/api/schools/${school}/admin/files`, {
      method: 'POST',
      headers: { Token: token },
      body: uploadForm(
        { type: 'absence', entity_id: String(recordId) },
        { name, bytes: PNG_BYTES, type: 'image/png' },
      ),
    });
    return { status: response.status, body: (await response.json()) as any };
  }
  const warningsOf = async (token: string) => {
    const list = await api.get(`${base()}/admin/notifications?per_page=100`, token);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    return (list.body.data as { title: string; entity: string; entity_id: number }[]).filter(
      (n) => n.entity === 'absence',
    );
  };

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    thessaloniki = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('name', '=', 'Demo School Thessaloniki')
        .executeTakeFirstOrThrow()
    ).id;
    await insertAccount(db(), 'office3@demo.school', [
      { school: fx.school, role: 'admin', fullAccess: true },
    ]);
    await insertAccount(db(), 'office@thessaloniki.school', [
      { school: thessaloniki, role: 'admin', fullAccess: true },
    ]);
    [teacher, admin, secretary, thirdAdmin, parent, otherParent, foreignAdmin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('admin@demo.school'),
      api.login('secretary@demo.school'),
      api.login('office3@demo.school'),
      api.login('parent@demo.school'),
      api.login(fx.otherParent.email),
      api.login('office@thessaloniki.school'),
    ]);
    today = localDate(server.built.deps.now(), server.built.deps.config.timeZone);
  });
  afterAll(() => server.close());

  it('warns every admin of the school, not one, when a student reaches the threshold', async () => {
    const before = await api.get(`${base()}/admin/absences/${fx.classmate.id}`, admin);
    const inLesson = before.body.data.per_lesson.find(
      (l: { lesson_id: number }) => l.lesson_id === fx.shared,
    );
    const threshold = (inLesson?.unjustified ?? 0) + 1;
    const setting = await api.call('PUT', `${base()}/admin/settings`, {
      token: admin,
      body: { settings: { absence_threshold: String(threshold) } },
    });
    expect(setting.status).toBe(200);
    const saved = await api.call(
      'PUT',
      `${base()}/teacher/lessons/${fx.shared}/attendance/${today}`,
      { token: teacher, body: { entries: [{ student_id: fx.classmate.id, status: 'absent' }] } },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const token of [admin, secretary, thirdAdmin]) {
      const warnings = await warningsOf(token);
      expect(warnings).toEqual([
        expect.objectContaining({
          entity_id: fx.classmate.id,
          title: expect.stringContaining(`${threshold} unjustified absences`),
        }),
      ]);
    }
    // The office of another school hears nothing.
    const foreign = await api.get(`/schools/${thessaloniki}/admin/notifications`, foreignAdmin);
    expect(foreign.body.data.filter((n: { entity: string }) => n.entity === 'absence')).toEqual([]);

    // The list marks the student over the threshold, and filters on it.
    const over = await api.get(`${base()}/admin/absences?over_threshold=true`, admin);
    expect(over.status).toBe(200);
    expect(over.body.data.length).toBeGreaterThan(0);
    expect(over.body.data.every((r: { over_threshold: boolean }) => r.over_threshold)).toBe(true);
    expect(
      over.body.data.some(
        (r: { student_id: number; lesson_id: number }) =>
          r.student_id === fx.classmate.id && r.lesson_id === fx.shared,
      ),
    ).toBe(true);
    const detail = await api.get(`${base()}/admin/absences/${fx.classmate.id}`, admin);
    expect(
      detail.body.data.per_lesson.find((l: { lesson_id: number }) => l.lesson_id === fx.shared)
        .over_threshold,
    ).toBe(true);
  });

  it('finds absences by the student’s name', async () => {
    const { first_name, last_name } = await db()
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.first_name', 'users.last_name'])
      .where('memberships.id', '=', fx.classmate.id)
      .executeTakeFirstOrThrow();
    const found = await api.get(
      `${base()}/admin/absences?search=${encodeURIComponent(last_name.toUpperCase())}`,
      admin,
    );
    expect(found.status).toBe(200);
    expect(found.body.totalCount).toBeGreaterThan(0);
    expect(
      found.body.data.every(
        (r: { first_name: string; last_name: string }) =>
          r.last_name === last_name || r.first_name === first_name,
      ),
    ).toBe(true);
    const none = await api.get(`${base()}/admin/absences?search=zzqqxx`, admin);
    expect(none.body.totalCount).toBe(0);
  });

  it("attaches a justification document that the office and the student's guardians read", async () => {
    const taken = await api.call(
      'PUT',
      `${base()}/teacher/lessons/${fx.shared}/attendance/${today}`,
      {
        token: teacher,
        body: {
          entries: [
            { student_id: fx.classmate.id, status: 'absent' },
            { student_id: fx.student, status: 'absent' },
          ],
        },
      },
    );
    expect(taken.status).toBe(200);
    const list = await api.get(
      `${base()}/admin/absences?student_id=${fx.student}&from=${today}&lesson_id=${fx.shared}`,
      admin,
    );
    const record = list.body.data[0];
    expect(record.files).toEqual([]);

    const uploaded = await upload(admin, fx.school, record.id, 'βεβαίωση.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const justified = await api.call(
      'PUT',
      `${base()}/admin/absences/${fx.student}/records/${record.id}`,
      { token: admin, body: { justified: true, note: 'Ιατρική βεβαίωση' } },
    );
    expect(justified.status).toBe(200);
    expect(justified.body.data.files.map((f: { name: string }) => f.name)).toEqual([
      'βεβαίωση.png',
    ]);

    // The office reads it with the student's absences; the link opens the bytes.
    const office = await api.get(`${base()}/admin/absences/${fx.student}`, admin);
    const row = office.body.data.records.find((r: { id: number }) => r.id === record.id);
    expect(row.files).toHaveLength(1);
    expect(office.body.data.abilities).toEqual({ justify: true });
    const bytes = await fetch(`${server.url}${row.files[0].url}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    // The guardian reads the child's absence with its justification and document.
    const family = await api.get(`${base()}/client/students/${fx.student}/absences`, parent);
    expect(family.status, JSON.stringify(family.body)).toBe(200);
    const seen = family.body.data.records.find((r: { id: number }) => r.id === record.id);
    expect(seen).toMatchObject({ justified: true, justification_note: 'Ιατρική βεβαίωση' });
    expect(seen.files.map((f: { id: number }) => f.id)).toEqual([uploaded.body.data.id]);
    expect(family.body.data.abilities).toEqual({ justify: false });

    // It is not in anyone's files list.
    const files = await api.get(`${base()}/admin/files?per_page=100`, admin);
    expect(files.body.data.map((f: { id: number }) => f.id)).not.toContain(uploaded.body.data.id);
  });

  it('refuses documents and absences to others: other parents, teachers, students, other schools', async () => {
    const [record] = (
      await api.get(`${base()}/admin/absences?student_id=${fx.student}&from=${today}`, admin)
    ).body.data;
    // Another parent, the student, a teacher: not their child's, or not a parent.
    expect(
      (await api.get(`${base()}/client/students/${fx.student}/absences`, otherParent)).status,
    ).toBe(403);
    const student = await api.login('student@demo.school');
    expect(
      (await api.get(`${base()}/student/students/${fx.student}/absences`, student)).status,
    ).toBe(403);
    const byTeacher = await fetch(`${server.url}/api${base()}/teacher/files`, {
      method: 'POST',
      headers: { Token: teacher },
      body: uploadForm(
        { type: 'absence', entity_id: String(record.id) },
        { name: 'x.png', bytes: PNG_BYTES, type: 'image/png' },
      ),
    });
    expect(byTeacher.status).toBe(403);
    // An admin of another school: not through their school (no such absence there), and not
    // through this one (not a member).
    expect((await upload(foreignAdmin, thessaloniki, record.id)).status).toBe(404);
    expect((await upload(foreignAdmin, fx.school, record.id)).status).toBe(403);
    expect((await api.get(`${base()}/admin/absences/${fx.student}`, foreignAdmin)).status).toBe(
      403,
    );
    // A present student has no absence to attach to.
    const present = await db()
      .selectFrom('attendance_records')
      .select('id')
      .where('school_id', '=', fx.school)
      .where('status', '=', 'present')
      .executeTakeFirstOrThrow();
    expect((await upload(admin, fx.school, present.id)).status).toBe(404);
    // The document is removed by the office, not by a parent.
    const doc = record.files[0];
    expect(
      (await api.call('DELETE', `${base()}/client/files/${doc.id}`, { token: parent })).status,
    ).toBe(403);
    const removed = await api.call('DELETE', `${base()}/admin/files/${doc.id}`, { token: admin });
    expect(removed.status).toBe(200);
    const after = await api.get(`${base()}/admin/absences/${fx.student}`, admin);
    expect(after.body.data.records.find((r: { id: number }) => r.id === record.id).files).toEqual(
      [],
    );
  });
});
