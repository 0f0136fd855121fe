import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// The totals kept beside the ledger (docs/finance.md, "The year report") against the ledger
// itself, on both databases: whatever the office does — payments, other income, expenses,
// transfers, charges cancelled, categories renamed or deleted — the report by month and
// category is the raw aggregate over the transactions, row for row, and each fund's balance
// is the sum of its rows.

interface ReportRow {
  month: string;
  category_id: number | null;
  category_name: string | null;
  income_cents: number;
  expense_cents: number;
}

describe.each(databaseKinds)('ledger totals on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let school: number;
  let funds: number[];
  let supplier: number;
  let clients: number[];
  let named = 0;
  const db = () => server.built.deps.db;
  const base = () => `/schools/${school}/admin`;
  const ok = <T>(res: { status: number; body: { data: T } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const post = async <T = { id: number }>(path: string, body: object) =>
    ok<T>(await api.post(`${base()}${path}`, body, admin));

  /** The report's figures as the raw aggregate over the rows gives them. */
  async function rawReport(from: string, to: string): Promise<ReportRow[]> {
    const { rows } = await sql<{
      month: string;
      category_id: number | null;
      category_name: string | null;
      income: string | number;
      expense: string | number;
    }>`SELECT substr(t.date, 1, 7) AS month, t.category_id, c.name AS category_name,
        sum(CASE WHEN t.amount_cents > 0 THEN t.amount_cents ELSE 0 END) AS income,
        sum(CASE WHEN t.amount_cents < 0 THEN -t.amount_cents ELSE 0 END) AS expense
      FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
      WHERE t.school_id = ${school} AND t.kind <> 'transfer'
        AND substr(t.date, 1, 7) >= ${from} AND substr(t.date, 1, 7) <= ${to}
      GROUP BY substr(t.date, 1, 7), t.category_id, c.name
      ORDER BY 1, coalesce(t.category_id, 0)`.execute(db());
    return rows.map((r) => ({
      month: r.month,
      category_id: r.category_id,
      category_name: r.category_name,
      income_cents: Number(r.income),
      expense_cents: Number(r.expense),
    }));
  }

  async function expectTotalsAreTheLedger() {
    for (const [from, to] of [
      ['2000-01', '2099-12'],
      ['2026-01', '2026-02'],
    ] as const) {
      const report = ok<ReportRow[]>(
        await api.get(`${base()}/finance/report?from=${from}&to=${to}`, admin),
      );
      expect(report).toEqual(await rawReport(from, to));
    }
    const balances = ok<{ id: number; balance_cents: number; transactions_count: number }[]>(
      await api.get(`${base()}/finance/funds`, admin),
    );
    const sums = await db()
      .selectFrom('transactions')
      .select(['fund_id', (eb) => eb.fn.sum<string | number>('amount_cents').as('sum')])
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('school_id', '=', school)
      .groupBy('fund_id')
      .execute();
    for (const fund of balances) {
      const sum = sums.find((s) => s.fund_id === fund.id);
      expect(fund.balance_cents).toBe(Number(sum?.sum ?? 0));
      expect(fund.transactions_count).toBe(Number(sum?.n ?? 0));
    }
  }

  const category = (type: 'income' | 'expense') => {
    named += 1;
    return post('/categories', { type, name: `${type} ${kind} ${named}` });
  };

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    const schools = await db().selectFrom('schools').select(['id', 'name']).orderBy('id').execute();
    school = schools.find((s) => s.name.includes('Athens'))!.id;
    funds = (
      await db()
        .selectFrom('funds')
        .select('id')
        .where('school_id', '=', school)
        .where('active', '=', 1)
        .orderBy('id')
        .execute()
    ).map((f) => f.id);
    supplier = (
      await db()
        .selectFrom('suppliers')
        .select('id')
        .where('school_id', '=', school)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    clients = (
      await db()
        .selectFrom('memberships')
        .select('id')
        .where('school_id', '=', school)
        .where('role', '=', 'client')
        .orderBy('id')
        .limit(5)
        .execute()
    ).map((r) => r.id);
  });
  afterAll(async () => {
    await server.close();
  });

  it('the demo’s totals are its rows', async () => {
    await expectTotalsAreTheLedger();
  });

  it('stays the ledger whatever the office records, cancels, renames or deletes', async () => {
    const days = ['2025-12-30', '2026-01-01', '2026-01-31', '2026-02-14'];
    const money = fc.integer({ min: 1, max: 900_00 });
    const operation = fc.oneof(
      fc.record({
        op: fc.constant('pay' as const),
        fund: fc.nat(2),
        amount: money,
        day: fc.nat(3),
      }),
      fc.record({
        op: fc.constant('income' as const),
        fund: fc.nat(2),
        amount: money,
        day: fc.nat(3),
        category: fc.nat(1),
      }),
      fc.record({
        op: fc.constant('expense' as const),
        fund: fc.nat(2),
        amount: money,
        day: fc.nat(3),
        category: fc.nat(1),
      }),
      fc.record({
        op: fc.constant('transfer' as const),
        fund: fc.nat(2),
        amount: money,
        day: fc.nat(3),
      }),
      fc.record({ op: fc.constant('cancel' as const), amount: money }),
      fc.record({
        op: fc.constant('rename' as const),
        type: fc.constantFrom('income' as const, 'expense' as const),
        category: fc.nat(1),
      }),
      fc.record({
        op: fc.constant('delete' as const),
        type: fc.constantFrom('income' as const, 'expense' as const),
        category: fc.nat(1),
      }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (ops) => {
        run += 1;
        // Two categories of each kind, made for this run; one deleted is replaced.
        const categories = {
          income: [(await category('income')).id, (await category('income')).id],
          expense: [(await category('expense')).id, (await category('expense')).id],
        };
        for (const o of ops) {
          if (o.op === 'pay') {
            await post(`/clients/${clients[run % clients.length]}/payments`, {
              amount_cents: o.amount,
              method: 'cash',
              fund_id: funds[o.fund % funds.length],
              date: days[o.day],
            });
          } else if (o.op === 'income' || o.op === 'expense') {
            await post('/transactions', {
              kind: o.op,
              fund_id: funds[o.fund % funds.length],
              date: days[o.day],
              amount_cents: o.amount,
              category_id: categories[o.op][o.category],
              description: 'Κίνηση ελέγχου',
              ...(o.op === 'expense' ? { supplier_id: supplier } : {}),
            });
          } else if (o.op === 'transfer') {
            await post('/transactions/transfers', {
              from_fund_id: funds[o.fund % funds.length],
              to_fund_id: funds[(o.fund + 1) % funds.length],
              date: days[o.day],
              amount_cents: o.amount,
            });
          } else if (o.op === 'cancel') {
            // A charge paid in part and cancelled: the payment stays in the ledger as it was.
            const client = clients[(run + 1) % clients.length]!;
            const charged = await post<{ charge_ids: number[] }>(`/clients/${client}/charges`, {
              description: 'Χρέωση προς ακύρωση',
              amount_cents: o.amount + 100,
              schedule: 'once',
              start_date: '2026-01-05',
            });
            await post(`/clients/${client}/payments`, {
              amount_cents: 100,
              method: 'cash',
              fund_id: funds[0],
              date: '2026-01-06',
            });
            await post(`/charges/${charged.charge_ids[0]}/cancel`, {});
          } else if (o.op === 'rename') {
            const id = categories[o.type][o.category];
            const renamed = await api.call('PUT', `${base()}/categories/${id}`, {
              token: admin,
              body: { name: `renamed ${kind} ${id} ${run}` },
            });
            expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
          } else {
            const id = categories[o.type][o.category]!;
            const deleted = await api.call('DELETE', `${base()}/categories/${id}`, {
              token: admin,
            });
            expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
            categories[o.type][o.category] = (await category(o.type)).id;
          }
        }
        await expectTotalsAreTheLedger();
      }),
      { numRuns: 10 },
    );
  });
});
