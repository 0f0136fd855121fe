import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// The ledger's income and expense per school, month and category, kept beside the rows in the
// same transaction as each one (docs/finance.md, "The year report"): the report reads a few
// hundred rows instead of aggregating a year of transactions, which on SQLite would hold the
// server's only connection (and its event loop) for seconds. category_key is the category's
// id, or 0 for none, so that the unique index also holds for rows without a category.
export const ledgerMonthTotals: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('ledger_month_totals'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('category_key', 'integer', (c) => c.notNull())
      .addColumn('income_cents', 'bigint', (c) => c.notNull())
      .addColumn('expense_cents', 'bigint', (c) => c.notNull())
      .addColumn('transactions', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ledger_month_totals_school_id_month_category_key')
      .on('ledger_month_totals')
      .columns(['school_id', 'month', 'category_key'])
      .unique()
      .execute();
  },
};
