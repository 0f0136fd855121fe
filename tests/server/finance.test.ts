import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOverdueReminders } from '../../src/server/areas/finance/reminders';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// Finance on both databases: allocation oldest-first and by choice, credit, discounts that
// never rewrite what was paid, Idempotency-Key on payments, the fund balance invariant, and
// who may read whose account.

describe.each(databaseKinds)('finance on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let parent: string;
  let teacher: string;
  let school: number;
  let otherSchool: number;
  let funds: { cash: number; bank: number; card: number };
  let expenseCategory: number;
  let supplier: number;
  const db = () => server.built.deps.db;
  const base = () => `/schools/${school}/admin`;
  let freshClients: number[] = [];
  const takeClient = () => freshClients.shift()!;
  const account = async (clientId: number) => {
    const res = await api.get(`${base()}/clients/${clientId}/account`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const charge = (clientId: number, body: object) =>
    api.post(`${base()}/clients/${clientId}/charges`, body, admin);
  const pay = (clientId: number, body: object, headers?: Record<string, string>) =>
    api.post(`${base()}/clients/${clientId}/payments`, body, admin, headers);
  const cashPayment = (amount: number, extra: object = {}) => ({
    amount_cents: amount,
    method: 'cash',
    fund_id: funds.cash,
    date: '2026-01-10',
    ...extra,
  });
  /** Three installments of 100,00 € due from two months ago: two are overdue. */
  const threeInstallments = {
    description: 'Φροντιστήριο Φυσικής',
    amount_cents: 30000,
    schedule: 'installments',
    installments: 3,
    start_date: '2025-11-05',
  };

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    [admin, parent, teacher] = await Promise.all([
      api.login('admin@demo.school'),
      api.login('parent@demo.school'),
      api.login('teacher@demo.school'),
    ]);
    const schools = await db().selectFrom('schools').select(['id', 'name']).orderBy('id').execute();
    school = schools.find((s) => s.name.includes('Athens'))!.id;
    otherSchool = schools.find((s) => s.name.includes('Thessaloniki'))!.id;
    const fundRows = await db()
      .selectFrom('funds')
      .select(['id', 'kind'])
      .where('school_id', '=', school)
      .execute();
    const fundOf = (k: string) => fundRows.find((f) => f.kind === k)!.id;
    funds = { cash: fundOf('cash'), bank: fundOf('bank'), card: fundOf('card') };
    expenseCategory = (
      await db()
        .selectFrom('categories')
        .select('id')
        .where('school_id', '=', school)
        .where('type', '=', 'expense')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    supplier = (
      await db()
        .selectFrom('suppliers')
        .select('id')
        .where('school_id', '=', school)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // Clients the demo charged nothing: each test takes its own.
    const charged = db().selectFrom('charges').select('client_id');
    freshClients = (
      await db()
        .selectFrom('memberships')
        .select('id')
        .where('school_id', '=', school)
        .where('role', '=', 'client')
        .where('id', 'not in', charged)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    expect(freshClients.length).toBeGreaterThan(10);
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates the installment plan and pays the oldest open installments first', async () => {
    const client = takeClient();
    const created = await charge(client, threeInstallments);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const plan = created.body.data.account.installments;
    expect(
      plan.map((i: { due_date: string; amount_cents: number }) => [i.due_date, i.amount_cents]),
    ).toEqual([
      ['2025-11-05', 10000],
      ['2025-12-05', 10000],
      ['2026-01-05', 10000],
    ]);
    const paid = await pay(client, cashPayment(15000));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payment.allocations).toEqual([
      { installment_id: plan[0].id, amount_cents: 10000 },
      { installment_id: plan[1].id, amount_cents: 5000 },
    ]);
    const after = paid.body.data.account;
    expect(after.installments.map((i: { paid_cents: number }) => i.paid_cents)).toEqual([
      10000, 5000, 0,
    ]);
    expect(after.balance_cents).toBe(15000);
    expect(after.credit_cents).toBe(0);
    // The payment is a transaction in the cash fund, for this client.
    const ledger = await api.get(`${base()}/transactions?client_id=${client}`, admin);
    expect(ledger.body.data).toHaveLength(1);
    expect(ledger.body.data[0]).toMatchObject({
      kind: 'payment',
      amount_cents: 15000,
      fund_id: funds.cash,
    });
  });

  it('keeps an over-payment as credit and uses it for what is charged later', async () => {
    const client = takeClient();
    await charge(client, { description: 'Εγγραφή', amount_cents: 5000, start_date: '2025-09-01' });
    const paid = await pay(client, cashPayment(8000));
    expect(paid.body.data.payment.unallocated_cents).toBe(3000);
    expect(paid.body.data.account.credit_cents).toBe(3000);
    expect(paid.body.data.account.balance_cents).toBe(-3000);
    const later = await charge(client, {
      description: 'Βιβλία',
      amount_cents: 4500,
      start_date: '2026-02-01',
    });
    const acc = later.body.data.account;
    const books = acc.installments.find((i: { description: string }) => i.description === 'Βιβλία');
    expect(books.paid_cents).toBe(3000);
    expect(acc.credit_cents).toBe(0);
    expect(acc.balance_cents).toBe(1500);

    // The payment has its receipt: one line for what it paid, one for the credit, all of it.
    const receipts = await db()
      .selectFrom('invoice_documents')
      .select(['id', 'kind', 'net_cents', 'vat_cents'])
      .where('school_id', '=', school)
      .where('payment_id', '=', paid.body.data.payment.id)
      .execute();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.kind).toBe('receipt');
    expect(receipts[0]!.net_cents + receipts[0]!.vat_cents).toBe(8000);
    const lines = await db()
      .selectFrom('invoice_lines')
      .select(['description', 'net_cents', 'vat_cents'])
      .where('document_id', '=', receipts[0]!.id)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.description, l.net_cents + l.vat_cents])).toEqual([
      ['Εγγραφή', 5000],
      ['Advance on tuition (credit)', 3000],
    ]);
  });

  it('pays the installments the office chooses, and refuses a choice beyond what is owed', async () => {
    const client = takeClient();
    const plan = (await charge(client, threeInstallments)).body.data.account.installments;
    const chosen = await pay(
      client,
      cashPayment(10000, { allocations: [{ installment_id: plan[2].id, amount_cents: 10000 }] }),
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(
      chosen.body.data.account.installments.map((i: { paid_cents: number }) => i.paid_cents),
    ).toEqual([0, 0, 10000]);
    const tooMuch = await pay(
      client,
      cashPayment(20000, { allocations: [{ installment_id: plan[0].id, amount_cents: 20000 }] }),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('validation');
  });

  it('changes a discount without rewriting what was paid', async () => {
    const client = takeClient();
    const created = await charge(client, threeInstallments);
    const chargeId = created.body.data.charge_ids[0];
    await pay(client, cashPayment(15000));
    const tooBig = await api.call('PUT', `${base()}/charges/${chargeId}`, {
      token: admin,
      body: { discount: { kind: 'amount', value: 25000, reason: 'Έκπτωση αδελφών' } },
    });
    expect(tooBig.status).toBe(400);
    const sibling = await api.call('PUT', `${base()}/charges/${chargeId}`, {
      token: admin,
      body: { discount: { kind: 'percent', value: 10, reason: 'Έκπτωση αδελφών' } },
    });
    expect(sibling.status, JSON.stringify(sibling.body)).toBe(200);
    const rows = sibling.body.data.installments;
    expect(rows.map((i: { paid_cents: number }) => i.paid_cents)).toEqual([10000, 5000, 0]);
    expect(rows.reduce((s: number, i: { amount_cents: number }) => s + i.amount_cents, 0)).toBe(
      27000,
    );
    for (const row of rows) expect(row.amount_cents).toBeGreaterThanOrEqual(row.paid_cents);
    expect(sibling.body.data.charges[0]).toMatchObject({
      discount_cents: 3000,
      net_cents: 27000,
      discount_reason: 'Έκπτωση αδελφών',
    });
    // Cancelling keeps what was paid and drops the rest.
    const cancelled = await api.post(`${base()}/charges/${chargeId}/cancel`, {}, admin);
    expect(cancelled.body.data.balance_cents).toBe(0);
    expect(
      cancelled.body.data.installments.map((i: { amount_cents: number }) => i.amount_cents),
    ).toEqual([10000, 5000]);
  });

  it('edits and removes a discount, keeping what was paid, for the office of this school only', async () => {
    const client = takeClient();
    const created = await charge(client, {
      ...threeInstallments,
      discount: { kind: 'percent', value: 10, reason: 'Έκπτωση αδελφών' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const chargeId = created.body.data.charge_ids[0];
    expect(created.body.data.account.charges[0]).toMatchObject({
      discount_kind: 'percent',
      discount_value: 10,
      discount_cents: 3000,
      net_cents: 27000,
    });
    await pay(client, cashPayment(9000));
    const update = (discount: object | null, token = admin, path = base()) =>
      api.call('PUT', `${path}/charges/${chargeId}`, { token, body: { discount } });
    // From a percentage to an amount, with another reason.
    const edited = await update({ kind: 'amount', value: 4500, reason: 'Υποτροφία' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.charges[0]).toMatchObject({
      discount_kind: 'amount',
      discount_value: 4500,
      discount_cents: 4500,
      discount_reason: 'Υποτροφία',
      net_cents: 25500,
      paid_cents: 9000,
    });
    const paidParts = (acc: { installments: { paid_cents: number }[] }) =>
      acc.installments.map((i) => i.paid_cents);
    expect(paidParts(edited.body.data)).toEqual([9000, 0, 0]);
    // Removed: the charge comes to its whole amount again; what was paid is untouched.
    const removed = await update(null);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.charges[0]).toMatchObject({
      discount_kind: null,
      discount_cents: 0,
      discount_reason: null,
      net_cents: 30000,
    });
    expect(paidParts(removed.body.data)).toEqual([9000, 0, 0]);
    expect(removed.body.data.balance_cents).toBe(21000);
    // A discount needs its reason; a parent and another school's office may not change one.
    const noReason = await update({ kind: 'percent', value: 5, reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty(['discount.reason']);
    expect((await update(null, parent, `/schools/${school}/client`)).status).toBe(403);
    expect((await update(null, admin, `/schools/${otherSchool}/admin`)).status).toBe(403);
    expect((await account(client)).charges[0].discount_cents).toBe(0);
  });

  it('records one payment for N retries with the same Idempotency-Key, 409 for another body', async () => {
    const client = takeClient();
    await charge(client, threeInstallments);
    const headers = { 'Idempotency-Key': `desk-${client}-1` };
    const body = cashPayment(12000);
    const first = await pay(client, body, headers);
    expect(first.status).toBe(200);
    const retries = await Promise.all(Array.from({ length: 5 }, () => pay(client, body, headers)));
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body.data.payment.id).toBe(first.body.data.payment.id);
    }
    const rows = await db()
      .selectFrom('payments')
      .select('id')
      .where('client_id', '=', client)
      .execute();
    expect(rows).toHaveLength(1);
    // Retries issue no second receipt.
    expect(
      await db()
        .selectFrom('invoice_documents')
        .select('id')
        .where('payment_id', '=', rows[0]!.id)
        .execute(),
    ).toHaveLength(1);
    const ledger = await db()
      .selectFrom('transactions')
      .select('id')
      .where('client_id', '=', client)
      .execute();
    expect(ledger).toHaveLength(1);
    expect((await account(client)).installments[0].paid_cents).toBe(10000);
    const other = await pay(client, cashPayment(12001), headers);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('conflict');
    // Concurrent first tries with a new key: still one payment.
    const key = { 'Idempotency-Key': `desk-${client}-2` };
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => pay(client, cashPayment(1000), key)),
    );
    const ok = burst.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of burst) expect([200, 409]).toContain(r.status);
    expect(new Set(ok.map((r) => r.body.data.payment.id)).size).toBe(1);
    expect(
      await db().selectFrom('payments').select('id').where('client_id', '=', client).execute(),
    ).toHaveLength(2);
  });

  it("keeps each fund's balance the sum of its transactions, whatever the office records", async () => {
    let run = 0;
    const operation = fc.oneof(
      fc.record({
        op: fc.constant('pay' as const),
        fund: fc.nat(1),
        amount: fc.integer({ min: 1, max: 500_00 }),
      }),
      fc.record({
        op: fc.constant('expense' as const),
        fund: fc.nat(1),
        amount: fc.integer({ min: 1, max: 500_00 }),
      }),
      fc.record({
        op: fc.constant('transfer' as const),
        fund: fc.nat(1),
        amount: fc.integer({ min: 1, max: 500_00 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (ops) => {
        run += 1;
        const pair: number[] = [];
        for (const side of ['A', 'B']) {
          const created = await api.post(
            `${base()}/funds`,
            { name: `Test ${kind} ${run}${side}`, kind: 'bank', active: true },
            admin,
          );
          expect(created.status, JSON.stringify(created.body)).toBe(200);
          pair.push(created.body.data.id);
        }
        const client = freshClients[run % freshClients.length]!;
        const model = [0, 0];
        for (const o of ops) {
          const fund = pair[o.fund]!;
          if (o.op === 'pay') {
            expect(
              (
                await pay(client, {
                  ...cashPayment(o.amount),
                  fund_id: fund,
                  method: 'bank_transfer',
                })
              ).status,
            ).toBe(200);
            model[o.fund]! += o.amount;
          } else if (o.op === 'expense') {
            const res = await api.post(
              `${base()}/transactions`,
              {
                kind: 'expense',
                fund_id: fund,
                date: '2026-01-12',
                amount_cents: o.amount,
                category_id: expenseCategory,
                supplier_id: supplier,
                description: 'Αναλώσιμα',
              },
              admin,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            model[o.fund]! -= o.amount;
          } else {
            const res = await api.post(
              `${base()}/transactions/transfers`,
              {
                from_fund_id: fund,
                to_fund_id: pair[1 - o.fund],
                date: '2026-01-12',
                amount_cents: o.amount,
              },
              admin,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            model[o.fund]! -= o.amount;
            model[1 - o.fund]! += o.amount;
          }
        }
        const balances = (await api.get(`${base()}/finance/funds`, admin)).body.data as {
          id: number;
          balance_cents: number;
        }[];
        for (const [i, fund] of pair.entries()) {
          expect(balances.find((b) => b.id === fund)!.balance_cents).toBe(model[i]);
          const rows = await api.get(`${base()}/transactions?fund_id=${fund}&per_page=100`, admin);
          const sum = rows.body.data.reduce(
            (s: number, r: { amount_cents: number }) => s + r.amount_cents,
            0,
          );
          expect(sum).toBe(model[i]);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('filters the ledger and totals the filtered rows', async () => {
    const filters = `supplier_id=${supplier}&from=2025-01-01&per_page=100`;
    const rows = await api.get(`${base()}/transactions?${filters}`, admin);
    expect(rows.status).toBe(200);
    expect(rows.body.data.length).toBeGreaterThan(0);
    expect(rows.body.data.every((r: { supplier_id: number }) => r.supplier_id === supplier)).toBe(
      true,
    );
    const totals = await api.get(`${base()}/transactions/totals?${filters}`, admin);
    const expense = rows.body.data.reduce(
      (s: number, r: { amount_cents: number }) => s - r.amount_cents,
      0,
    );
    expect(totals.body.data).toMatchObject({
      count: rows.body.totalCount,
      income_cents: 0,
      expense_cents: expense,
      net_cents: -expense,
    });
    const expenseWithoutSupplier = await api.post(
      `${base()}/transactions`,
      {
        kind: 'expense',
        fund_id: funds.cash,
        date: '2026-01-12',
        amount_cents: 100,
        category_id: expenseCategory,
        description: 'x',
      },
      admin,
    );
    expect(expenseWithoutSupplier.status).toBe(400);
    expect(expenseWithoutSupplier.body.fields).toHaveProperty('supplier_id');
  });

  it('reports income and expense by month and category, matching the ledger totals', async () => {
    const range = 'from=2020-01-01&to=2099-12-31';
    const report = await api.get(`${base()}/finance/report?from=2020-01&to=2099-12`, admin);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const rows = report.body.data as {
      month: string;
      income_cents: number;
      expense_cents: number;
    }[];
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => `${r.month}`)).size).toBeGreaterThan(1);
    const totals = (await api.get(`${base()}/transactions/totals?${range}`, admin)).body.data;
    expect(rows.reduce((s, r) => s + r.income_cents, 0)).toBe(totals.income_cents);
    expect(rows.reduce((s, r) => s + r.expense_cents, 0)).toBe(totals.expense_cents);
    expect(
      (await api.get(`/schools/${school}/client/finance/report?from=2020-01&to=2099-12`, parent))
        .status,
    ).toBe(403);
  });

  it("shows a parent their own balance and refuses another family's", async () => {
    const mine = await api.get(`/schools/${school}/client/finance/my-account`, parent);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.balance_cents).toBeGreaterThan(0);
    expect(mine.body.data.overdue_count).toBeGreaterThan(0);
    expect(mine.body.data.abilities).toEqual({ charge: false, pay: false });
    const own = await api.get(
      `/schools/${school}/client/clients/${mine.body.data.client.id}/account`,
      parent,
    );
    expect(own.status).toBe(200);
    const other = await api.get(
      `/schools/${school}/client/clients/${freshClients[0]}/account`,
      parent,
    );
    expect(other.status).toBe(403);
    expect((await api.get(`/schools/${school}/client/transactions`, parent)).status).toBe(403);
    expect(
      (
        await api.post(
          `/schools/${school}/client/clients/${mine.body.data.client.id}/payments`,
          cashPayment(100),
          parent,
        )
      ).status,
    ).toBe(403);
    expect((await api.get(`/schools/${school}/teacher/finance/funds`, teacher)).status).toBe(403);
  });

  it('refuses another school', async () => {
    // admin@demo.school is only a teacher in Thessaloniki.
    expect((await api.get(`/schools/${otherSchool}/admin/transactions`, admin)).status).toBe(403);
    expect(
      (
        await api.post(
          `/schools/${otherSchool}/admin/clients/${freshClients[0]}/payments`,
          cashPayment(100),
          admin,
        )
      ).status,
    ).toBe(403);
    // A client of Thessaloniki is not found through Athens.
    const foreign = await db()
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', otherSchool)
      .where('role', '=', 'client')
      .executeTakeFirstOrThrow();
    expect((await api.get(`${base()}/clients/${foreign.id}/account`, admin)).status).toBe(404);
    expect((await pay(foreign.id, cashPayment(100))).status).toBe(404);
  });

  it('reminds payers with overdue installments once, by notification and e-mail', async () => {
    const first = await sendOverdueReminders(server.built.deps);
    expect(first).toBeGreaterThan(0);
    expect(await sendOverdueReminders(server.built.deps)).toBe(0);
    const told = await db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.title'])
      .where('users.email', '=', 'parent@demo.school')
      .where('notifications.entity', '=', 'payment')
      .execute();
    // parent@demo.school reads Greek.
    expect(told).toEqual([{ title: 'Υπενθύμιση ληξιπρόθεσμης οφειλής' }]);
  });
});
