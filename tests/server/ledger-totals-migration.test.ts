import { describe, expect, it } from 'vitest';
import { migrationDatabase } from './support/migration-db';
import { databaseKinds } from './support/server';

// Migration 065 computes the report's month totals again from the ledger's rows: the totals a
// deleted category left under its old id join those without a category, rows that had none get
// theirs, and transfers stay out. Migration 068 fills the day totals (the transactions list's)
// from the rows: per day, fund, category and kind, transfers counted without income or expense.

describe.each(databaseKinds)('migrations 065 and 068 on %s', (kind) => {
  const { raw, migrateTo, migrateToBefore } = migrationDatabase(kind);

  it('fills the month totals from the rows, a deleted category’s under none', async () => {
    expect((await migrateToBefore('065_ledger_totals_rebuild')).error).toBeUndefined();
    const db = raw();
    const now = new Date().toISOString();
    const id = async (table: string, values: Record<string, unknown>) =>
      (await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id;
    const school = await id('schools', { name: 'Σχολείο', created_at: now });
    const fund = await id('funds', { school_id: school, name: 'Ταμείο', kind: 'cash' });
    const bank = await id('funds', { school_id: school, name: 'Τράπεζα', kind: 'bank' });
    const tuition = await id('categories', { school_id: school, type: 'income', name: 'Δίδακτρα' });
    const rent = await id('categories', { school_id: school, type: 'expense', name: 'Ενοίκιο' });
    const books = await id('categories', { school_id: school, type: 'income', name: 'Βιβλία' });
    const row = (date: string, type: string, amount: number, category: number | null) => ({
      school_id: school,
      // A transfer's leg into the bank; everything else in the cash desk.
      fund_id: type === 'transfer' && amount > 0 ? bank : fund,
      date,
      kind: type,
      amount_cents: amount,
      category_id: category,
      description: 'x',
      created_at: now,
    });
    // Rows written in bulk, without totals (as before 041, or around insertLedgerEntry).
    await db
      .insertInto('transactions')
      .values([
        row('2026-01-10', 'income', 1000, tuition),
        row('2026-01-31', 'income', 250, tuition),
        row('2026-01-20', 'expense', -300, rent),
        row('2026-01-15', 'transfer', -200, null),
        row('2026-01-15', 'transfer', 200, null),
        row('2026-02-01', 'income', 500, books),
        row('2026-02-03', 'income', 70, null),
      ])
      .execute();
    // A category deleted before 065 left its totals under its id; its rows have none.
    await db
      .insertInto('ledger_month_totals')
      .values({
        school_id: school,
        month: '2026-02',
        category_key: books,
        income_cents: 500,
        expense_cents: 0,
        transactions: 1,
      })
      .execute();
    await db.deleteFrom('categories').where('id', '=', books).execute();

    const after = await migrateTo('065_ledger_totals_rebuild');
    expect(after.error).toBeUndefined();
    expect(after.results?.map((r) => r.migrationName)).toEqual(['065_ledger_totals_rebuild']);

    const totals = await db
      .selectFrom('ledger_month_totals')
      .select([
        'school_id',
        'month',
        'category_key',
        'income_cents',
        'expense_cents',
        'transactions',
      ])
      .orderBy('month')
      .orderBy('category_key')
      .execute();
    expect(
      totals.map((t: any) => [
        t.school_id,
        t.month,
        t.category_key,
        Number(t.income_cents),
        Number(t.expense_cents),
        t.transactions,
      ]),
    ).toEqual(
      [
        [school, '2026-01', tuition, 1250, 0, 2],
        [school, '2026-01', rent, 0, 300, 1],
        [school, '2026-02', 0, 570, 0, 2],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || Number(a[2]) - Number(b[2])),
    );
  });

  it('068 fills the day totals from the rows, transfers counted but neither income nor expense', async () => {
    // Runs after the test above, on the same database (at 065 by then).
    const db = raw();
    const now = new Date().toISOString();
    const id = async (table: string, values: Record<string, unknown>) =>
      (await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id;
    const school = await id('schools', { name: 'Σχολείο 068', created_at: now });
    const cash = await id('funds', { school_id: school, name: 'Ταμείο', kind: 'cash' });
    const bank = await id('funds', { school_id: school, name: 'Τράπεζα', kind: 'bank' });
    const tuition = await id('categories', { school_id: school, type: 'income', name: 'Δίδακτρα' });
    const rent = await id('categories', { school_id: school, type: 'expense', name: 'Ενοίκιο' });
    const row = (
      date: string,
      fund: number,
      type: string,
      amount: number,
      category: number | null,
    ) => ({
      school_id: school,
      fund_id: fund,
      date,
      kind: type,
      amount_cents: amount,
      category_id: category,
      description: 'x',
      created_at: now,
    });
    await db
      .insertInto('transactions')
      .values([
        row('2026-01-10', cash, 'income', 1000, tuition),
        row('2026-01-10', cash, 'income', 40, tuition),
        row('2026-01-10', bank, 'income', 5, tuition),
        row('2026-01-10', cash, 'payment', 700, tuition),
        row('2026-01-15', cash, 'transfer', -200, null),
        row('2026-01-15', bank, 'transfer', 200, null),
        row('2026-01-20', cash, 'expense', -300, rent),
        row('2026-01-20', cash, 'expense', -1, rent),
        row('2026-02-03', cash, 'income', 70, null),
      ])
      .execute();

    const after = await migrateTo('068_ledger_day_totals');
    expect(after.error).toBeUndefined();
    expect(after.results?.map((r) => r.migrationName)).toContain('068_ledger_day_totals');

    const totals = await db
      .selectFrom('ledger_day_totals')
      .select([
        'date',
        'fund_id',
        'category_key',
        'kind',
        'income_cents',
        'expense_cents',
        'transactions',
      ])
      .where('school_id', '=', school)
      .execute();
    const key = (t: unknown[]) => t.slice(0, 4).join('|');
    expect(
      totals
        .map((t: any) => [
          t.date,
          t.fund_id,
          t.category_key,
          t.kind,
          Number(t.income_cents),
          Number(t.expense_cents),
          t.transactions,
        ])
        .sort((a, b) => key(a).localeCompare(key(b))),
    ).toEqual(
      [
        ['2026-01-10', cash, tuition, 'income', 1040, 0, 2],
        ['2026-01-10', bank, tuition, 'income', 5, 0, 1],
        ['2026-01-10', cash, tuition, 'payment', 700, 0, 1],
        ['2026-01-15', cash, 0, 'transfer', 0, 0, 1],
        ['2026-01-15', bank, 0, 'transfer', 0, 0, 1],
        ['2026-01-20', cash, rent, 'expense', 0, 301, 2],
        ['2026-02-03', cash, 0, 'income', 70, 0, 1],
      ].sort((a, b) => key(a).localeCompare(key(b))),
    );
  });
});
