import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, insertPermissionGroup } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture } from './support/teaching';

interface Card {
  kind: string;
  count: number;
  amount_cents: number | null;
  link: string | null;
  items: {
    id: number;
    title: string;
    count: number | null;
    amount_cents: number | null;
    link: string | null;
  }[];
}
interface Step {
  key: string;
  done: boolean;
  count: number;
  link: string | null;
}

/** The school's local weekday (1 Monday … 7 Sunday), date and "HH:MM" now. */
function localNow(timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return {
    weekday,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

describe.each(databaseKinds)("the admin's start on %s", (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let school: number;
  let admin: string;
  let teacher: string;
  const db = () => server.built.deps.db;
  const home = (token = admin, id = school, role = 'admin') =>
    api.get<{ date: string; cards: Card[]; first_steps_open: number }>(
      `/schools/${id}/${role}/admin-home`,
      token,
    );
  const steps = (token: string, id: number) =>
    api.get<{ steps: Step[]; done: number; total: number }>(
      `/schools/${id}/admin/first-steps`,
      token,
    );
  const card = (cards: Card[], kindName: string) => cards.find((c) => c.kind === kindName);

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    school = (await teachingFixture(db())).school;
    [admin, teacher] = await Promise.all([
      api.login('admin@demo.school'),
      api.login('teacher@demo.school'),
    ]);
    // Today's data, whatever day the test runs: a slot running all day, a live session, absences.
    const today = localNow(server.built.deps.config.timeZone);
    const lesson = await db()
      .selectFrom('lessons as l')
      .innerJoin('periods as p', 'p.id', 'l.period_id')
      .select('l.id')
      .where('l.school_id', '=', school)
      .where('p.is_current', '=', 1)
      .where('l.active', '=', 1)
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('lesson_schedules')
      .values({
        school_id: school,
        lesson_id: lesson.id,
        weekday: today.weekday,
        start_time: '00:00',
        end_time: '23:59',
        room_id: null,
      })
      .execute();
    const nowIso = new Date().toISOString();
    await db()
      .insertInto('live_sessions')
      .values({
        school_id: school,
        lesson_id: lesson.id,
        title: 'Ζωντανή επανάληψη',
        room_name: `admin-start-${kind}`,
        scheduled_start: nowIso,
        scheduled_end: new Date(Date.now() + 3_600_000).toISOString(),
        started_at: nowIso,
        ended_at: null,
        host_user_id: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .execute();
    const students = await db()
      .selectFrom('lesson_students')
      .select('student_id')
      .where('school_id', '=', school)
      .where('lesson_id', '=', lesson.id)
      .orderBy('student_id')
      .limit(2)
      .execute();
    expect(students.length).toBe(2);
    await db()
      .deleteFrom('attendance_records')
      .where('school_id', '=', school)
      .where('lesson_id', '=', lesson.id)
      .where('date', '=', today.date)
      .execute();
    await db()
      .insertInto('attendance_records')
      .values(
        students.map((s) => ({
          school_id: school,
          lesson_id: lesson.id,
          student_id: s.student_id,
          date: today.date,
          status: 'absent' as const,
          justified: 0 as const,
          justification_note: null,
          justified_by_user_id: null,
          recorded_by_user_id: null,
          created_at: nowIso,
          updated_at: nowIso,
        })),
      )
      .execute();
    // A payment at the desk today, by a payer the demo charged.
    const payer = await db()
      .selectFrom('charges')
      .select('client_id')
      .where('school_id', '=', school)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cash = await db()
      .selectFrom('funds')
      .select('id')
      .where('school_id', '=', school)
      .where('kind', '=', 'cash')
      .executeTakeFirstOrThrow();
    const paid = await api.post(
      `/schools/${school}/admin/clients/${payer.client_id}/payments`,
      { amount_cents: 2500, method: 'cash', fund_id: cash.id, date: today.date },
      admin,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });
  afterAll(() => server.close());

  it("shows today's cards with the figures the tables hold", async () => {
    const today = localNow(server.built.deps.config.timeZone);
    const answer = await home();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { cards, date } = answer.body.data;
    expect(date).toBe(today.date);
    expect(cards.map((c) => c.kind)).toEqual([
      'lessons_now',
      'sessions_live',
      'absences_today',
      'installments_overdue',
      'payments_today',
      'mydata_problems',
      'announcements_latest',
    ]);

    const running = await sql<{ n: number | string }>`
      select count(*) as n from lesson_schedules s
      join lessons l on l.id = s.lesson_id join periods p on p.id = l.period_id
      where s.school_id = ${school} and p.is_current = 1 and l.active = 1
        and s.weekday = ${today.weekday} and s.start_time <= ${today.time}
        and s.end_time > ${today.time}`.execute(db());
    const lessonsNow = card(cards, 'lessons_now')!;
    expect(lessonsNow.count).toBe(Number(running.rows[0]!.n));
    expect(lessonsNow.count).toBeGreaterThan(0);
    expect(lessonsNow.items[0]!.link).toMatch(/^lessons\/\d+$/);

    const live = await sql<{ n: number | string }>`
      select count(*) as n from live_sessions where school_id = ${school}
        and started_at is not null and ended_at is null`.execute(db());
    const sessions = card(cards, 'sessions_live')!;
    expect(sessions.count).toBe(Number(live.rows[0]!.n));
    expect(sessions.items.map((i) => i.title)).toContain('Ζωντανή επανάληψη');
    expect(sessions.items[0]!.link).toMatch(/^session-dashboard\/\d+$/);

    const absent = await sql<{ n: number | string }>`
      select count(*) as n from attendance_records where school_id = ${school}
        and date = ${today.date} and status = 'absent'`.execute(db());
    const absences = card(cards, 'absences_today')!;
    expect(absences.count).toBe(Number(absent.rows[0]!.n));
    expect(absences.count).toBeGreaterThanOrEqual(2);
    const perStudent = await sql<{ student_id: number; n: number | string }>`
      select student_id, count(*) as n from attendance_records where school_id = ${school}
        and date = ${today.date} and status = 'absent' group by student_id`.execute(db());
    const expected = new Map(perStudent.rows.map((r) => [Number(r.student_id), Number(r.n)]));
    for (const item of absences.items) expect(item.count).toBe(expected.get(item.id));
    expect(absences.items[0]!.link).toBe(`absence/${absences.items[0]!.id}`);

    // Money: what payers owe past the due date, today's payments, documents myDATA lacks.
    const owed = await sql<{ client_id: number; n: number | string; owed: number | string }>`
      select client_id, count(*) as n, sum(amount_cents - paid_cents) as owed from installments
      where school_id = ${school} and due_date < ${today.date} and paid_cents < amount_cents
      group by client_id`.execute(db());
    const overdue = card(cards, 'installments_overdue')!;
    expect(overdue.count).toBe(owed.rows.reduce((sum, r) => sum + Number(r.n), 0));
    expect(overdue.amount_cents).toBe(owed.rows.reduce((sum, r) => sum + Number(r.owed), 0));
    expect(overdue.count).toBeGreaterThan(0);
    const owedOf = new Map(owed.rows.map((r) => [Number(r.client_id), Number(r.owed)]));
    for (const item of overdue.items) {
      expect(item.amount_cents).toBe(owedOf.get(item.id));
      expect(item.link).toBe(`clients/${item.id}`);
    }
    const amounts = overdue.items.map((i) => i.amount_cents!);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(Math.max(...owedOf.values())).toBe(amounts[0]);

    const paidToday = await sql<{ n: number | string; total: number | string | null }>`
      select count(*) as n, sum(amount_cents) as total from payments
      where school_id = ${school} and date = ${today.date}`.execute(db());
    const payments = card(cards, 'payments_today')!;
    expect(payments.count).toBe(Number(paidToday.rows[0]!.n));
    expect(payments.amount_cents).toBe(Number(paidToday.rows[0]!.total ?? 0));
    expect(payments.count).toBeGreaterThan(0);
    expect(payments.items[0]!.link).toMatch(/^clients\/\d+$/);

    const unsent = await sql<{ n: number | string }>`
      select count(*) as n from invoice_documents where school_id = ${school}
        and mydata_status in ('rejected', 'failed', 'not_sent', 'retrying')`.execute(db());
    const mydata = card(cards, 'mydata_problems')!;
    expect(mydata.count).toBe(Number(unsent.rows[0]!.n));
    expect(mydata.link).toBe('invoices');
    for (const item of mydata.items) expect(item.link).toBe(`invoices/${item.id}`);

    const newest = await db()
      .selectFrom('announcements')
      .select(['id', 'title'])
      .where('school_id', '=', school)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    const announcements = card(cards, 'announcements_latest')!;
    expect(announcements.items.map((i) => i.id)).toEqual(newest.map((a) => a.id));
    expect(announcements.link).toBe('announcements');
  });

  it("leaves out the cards the admin's permission groups cannot read", async () => {
    const email = `office-${kind}@start.test`;
    const { userId } = await insertAccount(db(), email, [{ school, role: 'admin' }]);
    await insertPermissionGroup(
      db(),
      school,
      `Announcements only ${kind}`,
      [{ resource: 'announcements', read: true, write: false }],
      [userId],
    );
    const narrow = await api.login(email);
    const answer = await home(narrow);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.cards.map((c) => c.kind)).toEqual(['announcements_latest']);
    const checklist = await steps(narrow, school);
    expect(checklist.body.data.steps.every((s) => s.link === null)).toBe(true);
  });

  it('refuses other roles and admins of other schools', async () => {
    expect((await home(teacher, school, 'teacher')).status).toBe(403);
    expect((await api.get(`/schools/${school}/teacher/first-steps`, teacher)).status).toBe(403);
    const { id: other } = await db()
      .insertInto('schools')
      .values({
        name: 'Άλλο Φροντιστήριο',
        logo: null,
        white_label_id: null,
        created_at: '2024-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAccount(db(), `stranger-${kind}@start.test`, [{ school: other, role: 'admin' }]);
    const stranger = await api.login(`stranger-${kind}@start.test`);
    expect((await home(stranger)).status).toBe(403);
    expect((await steps(stranger, school)).status).toBe(403);
  });

  it('ticks the first steps of a new school as its data appears', async () => {
    const { id: fresh } = await db()
      .insertInto('schools')
      .values({
        name: 'Φροντιστήριο Νέα Αρχή',
        logo: null,
        white_label_id: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAccount(db(), `founder-${kind}@start.test`, [
      { school: fresh, role: 'admin', fullAccess: true },
    ]);
    const founder = await api.login(`founder-${kind}@start.test`);
    const done = async () => {
      const answer = await steps(founder, fresh);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const start = await done();
    expect(start.total).toBe(9);
    // Only the admin's own membership exists: nothing is done yet.
    expect(start.steps.filter((s) => s.done).map((s) => s.key)).toEqual([]);
    expect(start.steps.find((s) => s.key === 'levels')!.link).toBe('levels');
    expect(start.steps.find((s) => s.key === 'pricing_items')!.link).toBe('pricing_items');
    expect(start.steps.find((s) => s.key === 'mydata')!.link).toBe('invoices');
    expect((await home(founder, fresh)).body.data.first_steps_open).toBe(9);

    const level = await api.post(`/schools/${fresh}/admin/levels`, { name: 'Α Λυκείου' }, founder);
    expect(level.status, JSON.stringify(level.body)).toBe(200);
    const site = await api.post(`/schools/${fresh}/admin/sites`, { name: 'Κεντρικό' }, founder);
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    let now = await done();
    expect(now.steps.filter((s) => s.done).map((s) => s.key)).toEqual(['levels']);
    // A building without rooms is not yet set up.
    expect(now.steps.find((s) => s.key === 'buildings')).toMatchObject({ done: false, count: 1 });
    const room = await api.post(
      `/schools/${fresh}/admin/rooms`,
      { name: 'Αίθουσα 1', site_id: site.body.data.id },
      founder,
    );
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    await insertAccount(db(), `first-teacher-${kind}@start.test`, [
      { school: fresh, role: 'teacher' },
    ]);
    now = await done();
    expect(now.steps.filter((s) => s.done).map((s) => s.key)).toEqual([
      'levels',
      'buildings',
      'teachers',
    ]);
    expect(now.done).toBe(3);
    expect((await home(founder, fresh)).body.data.first_steps_open).toBe(6);

    const priced = await api.post(
      `/schools/${fresh}/admin/pricing_items`,
      {
        name: 'Δίδακτρα',
        amount_cents: 12_000,
        schedule: 'once',
        start_date: '2026-09-01',
        vat_category: 'vat_1',
        active: true,
      },
      founder,
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    now = await done();
    expect(now.steps.find((s) => s.key === 'pricing_items')).toMatchObject({
      done: true,
      count: 1,
    });
    // This server has no myDATA credentials: complete issuer details alone do not tick it.
    const profile = {
      legal_name: 'Νέα Αρχή ΙΚΕ',
      vat_number: '099999999',
      tax_office: 'Α΄ Αθηνών',
      address: 'Πανεπιστημίου 1',
      city: 'Αθήνα',
      postal_code: '10564',
    };
    const saved = await api.call('PUT', `/schools/${fresh}/admin/invoicing/profile`, {
      body: profile,
      token: founder,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    now = await done();
    expect(now.steps.find((s) => s.key === 'mydata')).toMatchObject({ done: false, count: 1 });
    expect(now.done).toBe(4);
  });

  it('ticks myDATA once the server has its credentials and the school its issuer details', async () => {
    const withMydata = await startServer(kind, {
      env: {
        JOBS_ENABLED: 'false',
        MYDATA_URL: 'http://127.0.0.1:9/mydata',
        MYDATA_USER_ID: 'school-user',
        MYDATA_SUBSCRIPTION_KEY: 'school-key',
      },
    });
    try {
      const client = apiClient(withMydata.url);
      const mdb = withMydata.built.deps.db;
      const { id } = await mdb
        .insertInto('schools')
        .values({
          name: 'Με myDATA',
          logo: null,
          white_label_id: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertAccount(mdb, `mydata-${kind}@start.test`, [
        { school: id, role: 'admin', fullAccess: true },
      ]);
      const token = await client.login(`mydata-${kind}@start.test`);
      const step = async () =>
        (
          await client.get<{ steps: Step[] }>(`/schools/${id}/admin/first-steps`, token)
        ).body.data.steps.find((s) => s.key === 'mydata');
      expect(await step()).toMatchObject({ done: false, count: 1 });
      const saved = await client.call('PUT', `/schools/${id}/admin/invoicing/profile`, {
        body: {
          legal_name: 'Με myDATA ΙΚΕ',
          vat_number: '099999998',
          tax_office: 'Δ΄ Αθηνών',
          address: 'Σταδίου 2',
          city: 'Αθήνα',
          postal_code: '10562',
        },
        token,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await step()).toMatchObject({ done: true, count: 2, link: 'invoices' });
    } finally {
      await withMydata.close();
    }
  });
});

describe.each(databaseKinds)('one notification by its id on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let school: number;
  let admin: string;
  let mine: number;
  let theirs: number;
  const db = () => server.built.deps.db;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    school = (await teachingFixture(db())).school;
    admin = await api.login('admin@demo.school');
    const userOf = async (email: string) =>
      (
        await db()
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const announcement = await db()
      .selectFrom('announcements')
      .select(['id', 'title'])
      .where('school_id', '=', school)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const insert = async (userId: number, role: string) =>
      (
        await db()
          .insertInto('notifications')
          .values({
            school_id: school,
            user_id: userId,
            role,
            title: 'Νέα ανακοίνωση',
            body: 'Διαβάστε την ανακοίνωση.',
            entity: 'announcements',
            entity_id: announcement.id,
            created_at: new Date().toISOString(),
            seen_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    mine = await insert(await userOf('admin@demo.school'), 'admin');
    theirs = await insert(await userOf('secretary@demo.school'), 'admin');
  });
  afterAll(() => server.close());

  it('shows the caller their own notification with what it refers to, and marks it seen', async () => {
    const path = `/schools/${school}/admin/notifications/${mine}`;
    const first = await api.get(path, admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const announcement = await db()
      .selectFrom('announcements')
      .select('title')
      .where('id', '=', first.body.data.entity_id)
      .executeTakeFirstOrThrow();
    expect(first.body.data).toMatchObject({
      id: mine,
      title: 'Νέα ανακοίνωση',
      entity: 'announcements',
      seen: false,
      subject: announcement.title,
    });
    const seen = await api.post(`${path}/seen`, {}, admin);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect((await api.get(path, admin)).body.data.seen).toBe(true);
  });

  it("answers 404 for another person's notification and leaves it unseen", async () => {
    const path = `/schools/${school}/admin/notifications/${theirs}`;
    expect((await api.get(path, admin)).status).toBe(404);
    expect((await api.post(`${path}/seen`, {}, admin)).status).toBe(404);
    const row = await db()
      .selectFrom('notifications')
      .select('seen_at')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.seen_at).toBeNull();
    // The same person in another role does not reach it either.
    const teacher = await api.login('teacher@demo.school');
    expect(
      (await api.get(`/schools/${school}/teacher/notifications/${mine}`, teacher)).status,
    ).toBe(404);
  });
});
