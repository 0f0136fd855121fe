// The transactions list's totals at a year of ledger (issue 15): the aggregate over the rows the
// list used to run for every filter, against the totals it answers now (the day totals for
// dates, fund, category and kind; the rows, through their indexes, for a client or supplier).
// Both are timed in process on the server's own SQLite connection (better-sqlite3 is
// synchronous: each call's time is time the event loop is held). Figures and the load average
// go to stdout; the answers of both are compared and a difference fails the run.
//
//   node --import tsx bench/finance/list-totals.ts [--transactions 1000000]
import fs from 'node:fs';
import os from 'node:os';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/database';
import { rowTotals, transactionTotals } from '../../src/server/areas/finance/ledger';
import { dayOf, generateYear, seededFolder } from './year-ledger';

const argIndex = process.argv.indexOf('--transactions');
const count = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 1_000_000;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();

const folder = seededFolder();
const probe = new SQLite(folder.databaseFile, { readonly: true });
const schoolId = (
  probe.prepare("SELECT id FROM schools WHERE name = 'Demo School Athens'").get() as { id: number }
).id;
probe.close();
const end = new Date();
const generated = generateYear(folder.databaseFile, schoolId, count, end);

const raw = new SQLite(folder.databaseFile, { readonly: true });
const first = (sql: string) => (raw.prepare(sql).get(schoolId) as { id: number }).id;
const fund = first('SELECT id FROM funds WHERE school_id = ? ORDER BY id');
const income = first(
  "SELECT id FROM categories WHERE school_id = ? AND type = 'income' ORDER BY id",
);
const supplier = first('SELECT id FROM suppliers WHERE school_id = ? ORDER BY id');
const client = first(
  "SELECT id FROM memberships WHERE school_id = ? AND role = 'client' ORDER BY id",
);
const days = (n: number) => dayOf(new Date(end.getTime() - n * 86_400_000));
const year = { from: days(365), to: days(0) };
const month = { from: days(30), to: days(0) };

const cases: [string, Record<string, unknown>][] = [
  ['no filter', {}],
  ['a year', year],
  ['a month', month],
  ['a year, one fund', { ...year, fund_id: fund }],
  ['a year, one category', { ...year, category_id: income }],
  ['a month, fund and kind', { ...month, fund_id: fund, kind: 'expense' }],
  ['a year, one supplier', { ...year, supplier_id: supplier }],
  ['a month, one supplier', { ...month, supplier_id: supplier }],
  ['a year, one client', { ...year, client_id: client }],
];

// Which index serves a client's or a supplier's filter (the rows' aggregate is kept for them).
for (const column of ['client_id', 'supplier_id']) {
  const plan = raw
    .prepare(
      `EXPLAIN QUERY PLAN SELECT count(*),
         sum(CASE WHEN t.kind <> 'transfer' AND t.amount_cents > 0 THEN t.amount_cents ELSE 0 END)
       FROM transactions t
       WHERE t.school_id = ? AND t.date >= ? AND t.date <= ? AND t.${column} = ?`,
    )
    .all(schoolId, year.from, year.to, 1) as { detail: string }[];
  console.log(`plan, ${column}: ${plan.map((p) => p.detail).join('; ')}`);
}
const dayRows = (
  raw.prepare('SELECT count(*) AS n FROM ledger_day_totals WHERE school_id = ?').get(schoolId) as {
    n: number;
  }
).n;
console.log(`day totals kept for the school: ${dayRows.toLocaleString('en')} rows`);
raw.close();

const handle = await openDatabase({
  database: { kind: 'sqlite', file: folder.databaseFile },
} as never);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>, runs: number) {
  const ms: number[] = [];
  let answer: unknown;
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    answer = await fn();
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), answer };
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const rows: string[] = [];
let mismatch = false;
for (const [name, filters] of cases) {
  const before = await time(async () => {
    const r = await rowTotals(handle.db, schoolId, filters as never);
    const inc = Number(r.income);
    const exp = Number(r.expense);
    return { count: Number(r.n), income_cents: inc, expense_cents: exp, net_cents: inc - exp };
  }, 3);
  const now = await time(() => transactionTotals(handle.db, schoolId, filters as never), 15);
  if (!same(before.answer, now.answer)) mismatch = true;
  const n = (now.answer as { count: number }).count;
  rows.push(
    `| ${name} | ${n.toLocaleString('en')} | ${before.ms.toFixed(1)} ms | ${now.ms.toFixed(2)} ms | ${same(before.answer, now.answer) ? 'same' : 'DIFFERENT'} |`,
  );
}
await handle.close();
fs.rmSync(folder.dataDir, { recursive: true, force: true });
console.log(
  `${count.toLocaleString('en')} transactions, generated in ${generated.toFixed(1)} s; Node ${process.version}; load average (1, 5, 15 min) at start ${loadAtStart}, at end ${load()}`,
);
console.log('| filters | rows | rows aggregate (before) | list totals (now) | answers |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(r);
if (mismatch) process.exit(1);
