import { sql, type Kysely } from 'kysely';
import type { Migration } from './helpers';

// The report's month totals computed again from the ledger's rows (docs/finance.md, "The year
// report"). Before this migration a category deleted left its totals under its old id while its
// rows went to "no category" (the foreign key's SET NULL), so the report showed them apart from
// the rows' own aggregate; and rows written before migration 041 had no totals at all. From
// here on a category's deletion moves its totals in the same transaction (ledger-totals.ts).
export const ledgerTotalsRebuild: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DELETE FROM ledger_month_totals`.execute(db);
    await sql`INSERT INTO ledger_month_totals
        (school_id, month, category_key, income_cents, expense_cents, transactions)
      SELECT school_id, substr(date, 1, 7), coalesce(category_id, 0),
        sum(CASE WHEN amount_cents > 0 THEN amount_cents ELSE 0 END),
        sum(CASE WHEN amount_cents < 0 THEN -amount_cents ELSE 0 END),
        count(*)
      FROM transactions
      WHERE kind <> 'transfer'
      GROUP BY school_id, substr(date, 1, 7), coalesce(category_id, 0)`.execute(db);
  },
};
