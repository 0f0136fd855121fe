import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/shared/finance/plan';
import { localDate } from '../../src/server/areas/calendar/school-time';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// A course or a level deleted withdraws the enrolment charges of the items it priced, by the
// rule of a student leaving (docs/finance.md, "Enrolment"), in the deletion's transaction:
// installments due after today drop to what was paid of them, what fell due stays owed, and
// nothing paid is rewritten (payments, their allocations, their receipts, the funds).

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
  withdrawn_on: string | null;
}
interface Account {
  balance_cents: number;
  installments: Installment[];
  charges: Charge[];
  payments: unknown[];
}

describe.each(databaseKinds)('deleting a priced course or level on %s', (kind) => {
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
  const put = async (path: string, body: object) =>
    ok(await api.call('PUT', `${base()}${path}`, { token: admin, body }));
  const remove = (path: string) => api.call('DELETE', `${base()}${path}`, { token: admin });
  const account = async (client: number) =>
    ok<Account>(await api.get(`${base()}/clients/${client}/account`, admin));
  const chargeOf = (acc: Account, item: number) => {
    const found = acc.charges.filter((c) => c.pricing_item_id === item);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const installmentsOf = (acc: Account, charge: number) =>
    acc.installments.filter((i) => i.charge_id === charge);

  /** A monthly fee of 80 € from two months ago for eight months, tied as given. */
  const monthlyFee = (name: string, tie: object) => {
    const firstDue = `${addMonths(today, -2).slice(0, 7)}-05`;
    return post('/pricing_items', {
      name,
      amount_cents: 8000,
      schedule: 'monthly',
      start_date: firstDue,
      end_date: addMonths(firstDue, 7),
      vat_category: 'vat_7',
      vat_exemption: 7,
      active: true,
      ...tie,
    });
  };

  /** A payer and a child whose guardian they are. */
  async function family() {
    run += 1;
    const client = await post('/clients', { first_name: 'Μαρία', last_name: `Πληρώτρια Δ${run}` });
    const student = await post('/students', {
      first_name: 'Γιώργος',
      last_name: `Μαθητής Δ${run}`,
      guardian_ids: [client.id],
    });
    return { client: client.id, student: student.id };
  }

  /**
   * The family pays this month's fee, the one after next ahead, and part of the month after
   * that: one payment, one receipt.
   */
  async function payPart(client: number, plan: Installment[]) {
    const paid = await post<{ payment: { id: number } }>(`/clients/${client}/payments`, {
      amount_cents: 8000 + 8000 + 3000,
      method: 'cash',
      fund_id: cashFund,
      date: today,
      allocations: [
        { installment_id: plan[0]!.id, amount_cents: 8000 },
        { installment_id: plan[2]!.id, amount_cents: 8000 },
        { installment_id: plan[3]!.id, amount_cents: 3000 },
      ],
    });
    return paid.payment.id;
  }

  /** Everything paid: the payer's payments, their allocations and receipts, every fund. */
  async function money(client: number, payment: number) {
    const documents = await db()
      .selectFrom('invoice_documents')
      .select(['id', 'kind', 'series', 'number', 'net_cents', 'vat_cents', 'gross_cents'])
      .where('school_id', '=', school)
      .where('payment_id', '=', payment)
      .orderBy('id')
      .execute();
    return {
      payments: (await account(client)).payments,
      allocations: await db()
        .selectFrom('payment_allocations')
        .select(['installment_id', 'amount_cents'])
        .where('school_id', '=', school)
        .where('payment_id', '=', payment)
        .orderBy('id')
        .execute(),
      documents,
      lines: await db()
        .selectFrom('invoice_lines')
        .select(['document_id', 'line_number', 'description', 'net_cents', 'vat_cents'])
        .where('school_id', '=', school)
        .where(
          'document_id',
          'in',
          documents.map((d) => d.id),
        )
        .orderBy('document_id')
        .orderBy('line_number')
        .execute(),
      funds: ok(await api.get(`${base()}/finance/funds`, admin)),
    };
  }

  /**
   * The withdrawn plan: what fell due by today as it was, what falls due later only as far as
   * it was paid (the unpaid months gone, the part-paid one down to its part).
   */
  function expectWithdrawn(after: Account, charge: number, plan: Installment[]) {
    const paidOf = (index: number) => [8000, 0, 8000, 3000][index] ?? 0;
    expect(
      installmentsOf(after, charge).map((i) => [i.id, i.due_date, i.amount_cents, i.paid_cents]),
    ).toEqual(
      plan
        .map((i, index) => ({ ...i, index }))
        .filter((i) => i.due_date <= today || paidOf(i.index) > 0)
        .map((i) => [
          i.id,
          i.due_date,
          i.due_date <= today ? 8000 : paidOf(i.index),
          paidOf(i.index),
        ]),
    );
  }

  const owedOn = (acc: Account) =>
    acc.installments.reduce((sum, i) => sum + i.amount_cents - i.paid_cents, 0);

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

  it('a level deleted withdraws its fee, keeps what was paid, and leaves a lesson’s fee alone', async () => {
    run += 1;
    const level = await post('/levels', { name: `Επίπεδο Δ ${kind} ${run}` });
    const fee = await monthlyFee(`Δίδακτρα επιπέδου ${kind} ${run}`, { level_id: level.id });
    const lesson = await post('/lessons', { name: `Τμήμα Δ ${kind} ${run}` });
    // Tied to the lesson and the level: the lesson decides, and it stays.
    const lessonFee = await monthlyFee(`Δίδακτρα τμήματος ${kind} ${run}`, {
      lesson_id: lesson.id,
      level_id: level.id,
    });
    const { client, student } = await family();
    await put(`/students/${student}`, { level_id: level.id });
    await put(`/lessons/${lesson.id}`, { student_ids: [student] });
    const before = await account(client);
    const charge = chargeOf(before, fee.id);
    expect(charge.withdrawn_on).toBeNull();
    const plan = installmentsOf(before, charge.id);
    expect(plan).toHaveLength(6);
    const payment = await payPart(client, plan);
    const paidBefore = await money(client, payment);
    expect(paidBefore.documents).toHaveLength(1);
    const lessonPlan = installmentsOf(await account(client), chargeOf(before, lessonFee.id).id);

    expect((await remove(`/levels/${level.id}`)).status).toBe(200);

    const after = await account(client);
    expect(chargeOf(after, fee.id).withdrawn_on).toBe(today);
    expectWithdrawn(after, charge.id, plan);
    expect(chargeOf(after, lessonFee.id).withdrawn_on).toBeNull();
    expect(installmentsOf(after, chargeOf(after, lessonFee.id).id)).toEqual(lessonPlan);
    expect(await money(client, payment)).toEqual(paidBefore);
    // Owed: the level's fee of this month is paid, so only the lesson's whole plan.
    expect(after.balance_cents).toBe(owedOn(after));
    expect(after.balance_cents).toBe(lessonPlan.reduce((sum, i) => sum + i.amount_cents, 0));
    const student_ = ok<{ level_id: number | null }>(
      await api.get(`${base()}/students/${student}`, admin),
    );
    expect(student_.level_id).toBeNull();
  });

  it('a course deleted withdraws its fee; refused while it has lessons, it withdraws nothing', async () => {
    run += 1;
    const level = await post('/levels', { name: `Επίπεδο Μ ${kind} ${run}` });
    const course = await post('/courses', { name: `Μάθημα Δ ${kind} ${run}` });
    const lesson = await post('/lessons', { name: `Τμήμα Μ ${kind} ${run}`, course_id: course.id });
    const fee = await monthlyFee(`Δίδακτρα μαθήματος ${kind} ${run}`, { course_id: course.id });
    // Tied to the course and a level the student is at: without the course, the level's.
    const books = await monthlyFee(`Βιβλία μαθήματος ${kind} ${run}`, {
      course_id: course.id,
      level_id: level.id,
    });
    const { client, student } = await family();
    await put(`/students/${student}`, { level_id: level.id });
    await put(`/lessons/${lesson.id}`, { student_ids: [student] });
    const before = await account(client);
    const charge = chargeOf(before, fee.id);
    const plan = installmentsOf(before, charge.id);
    expect(plan).toHaveLength(6);
    const payment = await payPart(client, plan);
    const paidBefore = await money(client, payment);
    const owing = await account(client);

    // A course with lessons cannot go (its lessons hold it): the refused deletion withdraws
    // nothing, being one transaction with the withdrawal.
    const refused = await remove(`/courses/${course.id}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(await account(client)).toEqual(owing);

    // Its lesson moved out of it around the enrolment hooks, as enrolments written before
    // charges followed them were (migration 061 marked those charges as enrolment's).
    await db()
      .updateTable('lessons')
      .set({ course_id: null })
      .where('school_id', '=', school)
      .where('id', '=', lesson.id)
      .execute();
    expect((await remove(`/courses/${course.id}`)).status).toBe(200);

    const after = await account(client);
    expect(chargeOf(after, fee.id).withdrawn_on).toBe(today);
    expectWithdrawn(after, charge.id, plan);
    const kept = chargeOf(after, books.id);
    expect(kept.withdrawn_on).toBeNull();
    expect(installmentsOf(after, kept.id)).toEqual(installmentsOf(owing, kept.id));
    expect(await money(client, payment)).toEqual(paidBefore);
    expect(after.balance_cents).toBe(owedOn(after));
    expect(after.balance_cents).toBe(
      installmentsOf(owing, kept.id).reduce((sum, i) => sum + i.amount_cents - i.paid_cents, 0),
    );
  });
});
