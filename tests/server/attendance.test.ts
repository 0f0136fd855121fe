import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/server/areas/calendar/school-time';
import { ABSENCE_NOTICE_JOB } from '../../src/server/areas/attendance/notice';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { startSmtpServer } from './support/smtp';
import { teachingFixture, type TeachingFixture } from './support/teaching';

const MINUTE = 60_000;

describe.each(databaseKinds)('attendance on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let fx: TeachingFixture;
  let teacher: string;
  let admin: string;
  let student: string;
  let today: string;
  const base = () => `/schools/${fx.school}`;
  const db = () => server.built.deps.db;
  const take = (
    lessonId: number,
    entries: { student_id: number; status: string }[],
    token = teacher,
    role = 'teacher',
    date = today,
  ) =>
    api.call('PUT', `${base()}/${role}/lessons/${lessonId}/attendance/${date}`, {
      token,
      body: { entries },
    });
  const noticesTo = (email: string) =>
    db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.title', 'notifications.entity_id', 'notifications.role'])
      .where('users.email', '=', email)
      .where('notifications.entity', '=', 'absence')
      .orderBy('notifications.id')
      .execute();
  const pendingNotices = (studentId: number) =>
    db()
      .selectFrom('jobs')
      .select(['id', 'run_at'])
      .where('kind', '=', ABSENCE_NOTICE_JOB)
      .where('key', '=', `${fx.school}:absence:${studentId}:${today}`)
      .where('status', '=', 'pending')
      .execute();
  /** Moves the server's clock and runs what fell due, as the runner would. */
  async function later(ms: number) {
    server.advanceClock(ms);
    await server.built.jobs.runDueJobs();
  }
  /** A lesson the student attends other than `not`, and the student's guardian's login. */
  async function otherLessonOf(studentId: number, not: number) {
    const row = await db()
      .selectFrom('lesson_students')
      .select('lesson_id')
      .where('student_id', '=', studentId)
      .where('lesson_id', '!=', not)
      .orderBy('lesson_id')
      .executeTakeFirstOrThrow();
    return row.lesson_id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false', SMTP_URL: smtp.url } });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    [teacher, admin, student] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('admin@demo.school'),
      api.login('student@demo.school'),
    ]);
    today = localDate(server.built.deps.now(), server.built.deps.config.timeZone);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('takes the register in one save, everyone present unless marked', async () => {
    const before = await api.get(
      `${base()}/teacher/lessons/${fx.shared}/attendance/${today}`,
      teacher,
    );
    expect(before.status).toBe(200);
    expect(before.body.data.taken).toBe(false);
    expect(before.body.data.students.every((s: { status: string }) => s.status === 'present')).toBe(
      true,
    );
    const saved = await take(fx.shared, [{ student_id: fx.student, status: 'absent' }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.taken).toBe(true);
    const rows = saved.body.data.students;
    expect(rows.find((s: { student_id: number }) => s.student_id === fx.student).status).toBe(
      'absent',
    );
    expect(rows.filter((s: { status: string }) => s.status === 'present').length).toBe(
      rows.length - 1,
    );
    expect(rows.every((s: { recorded: boolean }) => s.recorded)).toBe(true);
  });

  it('tells each guardian once a day, after the grace period, listing the lessons missed', async () => {
    const pending = await pendingNotices(fx.student);
    expect(pending.length).toBe(1);
    const due = Date.parse(pending[0]!.run_at) - server.built.deps.now().getTime();
    expect(due).toBeGreaterThan(9 * MINUTE);
    expect(due).toBeLessThanOrEqual(10 * MINUTE);
    // Absent from a second lesson the same day (the office takes that register): still one notice.
    const second = await otherLessonOf(fx.student, fx.shared);
    expect(
      (await take(second, [{ student_id: fx.student, status: 'absent' }], admin, 'admin')).status,
    ).toBe(200);
    expect((await pendingNotices(fx.student)).map((j) => j.id)).toEqual(pending.map((j) => j.id));

    await later(5 * MINUTE);
    expect(await noticesTo('parent@demo.school')).toEqual([]);
    await later(6 * MINUTE);
    const told = await noticesTo('parent@demo.school');
    // parent@demo.school reads Greek.
    expect(told).toEqual([
      { title: 'Απουσία: Σοφία Γεωργίου', entity_id: fx.student, role: 'client' },
    ]);
    const mail = await smtp.waitForMail('parent@demo.school');
    expect(mail.subject).toBe('Απουσία: Σοφία Γεωργίου');
    const names = await db()
      .selectFrom('lessons')
      .select('name')
      .where('id', 'in', [fx.shared, second])
      .execute();
    for (const { name } of names) expect(mail.text).toContain(name);
    // The student hears nothing; the notice is the family's.
    expect(await noticesTo('student@demo.school')).toEqual([]);

    // Marked absent again later that day (after a correction): no second notice.
    await take(fx.shared, []);
    await take(fx.shared, [{ student_id: fx.student, status: 'absent' }]);
    await later(11 * MINUTE);
    expect((await noticesTo('parent@demo.school')).length).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes('parent@demo.school')).length).toBe(1);
  });

  it('cancels the notice when the absence is corrected within the grace period, and audits the correction', async () => {
    const child = fx.otherParent.childId;
    const lesson = await otherLessonOf(child, -1);
    const otherParentEmail = fx.otherParent.email;
    expect(
      (await take(lesson, [{ student_id: child, status: 'absent' }], admin, 'admin')).status,
    ).toBe(200);
    expect((await pendingNotices(child)).length).toBe(1);
    await later(3 * MINUTE);
    const corrected = await take(lesson, [{ student_id: child, status: 'late' }], admin, 'admin');
    expect(corrected.status).toBe(200);
    expect((await pendingNotices(child)).length).toBe(0);
    await later(15 * MINUTE);
    expect(await noticesTo(otherParentEmail)).toEqual([]);
    expect(smtp.received.some((m) => m.to.includes(otherParentEmail))).toBe(false);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'attendance')
      .where('entity_id', '=', String(lesson))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1]!.detail!)).toEqual({
      date: today,
      corrections: [{ student_id: child, from: 'absent', to: 'late' }],
    });
  });

  it('warns the office and the family when unjustified absences in a lesson reach the threshold', async () => {
    const classmate = fx.classmate.id;
    const { count } = await db()
      .selectFrom('attendance_records')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('lesson_id', '=', fx.shared)
      .where('student_id', '=', classmate)
      .where('status', '=', 'absent')
      .where('justified', '=', 0)
      .executeTakeFirstOrThrow();
    const threshold = Number(count) + 1;
    const setting = await api.call('PUT', `${base()}/admin/settings`, {
      token: admin,
      body: { settings: { absence_threshold: String(threshold) } },
    });
    expect(setting.status).toBe(200);
    await take(fx.shared, [
      { student_id: fx.student, status: 'absent' },
      { student_id: classmate, status: 'absent' },
    ]);
    const office = await noticesTo('admin@demo.school');
    expect(office).toEqual([expect.objectContaining({ entity_id: classmate, role: 'admin' })]);
    expect(office[0]!.title).toContain(`${threshold} unjustified absences`);
  });

  it("lists the school's absences for the office with filters, totals per student, and justifies one", async () => {
    const list = await api.get(
      `${base()}/admin/absences?from=${today}&to=${today}&student_id=${fx.student}`,
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(2);
    expect(
      list.body.data.every(
        (r: { date: string; status: string }) => r.date === today && r.status === 'absent',
      ),
    ).toBe(true);
    const record = list.body.data.find((r: { lesson_id: number }) => r.lesson_id === fx.shared);

    const paged = await api.get(`${base()}/admin/absences?per_page=5&page=2`, admin);
    expect(paged.body.data.length).toBe(5);
    expect(paged.body.totalCount).toBeGreaterThan(10);

    const before = await api.get(`${base()}/admin/absences/${fx.student}`, admin);
    expect(before.status).toBe(200);
    const justify = await api.call(
      'PUT',
      `${base()}/admin/absences/${fx.student}/records/${record.id}`,
      { token: admin, body: { justified: true, note: 'Ιατρική βεβαίωση' } },
    );
    expect(justify.status).toBe(200);
    expect(justify.body.data).toMatchObject({
      justified: true,
      justification_note: 'Ιατρική βεβαίωση',
    });
    const after = await api.get(`${base()}/admin/absences/${fx.student}`, admin);
    expect(after.body.data.totals.justified).toBe(before.body.data.totals.justified + 1);
    expect(after.body.data.totals.unjustified).toBe(before.body.data.totals.unjustified - 1);
    const lesson = after.body.data.per_lesson.find(
      (l: { lesson_id: number }) => l.lesson_id === fx.shared,
    );
    expect(lesson.absent).toBe(lesson.justified + lesson.unjustified);
    expect(after.body.data.per_period.length).toBeGreaterThan(0);
    // The record belongs to this student only.
    const wrong = await api.call(
      'PUT',
      `${base()}/admin/absences/${fx.classmate.id}/records/${record.id}`,
      { token: admin, body: { justified: true } },
    );
    expect(wrong.status).toBe(404);
    const unjustified = await api.get(
      `${base()}/admin/absences?justified=false&student_id=${fx.student}&from=${today}`,
      admin,
    );
    expect(unjustified.body.data.map((r: { id: number }) => r.id)).not.toContain(record.id);
  });

  it('refuses other lessons, other roles, unknown students, future days and other schools', async () => {
    expect((await take(fx.foreign, [])).status).toBe(403);
    expect((await take(fx.shared, [], student, 'student')).status).toBe(403);
    const stranger = await db()
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', fx.school)
      .where('role', '=', 'student')
      .where(
        'id',
        'not in',
        db().selectFrom('lesson_students').select('student_id').where('lesson_id', '=', fx.shared),
      )
      .executeTakeFirstOrThrow();
    const notOnRoster = await take(fx.shared, [{ student_id: stranger.id, status: 'absent' }]);
    expect(notOnRoster.status).toBe(400);
    expect(notOnRoster.body.issues?.[0]?.code).toBe('not_in_roster');
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await take(fx.shared, [], teacher, 'teacher', tomorrow)).status).toBe(400);
    expect((await api.get(`${base()}/teacher/absences`, teacher)).status).toBe(403);
    const thessaloniki = await db()
      .selectFrom('schools')
      .select('id')
      .where('name', '=', 'Demo School Thessaloniki')
      .executeTakeFirstOrThrow();
    expect((await api.get(`/schools/${thessaloniki.id}/admin/absences`, admin)).status).toBe(403);
    expect(
      (await api.get(`/schools/${fx.school}/admin/absences/${stranger.id + 100000}`, admin)).status,
    ).toBe(404);
  });
});
