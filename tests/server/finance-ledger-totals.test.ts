import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// The totals kept beside the ledger (docs/finance.md, "The year report") against the ledger
// itself, on both databases: whatever the office does — payments, other income, expenses,
// transfers, charges cancelled, categories renamed or deleted — the report by month and
// category is the raw aggregate over the transactions, row for row, and each fund's balance
// is the sum of its rows; and the transactions list's totals (read from the day totals unless a
// client or supplier is named) are the raw aggregate of the rows its filters select.

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

  /** The list's filters: all optional, as the admin's Transactions screen sends them. */
  interface ListFilters {
    from?: string;
    to?: string;
    fund_id?: number;
    category_id?: number;
    client_id?: number;
    supplier_id?: number;
    kind?: 'payment' | 'income' | 'expense' | 'transfer';
  }

  /** The list's totals through the API against the raw aggregate of the rows they select. */
  async function expectListTotalsAreTheRows(f: ListFilters) {
    const query = new URLSearchParams(
      Object.entries(f)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    const totals = ok<{
      count: number;
      income_cents: number;
      expense_cents: number;
      net_cents: number;
    }>(await api.get(`${base()}/transactions/totals?${query}`, admin));
    const where = [sql`school_id = ${school}`];
    if (f.from !== undefined) where.push(sql`date >= ${f.from}`);
    if (f.to !== undefined) where.push(sql`date <= ${f.to}`);
    if (f.fund_id !== undefined) where.push(sql`fund_id = ${f.fund_id}`);
    if (f.category_id !== undefined) where.push(sql`category_id = ${f.category_id}`);
    if (f.client_id !== undefined) where.push(sql`client_id = ${f.client_id}`);
    if (f.supplier_id !== undefined) where.push(sql`supplier_id = ${f.supplier_id}`);
    if (f.kind !== undefined) where.push(sql`kind = ${f.kind}`);
    const { rows } = await sql<{
      n: string | number;
      income: string | number | null;
      expense: string | number | null;
    }>`SELECT count(*) AS n,
        sum(CASE WHEN kind <> 'transfer' AND amount_cents > 0 THEN amount_cents ELSE 0 END) AS income,
        sum(CASE WHEN kind <> 'transfer' AND amount_cents < 0 THEN -amount_cents ELSE 0 END) AS expense
      FROM transactions WHERE ${sql.join(where, sql` AND `)}`.execute(db());
    const raw = rows[0]!;
    const income = Number(raw.income ?? 0);
    const expense = Number(raw.expense ?? 0);
    expect(totals, JSON.stringify(f)).toEqual({
      count: Number(raw.n),
      income_cents: income,
      expense_cents: expense,
      net_cents: income - expense,
    });
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
    const income = await db()
      .selectFrom('categories')
      .select('id')
      .where('school_id', '=', school)
      .where('type', '=', 'income')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const f of [
      {},
      { from: '2025-09-01', to: '2026-06-30' },
      { fund_id: funds[0] },
      { category_id: income.id, from: '2026-01-01' },
      { kind: 'expense' as const, fund_id: funds[1] },
      { kind: 'transfer' as const },
      { client_id: clients[0] },
      { supplier_id: supplier, from: '2026-01-01', to: '2026-03-31' },
      // One day, both ends: the day totals' edges are the rows' dates.
      { from: '2026-01-31', to: '2026-01-31' },
      { from: '2026-03-01', to: '2026-01-01' },
    ])
      await expectListTotalsAreTheRows(f);
  });

  it('the list’s totals stay the rows when a category with rows is deleted', async () => {
    const doomed = (await category('income')).id;
    const kept = (await category('income')).id;
    for (const [fund, date, amount, cat] of [
      [funds[0], '2026-03-02', 1_000, doomed],
      [funds[1], '2026-03-02', 2_000, doomed],
      [funds[0], '2026-03-03', 4_000, doomed],
      [funds[0], '2026-03-02', 8_000, kept],
    ] as const)
      await post('/transactions', {
        kind: 'income',
        fund_id: fund,
        date,
        amount_cents: amount,
        category_id: cat,
        description: 'Κίνηση ελέγχου',
      });
    // Rows already without a category on the same day and fund: the merge adds to them.
    await post('/transactions/transfers', {
      from_fund_id: funds[0],
      to_fund_id: funds[1],
      date: '2026-03-02',
      amount_cents: 300,
    });
    const checks = [
      {},
      { from: '2026-03-02', to: '2026-03-02' },
      { from: '2026-03-01', to: '2026-03-31', fund_id: funds[0] },
      { from: '2026-03-03', kind: 'income' as const },
      { category_id: kept },
      { category_id: doomed },
    ];
    for (const f of checks) await expectListTotalsAreTheRows(f);
    const deleted = await api.call('DELETE', `${base()}/categories/${doomed}`, { token: admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    for (const f of checks) await expectListTotalsAreTheRows(f);
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
    const someDay = fc.constantFrom(...days, '2025-01-01', '2026-01-15', '2027-01-01');
    // Each filter set or not, as often (most combinations then select some rows).
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(fc.constant(undefined), arb);
    const filters = fc.record({
      from: maybe(someDay),
      to: maybe(someDay),
      fund: maybe(fc.nat(2)),
      category: maybe(
        fc.record({
          type: fc.constantFrom('income' as const, 'expense' as const),
          index: fc.nat(1),
        }),
      ),
      // Half with neither (the day totals' filters), else a client, a supplier or both.
      who: fc.constantFrom('none', 'none', 'none', 'client', 'supplier', 'both'),
      client: fc.nat(4),
      kind: maybe(
        fc.constantFrom(
          'payment' as const,
          'income' as const,
          'expense' as const,
          'transfer' as const,
        ),
      ),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 10 }),
        fc.array(filters, { minLength: 4, maxLength: 8 }),
        async (ops, lists) => {
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
          for (const l of lists)
            await expectListTotalsAreTheRows({
              from: l.from,
              to: l.to,
              fund_id: l.fund === undefined ? undefined : funds[l.fund % funds.length],
              category_id: l.category && categories[l.category.type][l.category.index],
              client_id:
                l.who === 'client' || l.who === 'both'
                  ? clients[l.client % clients.length]
                  : undefined,
              supplier_id: l.who === 'supplier' || l.who === 'both' ? supplier : undefined,
              kind: l.kind,
            });
        },
      ),
      { numRuns: 10 },
    );
  });
});
