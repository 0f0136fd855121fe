import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/shared/finance/plan';
import { localDate } from '../../src/server/areas/calendar/school-time';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// A student deleted (removed from the school) takes their enrolment charges with them by the rule
// of leaving a lesson (docs/finance.md, "Enrolment"), in the deletion's transaction: installments
// due after today drop to what was paid of them, what fell due stays owed, nothing paid is
// rewritten, and a charge by hand stays the office's. A client with charges or payments cannot
// be deleted: the refusal is a 409 that says why, and nothing changes.

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

describe.each(databaseKinds)('deleting a charged student or client on %s', (kind) => {
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
  const installmentsOf = (acc: Account, charge: number) =>
    acc.installments.filter((i) => i.charge_id === charge);

  /** A child, their payer, a lesson with a monthly fee of 80 € (two months ago for eight months). */
  async function enrolledFamily() {
    run += 1;
    const lesson = await post('/lessons', { name: `Τμήμα Δ ${kind} ${run}` });
    const firstDue = `${addMonths(today, -2).slice(0, 7)}-05`;
    const fee = await post('/pricing_items', {
      name: `Δίδακτρα διαγραφής ${kind} ${run}`,
      amount_cents: 8000,
      schedule: 'monthly',
      start_date: firstDue,
      end_date: addMonths(firstDue, 7),
      vat_category: 'vat_7',
      vat_exemption: 7,
      active: true,
      lesson_id: lesson.id,
    });
    const client = await post('/clients', { first_name: 'Μαρία', last_name: `Πληρώτρια Σ${run}` });
    const student = await post('/students', {
      first_name: 'Γιώργος',
      last_name: `Μαθητής Σ${run}`,
      guardian_ids: [client.id],
    });
    await put(`/lessons/${lesson.id}`, { student_ids: [student.id] });
    // A charge by hand for the same child: the office's, it stays whatever happens to them.
    const byHand = await post<{ charge_ids: number[] }>(`/clients/${client.id}/charges`, {
      student_id: student.id,
      description: 'Βιβλία',
      amount_cents: 4500,
      schedule: 'once',
      start_date: addMonths(today, 1),
    });
    const acc = await account(client.id);
    const charge = acc.charges.find((c) => c.pricing_item_id === fee.id)!;
    expect(charge.withdrawn_on).toBeNull();
    const plan = installmentsOf(acc, charge.id);
    // A monthly fee from the month the student joins: six of the eight months.
    expect(plan).toHaveLength(6);
    // This month's fee, the one after next ahead, and part of the month after that.
    const paid = await post<{ payment: { id: number } }>(`/clients/${client.id}/payments`, {
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
    return {
      client: client.id,
      student: student.id,
      charge: charge.id,
      byHand: byHand.charge_ids[0]!,
      plan,
      payment: paid.payment.id,
    };
  }

  /** Everything paid: the payment's allocations and the ledger's rows and funds. */
  async function money(payment: number) {
    return {
      allocations: await db()
        .selectFrom('payment_allocations')
        .select(['installment_id', 'amount_cents'])
        .where('school_id', '=', school)
        .where('payment_id', '=', payment)
        .orderBy('id')
        .execute(),
      ledger: await db()
        .selectFrom('transactions')
        .select(['id', 'fund_id', 'amount_cents', 'date'])
        .where('school_id', '=', school)
        .where('payment_id', '=', payment)
        .execute(),
      funds: ok(await api.get(`${base()}/finance/funds`, admin)),
    };
  }

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

  it('a student deleted withdraws their enrolment charges, keeps what was paid and the charge by hand', async () => {
    const f = await enrolledFamily();
    const before = await account(f.client);
    const paidBefore = await money(f.payment);
    const byHandBefore = installmentsOf(before, f.byHand);

    const deleted = await remove(`/students/${f.student}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(
      await db()
        .selectFrom('memberships')
        .select('id')
        .where('id', '=', f.student)
        .executeTakeFirst(),
    ).toBeUndefined();

    const after = await account(f.client);
    expect(after.charges.find((c) => c.id === f.charge)!.withdrawn_on).toBe(today);
    // What fell due stays owed; later months only as far as they were paid.
    const paidOf = (index: number) => [8000, 0, 8000, 3000][index] ?? 0;
    expect(
      installmentsOf(after, f.charge).map((i) => [i.id, i.due_date, i.amount_cents, i.paid_cents]),
    ).toEqual(
      f.plan
        .map((i, index) => ({ ...i, index }))
        .filter((i) => i.due_date <= today || paidOf(i.index) > 0)
        .map((i) => [
          i.id,
          i.due_date,
          i.due_date <= today ? 8000 : paidOf(i.index),
          paidOf(i.index),
        ]),
    );
    // The charge by hand is as it was, still owed.
    expect(after.charges.find((c) => c.id === f.byHand)!.withdrawn_on).toBeNull();
    const figures = (list: Installment[]) =>
      list.map((i) => [i.id, i.due_date, i.amount_cents, i.paid_cents]);
    expect(figures(installmentsOf(after, f.byHand))).toEqual(figures(byHandBefore));
    // Nothing paid was rewritten: allocations, the ledger's rows, the funds.
    expect(await money(f.payment)).toEqual(paidBefore);
    // The payer owes less by exactly the unpaid months after today.
    const dropped = f.plan
      .map((i, index) => ({ ...i, index }))
      .filter((i) => i.due_date > today)
      .reduce((sum, i) => sum + 8000 - paidOf(i.index), 0);
    expect(after.balance_cents).toBe(before.balance_cents - dropped);
  });

  it('a client with charges or payments is refused with a 409 saying why, and nothing changes', async () => {
    const f = await enrolledFamily();
    const before = await account(f.client);
    const refused = await remove(`/clients/${f.client}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    const body = refused.body as unknown as {
      error: string;
      message: string;
      issues: { code: string; params: { count: number } }[];
    };
    expect(body.error).toBe('conflict');
    expect(body.message).toMatch(/finance/);
    expect(body.message).toMatch(/2 charge\(s\) and 1 payment\(s\)/);
    expect(body.issues).toEqual([{ code: 'in_use', params: { count: 3 } }]);
    expect(await account(f.client)).toEqual(before);
  });

  const userOf = async (membership: number) =>
    (
      await db()
        .selectFrom('memberships')
        .select('user_id')
        .where('id', '=', membership)
        .executeTakeFirstOrThrow()
    ).user_id;

  it('the Users screen follows the same rules: a student removed or losing the role withdraws, a client with charges is refused', async () => {
    // Removed from the school as a user.
    const removed = await enrolledFamily();
    const before = await account(removed.client);
    const gone = await remove(`/users/${await userOf(removed.student)}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const after = await account(removed.client);
    expect(after.charges.find((c) => c.id === removed.charge)!.withdrawn_on).toBe(today);
    expect(after.charges.find((c) => c.id === removed.byHand)!.withdrawn_on).toBeNull();
    expect(after.balance_cents).toBeLessThan(before.balance_cents);

    // The student role taken away (the account keeps another role in the school).
    const demoted = await enrolledFamily();
    const demotedUser = await userOf(demoted.student);
    const changed = await api.call('PUT', `${base()}/users/${demotedUser}`, {
      token: admin,
      body: { roles: ['teacher'] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      (await account(demoted.client)).charges.find((c) => c.id === demoted.charge)!.withdrawn_on,
    ).toBe(today);

    // A payer with charges and payments cannot be removed as a user either: a 409, not a 500.
    const payer = await enrolledFamily();
    const payerBefore = await account(payer.client);
    const refused = await remove(`/users/${await userOf(payer.client)}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toMatch(/finance/);
    expect(await account(payer.client)).toEqual(payerBefore);
  });

  it('a client without charges or payments is deleted', async () => {
    const client = await post('/clients', { first_name: 'Νίκος', last_name: `Χωρίς ${kind}` });
    const deleted = await remove(`/clients/${client.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });
});
