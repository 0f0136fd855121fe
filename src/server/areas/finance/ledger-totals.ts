import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LedgerEntry } from './ledger';

// The sums kept beside the ledger (docs/finance.md, "The year report"): each fund's balance
// (ledger_fund_totals), each month's income and expense per category (ledger_month_totals,
// the report's) and each day's per fund, category and kind (ledger_day_totals, the transactions
// list's totals), changed in the same transaction as whatever changes what they sum. Rows of the ledger are
// only ever added (insertLedgerEntry); what else changes a sum is a category deleted, whose rows
// lose their category (the foreign key's SET NULL), so its month totals join those without
// one. The API tests check them against the rows after every kind of write.

/** Adds one row to its fund's balance, in the row's own transaction (transfers too). */
export async function addToFundTotals(trx: Kysely<Database>, e: LedgerEntry): Promise<void> {
  await trx
    .insertInto('ledger_fund_totals')
    .values({
      school_id: e.schoolId,
      fund_id: e.fundId,
      balance_cents: e.amount,
      transactions: 1,
    })
    .onConflict((c) =>
      c.columns(['school_id', 'fund_id']).doUpdateSet((eb) => ({
        balance_cents: eb('ledger_fund_totals.balance_cents', '+', e.amount),
        transactions: eb('ledger_fund_totals.transactions', '+', 1),
      })),
    )
    .execute();
}

/** Adds one row to its month's totals, in the row's own transaction. */
export async function addToMonthTotals(trx: Kysely<Database>, e: LedgerEntry): Promise<void> {
  const income = e.amount > 0 ? e.amount : 0;
  const expense = e.amount < 0 ? -e.amount : 0;
  await trx
    .insertInto('ledger_month_totals')
    .values({
      school_id: e.schoolId,
      month: e.date.slice(0, 7),
      category_key: e.categoryId ?? 0,
      income_cents: income,
      expense_cents: expense,
      transactions: 1,
    })
    .onConflict((c) =>
      c.columns(['school_id', 'month', 'category_key']).doUpdateSet((eb) => ({
        income_cents: eb('ledger_month_totals.income_cents', '+', income),
        expense_cents: eb('ledger_month_totals.expense_cents', '+', expense),
        transactions: eb('ledger_month_totals.transactions', '+', 1),
      })),
    )
    .execute();
}

/** Adds one row to its day's totals (by fund, category and kind), in the row's own transaction. */
export async function addToDayTotals(trx: Kysely<Database>, e: LedgerEntry): Promise<void> {
  // A transfer's legs are counted but are neither income nor expense, as in the list's totals.
  const income = e.kind !== 'transfer' && e.amount > 0 ? e.amount : 0;
  const expense = e.kind !== 'transfer' && e.amount < 0 ? -e.amount : 0;
  await trx
    .insertInto('ledger_day_totals')
    .values({
      school_id: e.schoolId,
      date: e.date,
      fund_id: e.fundId,
      category_key: e.categoryId ?? 0,
      kind: e.kind,
      income_cents: income,
      expense_cents: expense,
      transactions: 1,
    })
    .onConflict((c) =>
      c.columns(['school_id', 'date', 'fund_id', 'category_key', 'kind']).doUpdateSet((eb) => ({
        income_cents: eb('ledger_day_totals.income_cents', '+', income),
        expense_cents: eb('ledger_day_totals.expense_cents', '+', expense),
        transactions: eb('ledger_day_totals.transactions', '+', 1),
      })),
    )
    .execute();
}

/**
 * Recomputes a school's month, day and fund totals from its rows: for data written around
 * insertLedgerEntry (the demo and the benchmark's generator write rows in bulk).
 */
export async function rebuildLedgerTotals(db: Kysely<Database>, schoolId: number): Promise<void> {
  await db.deleteFrom('ledger_month_totals').where('school_id', '=', schoolId).execute();
  await sql`insert into ledger_month_totals
      (school_id, month, category_key, income_cents, expense_cents, transactions)
    select school_id, substr(date, 1, 7), coalesce(category_id, 0),
      sum(case when amount_cents > 0 then amount_cents else 0 end),
      sum(case when amount_cents < 0 then -amount_cents else 0 end),
      count(*)
    from transactions
    where school_id = ${schoolId} and kind <> 'transfer'
    group by school_id, substr(date, 1, 7), coalesce(category_id, 0)`.execute(db);
  await db.deleteFrom('ledger_day_totals').where('school_id', '=', schoolId).execute();
  await sql`insert into ledger_day_totals
      (school_id, date, fund_id, category_key, kind, income_cents, expense_cents, transactions)
    select school_id, date, fund_id, coalesce(category_id, 0), kind,
      sum(case when kind <> 'transfer' and amount_cents > 0 then amount_cents else 0 end),
      sum(case when kind <> 'transfer' and amount_cents < 0 then -amount_cents else 0 end),
      count(*)
    from transactions
    where school_id = ${schoolId}
    group by school_id, date, fund_id, coalesce(category_id, 0), kind`.execute(db);
  await db.deleteFrom('ledger_fund_totals').where('school_id', '=', schoolId).execute();
  await sql`insert into ledger_fund_totals (school_id, fund_id, balance_cents, transactions)
    select school_id, fund_id, sum(amount_cents), count(*)
    from transactions
    where school_id = ${schoolId}
    group by school_id, fund_id`.execute(db);
}

/**
 * A category is being deleted (in the deletion's transaction): its rows will have no category,
 * so its month and day totals are added to the totals without one (key 0) and removed.
 */
export async function mergeCategoryTotals(
  trx: Kysely<Database>,
  schoolId: number,
  categoryId: number,
): Promise<void> {
  const rows = await trx
    .selectFrom('ledger_month_totals')
    .select(['month', 'income_cents', 'expense_cents', 'transactions'])
    .where('school_id', '=', schoolId)
    .where('category_key', '=', categoryId)
    .execute();
  for (const r of rows) {
    const income = Number(r.income_cents);
    const expense = Number(r.expense_cents);
    await trx
      .insertInto('ledger_month_totals')
      .values({
        school_id: schoolId,
        month: r.month,
        category_key: 0,
        income_cents: income,
        expense_cents: expense,
        transactions: r.transactions,
      })
      .onConflict((c) =>
        c.columns(['school_id', 'month', 'category_key']).doUpdateSet((eb) => ({
          income_cents: eb('ledger_month_totals.income_cents', '+', income),
          expense_cents: eb('ledger_month_totals.expense_cents', '+', expense),
          transactions: eb('ledger_month_totals.transactions', '+', r.transactions),
        })),
      )
      .execute();
  }
  await trx
    .deleteFrom('ledger_month_totals')
    .where('school_id', '=', schoolId)
    .where('category_key', '=', categoryId)
    .execute();
  // A day's totals of one category are one row per fund and kind: merged in one statement (the
  // source rows are unique on the target's key, so each target row is updated at most once).
  await sql`insert into ledger_day_totals
      (school_id, date, fund_id, category_key, kind, income_cents, expense_cents, transactions)
    select school_id, date, fund_id, 0, kind, income_cents, expense_cents, transactions
    from ledger_day_totals
    where school_id = ${schoolId} and category_key = ${categoryId}
    on conflict (school_id, date, fund_id, category_key, kind) do update set
      income_cents = ledger_day_totals.income_cents + excluded.income_cents,
      expense_cents = ledger_day_totals.expense_cents + excluded.expense_cents,
      transactions = ledger_day_totals.transactions + excluded.transactions`.execute(trx);
  await trx
    .deleteFrom('ledger_day_totals')
    .where('school_id', '=', schoolId)
    .where('category_key', '=', categoryId)
    .execute();
}
