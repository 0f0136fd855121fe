import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/shared/finance/plan';
import { localDate } from '../../src/server/areas/calendar/school-time';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// Enrolment charges on both databases (docs/finance.md, "Enrolment"): enrolling a student in a
// priced course, lesson or level charges the student's payer in the enrolment's own
// transaction, once however often it is saved; leaving withdraws what falls due later and
// never rewrites what was paid; coming back charges only what was not charged before.

interface Installment {
  id: number;
  charge_id: number;
  due_date: string;
  amount_cents: number;
  paid_cents: number;
}
interface Charge {
  id: number;
  pricing_item_id: number | null;
  net_cents: number;
  paid_cents: number;
  enrolment: boolean;
  withdrawn_on: string | null;
}
interface Account {
  balance_cents: number;
  installments: Installment[];
  charges: Charge[];
}

describe.each(databaseKinds)('enrolment charges on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let school: number;
  let cashFund: number;
  let today: string;
  let run = 0;
  const base = () => `/schools/${school}/admin`;
  const db = () => server.built.deps.db;
  const ok = <T>(res: { status: number; body: { data: T } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const post = async <T = { id: number }>(path: string, body: object) =>
    ok<T>(await api.post(`${base()}${path}`, body, admin));
  const put = (path: string, body: object) =>
    api.call('PUT', `${base()}${path}`, { token: admin, body });
  const account = async (client: number) =>
    ok<Account>(await api.get(`${base()}/clients/${client}/account`, admin));
  const chargesFor = (acc: Account, item: number) =>
    acc.charges.filter((c) => c.pricing_item_id === item);
  const installmentsOf = (acc: Account, charge: number) =>
    acc.installments.filter((i) => i.charge_id === charge);

  /** A course with a lesson, a monthly tuition on the course and a registration on the lesson. */
  async function pricedLesson() {
    run += 1;
    const tag = `${kind} ${run}`;
    const course = await post('/courses', { name: `Κόστος ${tag}` });
    const lesson = await post('/lessons', { name: `Μάθημα ${tag}`, course_id: course.id });
    const firstDue = `${addMonths(today, -2).slice(0, 7)}-05`;
    const tuition = await post('/pricing_items', {
      name: `Δίδακτρα ${tag}`,
      amount_cents: 8000,
      schedule: 'monthly',
      start_date: firstDue,
      end_date: addMonths(firstDue, 7),
      vat_category: 'vat_7',
      vat_exemption: 7,
      course_id: course.id,
      active: true,
    });
    const registration = await post('/pricing_items', {
      name: `Εγγραφή ${tag}`,
      amount_cents: 5000,
      schedule: 'once',
      start_date: addMonths(today, -1),
      vat_category: 'vat_7',
      vat_exemption: 7,
      lesson_id: lesson.id,
      active: true,
    });
    return {
      course: course.id,
      lesson: lesson.id,
      tuition: tuition.id,
      registration: registration.id,
    };
  }

  /** A family: a payer and a child, the child's guardian the payer (or none). */
  async function family(withGuardian = true) {
    run += 1;
    const client = await post('/clients', { first_name: 'Ελένη', last_name: `Πληρώτρια ${run}` });
    const student = await post('/students', {
      first_name: 'Νίκος',
      last_name: `Μαθητής ${run}`,
      ...(withGuardian ? { guardian_ids: [client.id] } : {}),
    });
    return { client: client.id, student: student.id };
  }

  const studentsOf = async (lesson: number) =>
    ok<{ student_ids: number[] }>(await api.get(`${base()}/lessons/${lesson}`, admin)).student_ids;
  const enrol = async (lesson: number, student: number) =>
    put(`/lessons/${lesson}`, { student_ids: [...(await studentsOf(lesson)), student] });
  const unenrol = async (lesson: number, student: number) =>
    put(`/lessons/${lesson}`, {
      student_ids: (await studentsOf(lesson)).filter((id) => id !== student),
    });

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    const schools = await db().selectFrom('schools').select(['id', 'name']).orderBy('id').execute();
    school = schools.find((s) => s.name.includes('Athens'))!.id;
    cashFund = (
      await db()
        .selectFrom('funds')
        .select('id')
        .where('school_id', '=', school)
        .where('kind', '=', 'cash')
        .executeTakeFirstOrThrow()
    ).id;
    today = localDate(server.built.deps.now(), server.built.deps.config.timeZone);
  });
  afterAll(async () => {
    await server.close();
  });

  it('charges the payer when a student is enrolled, from the month they join, once however often it is saved', async () => {
    const priced = await pricedLesson();
    const { client, student } = await family();
    expect((await account(client)).charges).toEqual([]);

    const enrolled = await enrol(priced.lesson, student);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const acc = await account(client);
    const [tuition] = chargesFor(acc, priced.tuition);
    expect(tuition).toMatchObject({ enrolment: true, withdrawn_on: null });
    // The monthly fee from this month (the two months before the student came are not owed),
    // its due date not before today, so that nothing is born overdue.
    const plan = installmentsOf(acc, tuition!.id);
    const thisMonth = `${today.slice(0, 7)}-05`;
    expect(plan.map((i) => i.due_date)).toEqual(
      Array.from({ length: 6 }, (_, i) => addMonths(thisMonth, i)).map((d) =>
        d < today ? today : d,
      ),
    );
    expect(plan.every((i) => i.amount_cents === 8000)).toBe(true);
    expect(tuition!.net_cents).toBe(6 * 8000);
    // The lesson's registration fell due a month ago: it falls due the day they join.
    const [registration] = chargesFor(acc, priced.registration);
    expect(installmentsOf(acc, registration!.id).map((i) => [i.due_date, i.amount_cents])).toEqual([
      [today, 5000],
    ]);
    expect(acc.balance_cents).toBe(6 * 8000 + 5000);

    // Saving again, the lesson or the student, or twice at once, charges nothing more.
    const students = await studentsOf(priced.lesson);
    expect(students).toContain(student);
    expect((await put(`/lessons/${priced.lesson}`, { student_ids: students })).status).toBe(200);
    expect((await put(`/students/${student}`, { phone: '2101234567' })).status).toBe(200);
    const both = await Promise.all(
      [0, 1].map(() => put(`/lessons/${priced.lesson}`, { student_ids: students })),
    );
    for (const res of both) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await account(client);
    expect(again.charges).toHaveLength(2);
    expect(again.balance_cents).toBe(acc.balance_cents);
    // Two offices enrol a new student at the same instant: one charge (the second save may
    // be refused as a conflict on the lesson's links, never charged twice).
    const twin = await family();
    const withTwin = [...(await studentsOf(priced.lesson)), twin.student];
    const racing = await Promise.all(
      [0, 1].map(() => put(`/lessons/${priced.lesson}`, { student_ids: withTwin })),
    );
    for (const res of racing) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    expect(racing.some((res) => res.status === 200)).toBe(true);
    expect(chargesFor(await account(twin.client), priced.tuition)).toHaveLength(1);
    // A second lesson of the same course is the same course: no second tuition.
    const second = await post('/lessons', {
      name: `Δεύτερο τμήμα ${kind} ${run}`,
      course_id: priced.course,
      student_ids: [student],
    });
    expect(second.id).toBeGreaterThan(0);
    expect((await account(client)).charges).toHaveLength(2);
  });

  it('withdraws what falls due after the student leaves, keeps what was paid, and charges a return once', async () => {
    const priced = await pricedLesson();
    const { client, student } = await family();
    await enrol(priced.lesson, student);
    const acc = await account(client);
    const tuition = chargesFor(acc, priced.tuition)[0]!;
    const plan = installmentsOf(acc, tuition.id);
    // The family pays this month's fee and, ahead, the one after next.
    const paid = await api.post(
      `${base()}/clients/${client}/payments`,
      {
        amount_cents: 16000,
        method: 'cash',
        fund_id: cashFund,
        date: today,
        allocations: [
          { installment_id: plan[0]!.id, amount_cents: 8000 },
          { installment_id: plan[2]!.id, amount_cents: 8000 },
        ],
      },
      admin,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const allocationsBefore = await db()
      .selectFrom('payment_allocations')
      .select(['installment_id', 'amount_cents'])
      .where('payment_id', '=', paid.body.data.payment.id)
      .orderBy('id')
      .execute();

    // The student leaves the course (their only lesson of it) and the lesson.
    expect((await unenrol(priced.lesson, student)).status).toBe(200);
    const left = await account(client);
    const withdrawn = chargesFor(left, priced.tuition)[0]!;
    expect(withdrawn.withdrawn_on).toBe(today);
    // Kept: what fell due by today, and what was paid ahead (never rewritten); gone: the rest.
    const paidAhead = (index: number) => index === 0 || index === 2;
    expect(
      installmentsOf(left, tuition.id).map((i) => [i.id, i.amount_cents, i.paid_cents]),
    ).toEqual(
      plan
        .map((i, index) => ({ ...i, index }))
        .filter((i) => i.due_date <= today || paidAhead(i.index))
        .map((i) => [i.id, 8000, paidAhead(i.index) ? 8000 : 0]),
    );
    expect(
      await db()
        .selectFrom('payment_allocations')
        .select(['installment_id', 'amount_cents'])
        .where('payment_id', '=', paid.body.data.payment.id)
        .orderBy('id')
        .execute(),
    ).toEqual(allocationsBefore);
    // The registration fell due today: it stays owed.
    const registration = chargesFor(left, priced.registration)[0]!;
    expect(registration.withdrawn_on).toBe(today);
    expect(registration.net_cents).toBe(5000);
    expect(left.balance_cents).toBe(5000);
    // A withdrawn charge takes no new discount: it would spread over the months dropped.
    const discount = await put(`/charges/${withdrawn.id}`, {
      discount: { kind: 'percent', value: 10, reason: 'Έκπτωση αδελφών' },
    });
    expect(discount.status).toBe(400);
    expect(discount.body.fields).toHaveProperty('discount');

    // Back again: charged from after the last month already charged (the one paid ahead),
    // and the registration, charged once already, is not charged again.
    expect((await enrol(priced.lesson, student)).status).toBe(200);
    const back = await account(client);
    const tuitions = chargesFor(back, priced.tuition);
    expect(tuitions).toHaveLength(2);
    const fresh = tuitions.find((c) => c.withdrawn_on === null)!;
    expect(installmentsOf(back, fresh.id).map((i) => i.due_date)).toEqual(
      plan.slice(3).map((i) => i.due_date),
    );
    expect(chargesFor(back, priced.registration)).toHaveLength(1);
    expect(back.balance_cents).toBe(5000 + 3 * 8000);
  });

  it('charges when the payer becomes known, leaves charges by hand alone, and follows the level', async () => {
    const priced = await pricedLesson();
    // A student without a guardian: nobody to charge yet.
    const orphan = await family(false);
    await enrol(priced.lesson, orphan.student);
    expect(
      await db()
        .selectFrom('charges')
        .select('id')
        .where('school_id', '=', school)
        .where('student_id', '=', orphan.student)
        .execute(),
    ).toEqual([]);
    // The guardian is named, from the client's side: the charges follow.
    expect((await put(`/clients/${orphan.client}`, { student_ids: [orphan.student] })).status).toBe(
      200,
    );
    expect((await account(orphan.client)).charges).toHaveLength(2);

    // The office charged the tuition by hand before the enrolment: no second one; and leaving
    // does not touch the office's own charge.
    const { client, student } = await family();
    const byHand = await api.post(
      `${base()}/clients/${client}/charges`,
      { pricing_item_id: priced.tuition, student_id: student },
      admin,
    );
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    await enrol(priced.lesson, student);
    const acc = await account(client);
    expect(chargesFor(acc, priced.tuition)).toHaveLength(1);
    await unenrol(priced.lesson, student);
    const after = await account(client);
    expect(chargesFor(after, priced.tuition)[0]).toMatchObject({
      enrolment: false,
      withdrawn_on: null,
      net_cents: chargesFor(acc, priced.tuition)[0]!.net_cents,
    });
    expect(chargesFor(after, priced.registration)[0]!.withdrawn_on).toBe(today);

    // A level's fee: charged when the student is put at the level, withdrawn when moved on.
    run += 1;
    const level = await post('/levels', { name: `Επίπεδο ${kind} ${run}` });
    const other = await post('/levels', { name: `Επίπεδο ${kind} ${run}b` });
    const books = await post('/pricing_items', {
      name: `Βιβλία ${kind} ${run}`,
      amount_cents: 9000,
      schedule: 'installments',
      installments: 3,
      start_date: addMonths(today, 1),
      vat_category: 'vat_3',
      level_id: level.id,
      active: true,
    });
    expect((await put(`/students/${student}`, { level_id: level.id })).status).toBe(200);
    const atLevel = chargesFor(await account(client), books.id);
    expect(atLevel).toHaveLength(1);
    expect(atLevel[0]!.net_cents).toBe(9000);
    expect((await put(`/students/${student}`, { level_id: other.id })).status).toBe(200);
    const movedOn = chargesFor(await account(client), books.id)[0]!;
    expect(movedOn.withdrawn_on).toBe(today);
    expect(movedOn.net_cents).toBe(0);
  });

  it('withdraws the students of a deleted lesson, and the office charges the enrolled once', async () => {
    const priced = await pricedLesson();
    const { client, student } = await family();
    await enrol(priced.lesson, student);
    expect(
      (await api.call('DELETE', `${base()}/lessons/${priced.lesson}`, { token: admin })).status,
    ).toBe(200);
    const acc = await account(client);
    expect(acc.charges.every((c) => c.withdrawn_on === today)).toBe(true);
    expect(acc.balance_cents).toBe(
      acc.installments.reduce((sum, i) => sum + i.amount_cents - i.paid_cents, 0),
    );
    // "Charge the enrolled students" on a course item charges those not charged, once.
    const lesson = await post('/lessons', {
      name: `Τμήμα ${kind} ${run}`,
      course_id: priced.course,
    });
    const another = await family();
    // Written around the hooks, as enrolment before this feature was: no charge yet.
    await db()
      .insertInto('lesson_students')
      .values({ school_id: school, lesson_id: lesson.id, student_id: another.student })
      .execute();
    const first = await api.post(
      `${base()}/pricing_items/${priced.tuition}/charge-enrolled`,
      {},
      admin,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.charged).toBe(1);
    const second = await api.post(
      `${base()}/pricing_items/${priced.tuition}/charge-enrolled`,
      {},
      admin,
    );
    expect(second.body.data).toEqual({ charged: 0, skipped: 1 });
    // Without the day the student joined, the whole plan on its own dates.
    const [whole] = chargesFor(await account(another.client), priced.tuition);
    expect(whole).toMatchObject({ enrolment: true, net_cents: 8 * 8000 });
  });
});
