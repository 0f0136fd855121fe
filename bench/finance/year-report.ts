// W5 of issue 15, the year report: a school with a year of transactions (1,000,000 by
// default; --transactions N), the income-and-expense report by month and category through the
// API against the same aggregate in raw SQL (goal: within 2×), and the p99 of the students
// list served while the report runs against its p99 without it (goal: within 1.2×).
//
//   npx tsx bench/finance/year-report.ts [--transactions 1000000] [--seconds 4] [--runs 3]
//     [--concurrency 4] [--rounds 3]
//
// Beside the goal, a control: the same list load beside a fifth client asking the cheapest
// school call back to back, and the server's CPU per request of each kind, so that what the
// report costs the list can be told from what any fifth client costs it (docs/finance.md).
//
// The server is the built bundle in its own process on the embedded SQLite, as `npm run
// serve` runs it; the rows are written straight into its database file by the generator below.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { distribution, median, ratio, round, sleep } from '../measure';
import { repoRoot } from '../paths';
import { startServer } from '../processes/server-under-test';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
const TRANSACTIONS = Number(values.transactions);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A year of a school's ledger: income (tuition, books) and expenses with suppliers, in batches. */
function generateYear(file: string, schoolId: number, count: number, end: Date) {
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
  // The app keeps month and fund totals with every row it writes (ledger.ts); rows written in
  // bulk here get theirs the way the demo's do, by one rebuild (rebuildLedgerTotals).
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

const REPORT_SQL = `SELECT substr(t.date, 1, 7) AS month, t.category_id, c.name,
    coalesce(sum(CASE WHEN t.amount_cents > 0 THEN t.amount_cents ELSE 0 END), 0) AS income,
    coalesce(sum(CASE WHEN t.amount_cents < 0 THEN -t.amount_cents ELSE 0 END), 0) AS expense
  FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
  WHERE t.school_id = ? AND t.date >= ? AND t.date <= ? AND t.kind <> 'transfer'
  -- whole months, as the API's report covers them
  GROUP BY substr(t.date, 1, 7), t.category_id, c.name ORDER BY 1, c.name`;

/** Each fund's balance summed over its rows, as the funds list was answered before migration 061. */
const FUNDS_SQL = `SELECT fund_id, sum(amount_cents) AS balance, count(*) AS n
  FROM transactions WHERE school_id = ? GROUP BY fund_id`;

/** The demo school in a folder of its own, made by `npm run seed` (before any server runs). */
function seededFolder(): { dataDir: string; databaseFile: string } {
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

/** The CPU time (user and system) a process has used, in ms; null where /proc is not there. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Waits until the server's event loop is nearly idle for a second (at most 60 s); the seconds waited. */
async function untilQuiet(server: Awaited<ReturnType<typeof startServer>>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    await server.resetEventLoopDelay();
    await sleep(1000);
    if ((await server.eventLoopDelay()).utilization < 0.05) break;
  }
  return round((performance.now() - started) / 1000, 1);
}

async function main() {
  // The rows are written before the server starts: a writer beside a running server would
  // measure SQLite's lock, not the report.
  const folder = seededFolder();
  const probe = new SQLite(folder.databaseFile, { readonly: true });
  const schoolId = (
    probe.prepare("SELECT id FROM schools WHERE name = 'Demo School Athens'").get() as {
      id: number;
    }
  ).id;
  probe.close();
  const end = new Date();
  const generated = generateYear(folder.databaseFile, schoolId, TRANSACTIONS, end);
  console.error(`generated ${TRANSACTIONS} transactions in ${round(generated, 1)} s`);
  const server = await startServer({ dataDir: folder.dataDir });
  try {
    const login = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'admin@demo.school',
        password: 'demo-password',
        platform: 'bench',
        remember_me: false,
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const from = `${dayOf(new Date(end.getTime() - 365 * 86_400_000)).slice(0, 7)}-01`;
    const to = `${dayOf(end).slice(0, 7)}-31`;

    const get = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api${path}`, { headers: { Token: token } });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
      return performance.now() - started;
    };
    const reportPath = `/schools/${schoolId}/admin/finance/report?from=${from.slice(0, 7)}&to=${to.slice(0, 7)}`;

    const raw = new SQLite(server.databaseFile, { readonly: true });
    const statement = raw.prepare(REPORT_SQL);
    const fundsStatement = raw.prepare(FUNDS_SQL);
    const rawTimes: number[] = [];
    const apiTimes: number[] = [];
    const fundsRawTimes: number[] = [];
    const fundsApiTimes: number[] = [];
    const fundsPath = `/schools/${schoolId}/admin/finance/funds`;
    await get(reportPath); // warm both sides once
    statement.all(schoolId, from, to);
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      statement.all(schoolId, from, to);
      rawTimes.push(performance.now() - started);
      apiTimes.push(await get(reportPath));
      const fundsStarted = performance.now();
      fundsStatement.all(schoolId);
      fundsRawTimes.push(performance.now() - fundsStarted);
      fundsApiTimes.push(await get(fundsPath));
    }
    raw.close();

    console.error(
      `report: raw ${rawTimes.map((t) => round(t)).join(', ')} ms; API ${apiTimes.map((t) => round(t)).join(', ')} ms`,
    );
    const studentsPath = (i: number) =>
      `/schools/${schoolId}/admin/students?per_page=20&page=${(i % 10) + 1}`;
    // The control's fifth client: the cheapest school call of the office's screens.
    const controlPath = `/schools/${schoolId}/admin/period`;

    // Warm the server's code paths, then wait for its start-up jobs (the overdue reminders'
    // e-mails, the myDATA outbox) to finish, so that neither side of a round gets them.
    for (let i = 0; i < 300; i += 1) {
      await get(reportPath);
      await get(studentsPath(i));
      await get(controlPath);
    }
    const quiet = await untilQuiet(server);
    console.error(`server quiet after ${quiet} s`);

    /** The server's CPU per request of one kind, asked one after another. */
    const cpuPerRequest = async (path: (i: number) => string, count = 1000) => {
      const before = processCpuMs(server.pid);
      for (let i = 0; i < count; i += 1) await get(path(i));
      const after = processCpuMs(server.pid);
      return before === null || after === null ? null : round((after - before) / count, 2);
    };
    const cpu = {
      report: await cpuPerRequest(() => reportPath),
      students: await cpuPerRequest(studentsPath),
      control: await cpuPerRequest(() => controlPath),
    };

    /** The students list, CONCURRENCY at a time for SECONDS, beside `other` asked back to back. */
    const studentsList = async (other: string | null) => {
      const latencies: number[] = [];
      let others = 0;
      let running = true;
      await server.resetEventLoopDelay();
      const loop = (async () => {
        while (running && other) {
          await get(other);
          others += 1;
        }
      })();
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          for (let i = worker; performance.now() < until; i += CONCURRENCY)
            latencies.push(await get(studentsPath(i)));
        }),
      );
      running = false;
      await loop;
      return { latencies, others, loop: await server.eventLoopDelay() };
    };
    // Each round runs the three sides in a rotated order (alone, report, control; then report,
    // control, alone; …), so that a neighbour's load on the shared machine weighs on all alike.
    const SIDES = { alone: null, report: reportPath, control: controlPath } as const;
    type Side = keyof typeof SIDES;
    const names = Object.keys(SIDES) as Side[];
    const runs: Record<Side, Awaited<ReturnType<typeof studentsList>>[]> = {
      alone: [],
      report: [],
      control: [],
    };
    for (let r = 0; r < ROUNDS; r += 1)
      for (let k = 0; k < names.length; k += 1) {
        const side = names[(r + k) % names.length]!;
        runs[side].push(await studentsList(SIDES[side]));
      }
    const p99Of = (side: Side) => distribution(runs[side].flatMap((run) => run.latencies)).p99;
    const countOf = (side: Side) => runs[side].reduce((n, run) => n + run.latencies.length, 0);
    const othersOf = (side: Side) => runs[side].reduce((n, run) => n + run.others, 0);
    const loopOf = (side: Side) => ({
      p99_ms: round(median(runs[side].map((run) => run.loop.p99Ms)), 1),
      max_ms: round(Math.max(...runs[side].map((run) => run.loop.maxMs)), 1),
    });

    const result = {
      transactions: TRANSACTIONS,
      generate_seconds: round(generated, 1),
      report_raw_sql_ms: round(median(rawTimes), 1),
      report_api_ms: round(median(apiTimes), 1),
      report_ratio: ratio(median(apiTimes), median(rawTimes)),
      report_goal: '≤ 2',
      // The funds list (every payment dialog asks it) against the sum over the rows it replaced.
      funds_raw_sql_ms: round(median(fundsRawTimes), 1),
      funds_api_ms: round(median(fundsApiTimes), 1),
      server_cpu_ms_per_request: cpu,
      students_p99_alone_ms: round(p99Of('alone'), 1),
      students_p99_during_report_ms: round(p99Of('report'), 1),
      students_p99_ratio: ratio(p99Of('report'), p99Of('alone')),
      students_goal: '≤ 1.2',
      // The same four list clients beside a fifth asking the cheapest school call back to back:
      // what any fifth client costs them, whatever it asks.
      students_p99_beside_control_ms: round(p99Of('control'), 1),
      students_p99_control_ratio: ratio(p99Of('control'), p99Of('alone')),
      students_requests: {
        alone: countOf('alone'),
        report: countOf('report'),
        control: countOf('control'),
      },
      reports_during: othersOf('report'),
      control_requests_during: othersOf('control'),
      event_loop_delay: {
        alone: loopOf('alone'),
        report: loopOf('report'),
        control: loopOf('control'),
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    fs.rmSync(folder.dataDir, { recursive: true, force: true });
  }
}

await main();
