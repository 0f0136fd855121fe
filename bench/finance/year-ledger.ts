// The year report's data (W5F, issue 15's W5): the demo school, and a year of its ledger written
// straight into the database file by a seeded generator (before any server runs, so that the
// writer never measures SQLite's lock); and the raw SQL the report and the funds list are set
// against: the aggregates over the transactions themselves.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { repoRoot } from '../paths';

const pad = (n: number) => String(n).padStart(2, '0');
export const dayOf = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A year of a school's ledger: income (tuition, books) and expenses with suppliers, in batches. */
export function generateYear(file: string, schoolId: number, count: number, end: Date) {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 10000');
  const ids = (sql: string) => (db.prepare(sql).all(schoolId) as { id: number }[]).map((r) => r.id);
  const funds = ids('SELECT id FROM funds WHERE school_id = ?');
  const income = ids("SELECT id FROM categories WHERE school_id = ? AND type = 'income'");
  const expense = ids("SELECT id FROM categories WHERE school_id = ? AND type = 'expense'");
  const suppliers = ids('SELECT id FROM suppliers WHERE school_id = ?');
  const insert = db.prepare(
    `INSERT INTO transactions (school_id, search_text, fund_id, date, kind, amount_cents,
       category_id, client_id, supplier_id, payment_id, transfer_id, description,
       created_by_user_id, created_at)
     VALUES (?, '', ?, ?, ?, ?, ?, NULL, ?, NULL, NULL, ?, NULL, ?)`,
  );
  let seed = 15;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const now = end.toISOString();
  const started = performance.now();
  const batch = db.transaction((size: number) => {
    for (let i = 0; i < size; i += 1) {
      const day = dayOf(new Date(end.getTime() - Math.floor(random() * 365) * 86_400_000));
      const out = random() < 0.3;
      const amount = 500 + Math.floor(random() * 30_000);
      insert.run(
        schoolId,
        pick(funds),
        day,
        out ? 'expense' : 'income',
        out ? -amount : amount,
        out ? pick(expense) : pick(income),
        out ? pick(suppliers) : null,
        out ? 'Bench expense' : 'Bench income',
        now,
      );
    }
  });
  for (let written = 0; written < count; written += 50_000)
    batch(Math.min(50_000, count - written));
  // The app keeps month, day and fund totals with every row it writes (ledger.ts); rows written
  // in bulk here get theirs the way the demo's do, by one rebuild (rebuildLedgerTotals).
  db.prepare('DELETE FROM ledger_month_totals WHERE school_id = ?').run(schoolId);
  db.prepare(
    `INSERT INTO ledger_month_totals
       (school_id, month, category_key, income_cents, expense_cents, transactions)
     SELECT school_id, substr(date, 1, 7), coalesce(category_id, 0),
       sum(CASE WHEN amount_cents > 0 THEN amount_cents ELSE 0 END),
       sum(CASE WHEN amount_cents < 0 THEN -amount_cents ELSE 0 END), count(*)
     FROM transactions WHERE school_id = ? AND kind <> 'transfer'
     GROUP BY school_id, substr(date, 1, 7), coalesce(category_id, 0)`,
  ).run(schoolId);
  db.prepare('DELETE FROM ledger_day_totals WHERE school_id = ?').run(schoolId);
  db.prepare(
    `INSERT INTO ledger_day_totals
       (school_id, date, fund_id, category_key, kind, income_cents, expense_cents, transactions)
     SELECT school_id, date, fund_id, coalesce(category_id, 0), kind,
       sum(CASE WHEN kind <> 'transfer' AND amount_cents > 0 THEN amount_cents ELSE 0 END),
       sum(CASE WHEN kind <> 'transfer' AND amount_cents < 0 THEN -amount_cents ELSE 0 END),
       count(*)
     FROM transactions WHERE school_id = ?
     GROUP BY school_id, date, fund_id, coalesce(category_id, 0), kind`,
  ).run(schoolId);
  db.prepare('DELETE FROM ledger_fund_totals WHERE school_id = ?').run(schoolId);
  db.prepare(
    `INSERT INTO ledger_fund_totals (school_id, fund_id, balance_cents, transactions)
     SELECT school_id, fund_id, sum(amount_cents), count(*)
     FROM transactions WHERE school_id = ? GROUP BY school_id, fund_id`,
  ).run(schoolId);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
  return (performance.now() - started) / 1000;
}

export const REPORT_SQL = `SELECT substr(t.date, 1, 7) AS month, t.category_id, c.name,
    coalesce(sum(CASE WHEN t.amount_cents > 0 THEN t.amount_cents ELSE 0 END), 0) AS income,
    coalesce(sum(CASE WHEN t.amount_cents < 0 THEN -t.amount_cents ELSE 0 END), 0) AS expense
  FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
  WHERE t.school_id = ? AND t.date >= ? AND t.date <= ? AND t.kind <> 'transfer'
  -- whole months, as the API's report covers them
  GROUP BY substr(t.date, 1, 7), t.category_id, c.name ORDER BY 1, c.name`;

/** Each fund's balance summed over its rows, as the funds list was answered before migration 061. */
export const FUNDS_SQL = `SELECT fund_id, sum(amount_cents) AS balance, count(*) AS n
  FROM transactions WHERE school_id = ? GROUP BY fund_id`;

/** The demo school in a folder of its own, made by `npm run seed` (before any server runs). */
export function seededFolder(): { dataDir: string; databaseFile: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-w5-'));
  execFileSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), 'src/server/db/seed/cli.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return { dataDir, databaseFile: path.join(dataDir, 'mathema.db') };
}
