import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  FundBalance,
  ReportRow,
  TransactionBody,
  TransactionDetail,
  TransactionRow,
  TransactionsQuery,
  TransactionTotals,
  TransferBody,
} from '../../../shared/api/finance';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { addToDayTotals, addToFundTotals, addToMonthTotals } from './ledger-totals';
import type { TransactionKind } from './tables';

// The ledger: every movement of money is one row in one fund, signed (in positive, out
// negative), so that a fund's balance is the sum of its rows. A transfer is two rows with one
// transfer_id. The sums the screens ask for (each fund's balance, each month's income and
// expense) are kept beside the rows, in the same transaction as each row (ledger-totals.ts), so
// that reading them never sums a year of rows.

export interface LedgerEntry {
  schoolId: number;
  fundId: number;
  date: string;
  kind: TransactionKind;
  /** Signed cents. */
  amount: number;
  categoryId: number | null;
  clientId?: number | null;
  supplierId?: number | null;
  paymentId?: number | null;
  transferId?: string | null;
  description: string;
  userId: number | null;
  nowIso: string;
}

export async function insertLedgerEntry(trx: Kysely<Database>, e: LedgerEntry): Promise<number> {
  const row = await trx
    .insertInto('transactions')
    .values({
      school_id: e.schoolId,
      fund_id: e.fundId,
      date: e.date,
      kind: e.kind,
      amount_cents: e.amount,
      category_id: e.categoryId,
      client_id: e.clientId ?? null,
      supplier_id: e.supplierId ?? null,
      payment_id: e.paymentId ?? null,
      transfer_id: e.transferId ?? null,
      description: e.description,
      search_text: searchTextOf([e.description]),
      created_by_user_id: e.userId,
      created_at: e.nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (e.kind !== 'transfer') await addToMonthTotals(trx, e);
  await addToDayTotals(trx, e);
  await addToFundTotals(trx, e);
  return row.id;
}

/** A fund of the school that takes new money, or a validation error on `field`. */
export async function assertOpenFund(
  db: Kysely<Database>,
  schoolId: number,
  fundId: number,
  field = 'fund_id',
): Promise<{ id: number; name: string }> {
  const fund = await db
    .selectFrom('funds')
    .select(['id', 'name', 'active'])
    .where('school_id', '=', schoolId)
    .where('id', '=', fundId)
    .executeTakeFirst();
  if (!fund) throw validationError({ [field]: 'Choose a fund of this school' });
  if (!fund.active) throw validationError({ [field]: 'This fund is closed' });
  return fund;
}

/** A category of the school of the given type, or a validation error. */
export async function assertCategory(
  db: Kysely<Database>,
  schoolId: number,
  categoryId: number,
  type: 'income' | 'expense',
): Promise<void> {
  const category = await db
    .selectFrom('categories')
    .select('type')
    .where('school_id', '=', schoolId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!category || category.type !== type)
    throw validationError({
      category_id: type === 'income' ? 'Choose an income category' : 'Choose an expense category',
    });
}

/** The school's first income category: where payments land unless told otherwise. */
export async function defaultIncomeCategory(
  db: Kysely<Database>,
  schoolId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('type', '=', 'income')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function recordTransaction(
  trx: Kysely<Database>,
  schoolId: number,
  body: TransactionBody,
  userId: number,
  nowIso: string,
): Promise<number> {
  await assertOpenFund(trx, schoolId, body.fund_id);
  await assertCategory(trx, schoolId, body.category_id, body.kind);
  if (body.supplier_id !== undefined) {
    const supplier = await trx
      .selectFrom('suppliers')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('id', '=', body.supplier_id)
      .executeTakeFirst();
    if (!supplier) throw validationError({ supplier_id: 'Choose a supplier of this school' });
  }
  if (body.client_id !== undefined) {
    const client = await trx
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('id', '=', body.client_id)
      .where('role', '=', 'client')
      .executeTakeFirst();
    if (!client) throw validationError({ client_id: 'Choose a client of this school' });
  }
  return insertLedgerEntry(trx, {
    schoolId,
    fundId: body.fund_id,
    date: body.date,
    kind: body.kind,
    amount: body.kind === 'expense' ? -body.amount_cents : body.amount_cents,
    categoryId: body.category_id,
    clientId: body.client_id ?? null,
    supplierId: body.supplier_id ?? null,
    description: body.description,
    userId,
    nowIso,
  });
}

/** Two rows that cancel out: out of one fund, into the other. Returns both ids. */
export async function recordTransfer(
  trx: Kysely<Database>,
  schoolId: number,
  body: TransferBody,
  userId: number,
  nowIso: string,
): Promise<number[]> {
  const from = await assertOpenFund(trx, schoolId, body.from_fund_id, 'from_fund_id');
  const to = await assertOpenFund(trx, schoolId, body.to_fund_id, 'to_fund_id');
  const transferId = crypto.randomUUID();
  const common = {
    schoolId,
    date: body.date,
    kind: 'transfer' as const,
    categoryId: null,
    transferId,
    userId,
    nowIso,
  };
  const out = await insertLedgerEntry(trx, {
    ...common,
    fundId: from.id,
    amount: -body.amount_cents,
    description: body.description || `→ ${to.name}`,
  });
  const into = await insertLedgerEntry(trx, {
    ...common,
    fundId: to.id,
    amount: body.amount_cents,
    description: body.description || `← ${from.name}`,
  });
  return [out, into];
}

type Filters = Omit<TransactionsQuery, 'page' | 'per_page' | 'order'>;

/** The filters as one condition on the alias `t`, school first (its indexes start with it). */
function filterOf(schoolId: number, f: Filters) {
  const parts = [sql`t.school_id = ${schoolId}`];
  if (f.from) parts.push(sql`t.date >= ${f.from}`);
  if (f.to) parts.push(sql`t.date <= ${f.to}`);
  if (f.fund_id) parts.push(sql`t.fund_id = ${f.fund_id}`);
  if (f.category_id) parts.push(sql`t.category_id = ${f.category_id}`);
  if (f.client_id) parts.push(sql`t.client_id = ${f.client_id}`);
  if (f.supplier_id) parts.push(sql`t.supplier_id = ${f.supplier_id}`);
  if (f.kind) parts.push(sql`t.kind = ${f.kind}`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

const rowColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('transactions as t')
    .innerJoin('funds as f', 'f.id', 't.fund_id')
    .leftJoin('categories as c', 'c.id', 't.category_id')
    .leftJoin('memberships as m', 'm.id', 't.client_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('suppliers as s', 's.id', 't.supplier_id')
    .select([
      't.id',
      't.date',
      't.kind',
      't.amount_cents',
      't.description',
      't.fund_id',
      'f.name as fund_name',
      't.category_id',
      'c.name as category_name',
      't.client_id',
      'u.first_name as client_first',
      'u.last_name as client_last',
      't.supplier_id',
      's.name as supplier_name',
      't.payment_id',
      't.transfer_id',
      't.created_at',
      't.created_by_user_id',
    ]);

type RawRow = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

const toRow = (r: RawRow): TransactionRow => ({
  id: r.id,
  date: r.date,
  kind: r.kind,
  amount_cents: r.amount_cents,
  description: r.description,
  fund_id: r.fund_id,
  fund_name: r.fund_name,
  category_id: r.category_id,
  category_name: r.category_name,
  client_id: r.client_id,
  client_name: r.client_first === null ? null : `${r.client_first} ${r.client_last ?? ''}`.trim(),
  supplier_id: r.supplier_id,
  supplier_name: r.supplier_name,
  payment_id: r.payment_id,
  transfer_id: r.transfer_id,
});

export async function listTransactions(
  db: Kysely<Database>,
  schoolId: number,
  query: TransactionsQuery,
): Promise<{ data: TransactionRow[]; totalCount: number }> {
  const [rows, count] = await Promise.all([
    rowColumns(db)
      .where(filterOf(schoolId, query))
      .orderBy('t.date', query.order)
      .orderBy('t.id', query.order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    db
      .selectFrom('transactions as t')
      .select(sql<string | number>`count(*)`.as('n'))
      .where(filterOf(schoolId, query))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toRow), totalCount: Number(count.n) };
}

/**
 * Totals of the rows the same filters select; transfers are counted but are neither income nor
 * expense. Filters of date range, fund, category and kind are answered from the day totals kept
 * with the rows (a few rows a day, whatever the number of transactions); a client or a supplier
 * narrows the rows themselves through their indexes (school, client or supplier, date), so those
 * are summed over the rows.
 */
export async function transactionTotals(
  db: Kysely<Database>,
  schoolId: number,
  query: Filters,
): Promise<TransactionTotals> {
  const row =
    query.client_id || query.supplier_id
      ? await rowTotals(db, schoolId, query)
      : await dayTotals(db, schoolId, query);
  const income = Number(row.income);
  const expense = Number(row.expense);
  return {
    count: Number(row.n),
    income_cents: income,
    expense_cents: expense,
    net_cents: income - expense,
  };
}

type Sums = { n: string | number; income: string | number; expense: string | number };

/** The exact aggregate over the rows the filters select. */
export function rowTotals(db: Kysely<Database>, schoolId: number, query: Filters): Promise<Sums> {
  return db
    .selectFrom('transactions as t')
    .select([
      sql<string | number>`count(*)`.as('n'),
      sql<
        string | number
      >`coalesce(sum(case when t.kind <> 'transfer' and t.amount_cents > 0 then t.amount_cents else 0 end), 0)`.as(
        'income',
      ),
      sql<
        string | number
      >`coalesce(sum(case when t.kind <> 'transfer' and t.amount_cents < 0 then -t.amount_cents else 0 end), 0)`.as(
        'expense',
      ),
    ])
    .where(filterOf(schoolId, query))
    .executeTakeFirstOrThrow();
}

/** The same figures from the day totals: only for filters of date, fund, category and kind. */
function dayTotals(db: Kysely<Database>, schoolId: number, f: Filters): Promise<Sums> {
  let q = db
    .selectFrom('ledger_day_totals as d')
    .select([
      sql<string | number>`coalesce(sum(d.transactions), 0)`.as('n'),
      sql<string | number>`coalesce(sum(d.income_cents), 0)`.as('income'),
      sql<string | number>`coalesce(sum(d.expense_cents), 0)`.as('expense'),
    ])
    .where('d.school_id', '=', schoolId);
  if (f.from) q = q.where('d.date', '>=', f.from);
  if (f.to) q = q.where('d.date', '<=', f.to);
  if (f.fund_id) q = q.where('d.fund_id', '=', f.fund_id);
  if (f.category_id) q = q.where('d.category_key', '=', f.category_id);
  if (f.kind) q = q.where('d.kind', '=', f.kind);
  return q.executeTakeFirstOrThrow();
}

export async function transactionDetail(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
): Promise<TransactionDetail> {
  const row = await rowColumns(db)
    .where('t.school_id', '=', schoolId)
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('This transaction does not exist.');
  const counterpart = row.transfer_id
    ? await rowColumns(db)
        .where('t.school_id', '=', schoolId)
        .where('t.transfer_id', '=', row.transfer_id)
        .where('t.id', '!=', id)
        .executeTakeFirst()
    : undefined;
  const payment = row.payment_id
    ? await db
        .selectFrom('payments')
        .select(['id', 'method', 'client_id'])
        .where('school_id', '=', schoolId)
        .where('id', '=', row.payment_id)
        .executeTakeFirst()
    : undefined;
  const author = row.created_by_user_id
    ? await db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', row.created_by_user_id)
        .executeTakeFirst()
    : undefined;
  return {
    ...toRow(row),
    created_at: row.created_at,
    created_by: author ? `${author.first_name} ${author.last_name}` : null,
    counterpart: counterpart ? toRow(counterpart) : null,
    payment: payment ?? null,
  };
}

/** Every fund with its balance: the sum of its transactions, computed, never stored. */
export async function fundBalances(db: Kysely<Database>, schoolId: number): Promise<FundBalance[]> {
  const funds = await db
    .selectFrom('funds')
    .select(['id', 'name', 'kind', 'active'])
    .where('school_id', '=', schoolId)
    .orderBy('name')
    .execute();
  // The totals kept with each row (insertLedgerEntry): a few rows, however long the ledger.
  const sums = await db
    .selectFrom('ledger_fund_totals')
    .select(['fund_id', 'balance_cents as balance', 'transactions as n'])
    .where('school_id', '=', schoolId)
    .execute();
  const byFund = new Map(sums.map((s) => [s.fund_id, s]));
  return funds.map((f) => ({
    id: f.id,
    name: f.name,
    kind: f.kind,
    active: Boolean(f.active),
    balance_cents: Number(byFund.get(f.id)?.balance ?? 0),
    transactions_count: Number(byFund.get(f.id)?.n ?? 0),
  }));
}

/**
 * Income and expense by month and category, from the month totals kept with the rows: a few
 * hundred rows for a year, whatever the number of transactions; transfers are neither.
 */
export async function incomeAndExpense(
  db: Kysely<Database>,
  schoolId: number,
  range: { from: string; to: string },
): Promise<ReportRow[]> {
  const rows = await db
    .selectFrom('ledger_month_totals as m')
    .leftJoin('categories as c', (j) =>
      j.onRef('c.id', '=', 'm.category_key').onRef('c.school_id', '=', 'm.school_id'),
    )
    .select([
      'm.month',
      'm.category_key',
      'c.name as category_name',
      'm.income_cents',
      'm.expense_cents',
    ])
    .where('m.school_id', '=', schoolId)
    .where('m.month', '>=', range.from)
    .where('m.month', '<=', range.to)
    .orderBy('m.month')
    .orderBy('m.category_key')
    .execute();
  return rows.map((r) => ({
    month: r.month,
    category_id: r.category_key === 0 ? null : r.category_key,
    category_name: r.category_name,
    income_cents: Number(r.income_cents),
    expense_cents: Number(r.expense_cents),
  }));
}
