import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// The ledger's totals per school, day, fund, category and kind, kept beside the rows in the
// same transaction as each one (docs/finance.md, "The transactions list's totals"): the list's
// totals for a date range, a fund, a category or a kind add up a few rows a day instead of every
// row the filters select, which at a million rows held SQLite's only connection (and the
// server's event loop) for seconds. category_key is the category's id, or 0 for none, so that
// the unique index holds for transfers too. A transfer's legs are counted (the list shows them)
// but are neither income nor expense. Filled here from the existing rows.
//
// A client's or a supplier's filter is still summed over the rows: their indexes now carry the
// kind and the amount too, so that the sum reads the index alone (no lookup of each row in the
// table; a year of one supplier's rows at a million went from about 0.2-0.3 s to a few ms on
// SQLite). They replace 040's (school, client or supplier, date), which they cover for the
// list's rows and order.
export const ledgerDayTotals: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('ledger_day_totals'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('fund_id', 'integer', (c) =>
        c.notNull().references('funds.id').onDelete('cascade'),
      )
      .addColumn('category_key', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('income_cents', 'bigint', (c) => c.notNull())
      .addColumn('expense_cents', 'bigint', (c) => c.notNull())
      .addColumn('transactions', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ledger_day_totals_school_id_date_fund_id_category_key_kind')
      .on('ledger_day_totals')
      .columns(['school_id', 'date', 'fund_id', 'category_key', 'kind'])
      .unique()
      .execute();
    await sql`INSERT INTO ledger_day_totals
        (school_id, date, fund_id, category_key, kind, income_cents, expense_cents, transactions)
      SELECT school_id, date, fund_id, coalesce(category_id, 0), kind,
        sum(CASE WHEN kind <> 'transfer' AND amount_cents > 0 THEN amount_cents ELSE 0 END),
        sum(CASE WHEN kind <> 'transfer' AND amount_cents < 0 THEN -amount_cents ELSE 0 END),
        count(*)
      FROM transactions
      GROUP BY school_id, date, fund_id, coalesce(category_id, 0), kind`.execute(db);
    for (const column of ['client_id', 'supplier_id']) {
      await db.schema
        .createIndex(`transactions_school_id_${column}_date_kind_amount_cents`)
        .on('transactions')
        .columns(['school_id', column, 'date', 'kind', 'amount_cents'])
        .execute();
      await db.schema.dropIndex(`transactions_school_id_${column}_date`).execute();
    }
  },
};
