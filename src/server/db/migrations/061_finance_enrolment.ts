import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Charges made by enrolment (docs/finance.md, "Enrolment"): `enrolment` marks a charge that a
// student's enrolment in a priced lesson, course or level made (or "Charge the enrolled
// students"), so that leaving it withdraws that charge and never one the office made by hand;
// `withdrawn_on` is the day the student left. The partial unique index allows one live
// enrolment charge per student and pricing item, so that two saves at once charge once.
//
// And each fund's balance kept beside its rows (docs/finance.md, "Benchmark"): summing a large
// school's ledger for the funds list (asked by every payment dialog) held SQLite's only
// connection, and the event loop, for half a second at a million rows.
export const financeEnrolment: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await db.schema
      .alterTable('charges')
      .addColumn('enrolment', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('charges').addColumn('withdrawn_on', 'text').execute();
    // Before this migration a charge of a tied pricing item for a student could only come from
    // "Charge the enrolled students" or the demo: both are enrolment charges.
    await sql`UPDATE charges SET enrolment = 1
      WHERE student_id IS NOT NULL AND pricing_item_id IN (
        SELECT p.id FROM pricing_items p
        WHERE p.lesson_id IS NOT NULL OR p.course_id IS NOT NULL OR p.level_id IS NOT NULL)
      AND id IN (
        SELECT min(c.id) FROM charges c
        WHERE c.student_id IS NOT NULL AND c.pricing_item_id IS NOT NULL
        GROUP BY c.school_id, c.student_id, c.pricing_item_id)`.execute(db);
    await db.schema
      .createIndex('charges_live_enrolment')
      .on('charges')
      .columns(['school_id', 'student_id', 'pricing_item_id'])
      .unique()
      .where(sql.ref('enrolment'), '=', sql.lit(1))
      .where(sql.ref('withdrawn_on'), 'is', null)
      .execute();

    await withId(kind, db.schema.createTable('ledger_fund_totals'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('fund_id', 'integer', (c) =>
        c.notNull().references('funds.id').onDelete('cascade'),
      )
      .addColumn('balance_cents', 'bigint', (c) => c.notNull())
      .addColumn('transactions', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ledger_fund_totals_school_id_fund_id')
      .on('ledger_fund_totals')
      .columns(['school_id', 'fund_id'])
      .unique()
      .execute();
    await sql`INSERT INTO ledger_fund_totals (school_id, fund_id, balance_cents, transactions)
      SELECT school_id, fund_id, sum(amount_cents), count(*) FROM transactions
      GROUP BY school_id, fund_id`.execute(db);
  },
};
