// W5F year report (issue 15's W5; the harness's W5 is Lighthouse): a school with a year of
// transactions (1,000,000; --transactions N). The income-and-expense report by month and
// category through the API against the same aggregate in raw SQL over the transactions (goal:
// within 2×), and the p99 of the students list while reports are asked back to back against its
// p99 without them (goal: within 1.2×).
//
// Beside the goal, a control: the same list load beside a fifth client asking the cheapest
// school call back to back, and the server's CPU per request of each kind, so that what the
// report costs the list can be told from what any fifth client costs it (docs/finance.md).
// The fifth client runs in a process of its own (bench/finance/fifth-client.ts), so that
// reading its answers never delays the list clients' timing in this process; the three sides
// take turns in one-second slices, in rotated order, so that a neighbour's load on the shared
// machine weighs on all of them alike.
//
// The server is the built bundle in its own process on the embedded SQLite, as `npm run serve`
// runs it; the rows are written into its database file before it starts.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { FUNDS_SQL, REPORT_SQL, dayOf, generateYear, seededFolder } from '../finance/year-ledger';
import { distribution, median, ratio, round, sleep } from '../measure';
import { startServer } from '../processes/server-under-test';
import type { WorkloadResult } from '../report';

export interface YearReportOptions {
  /** Rows of the generated year. */
  transactions: number;
  /** Seconds of list load on each side in each round, in one-second slices. */
  seconds: number;
  rounds: number;
}

const CONCURRENCY = 4;
const TIMED_RUNS = 3;
const SLICE_MS = 1000;
const REPORT_GOAL = 2;
const LIST_GOAL = 1.2;

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

/** The fifth client's process: `ask(path)` until `stop()`, which resolves with its count. */
async function startFifthClient(url: string, token: string) {
  const child: ChildProcess = fork(
    path.join(import.meta.dirname, '../finance/fifth-client.ts'),
    [],
    {
      execArgv: ['--import', import.meta.resolve('tsx')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const next = (type: string) =>
    new Promise<{ count?: number }>((resolve, reject) => {
      const onMessage = (message: { type: string; count?: number; message?: string }) => {
        if (message.type === 'error') reject(new Error(`fifth client: ${message.message}`));
        else if (message.type === type) resolve(message);
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
    });
  await next('ready');
  return {
    async ask(pathAsked: string) {
      const asking = next('asking');
      child.send({ type: 'ask', url, token, path: pathAsked });
      await asking;
    },
    async stop(): Promise<number> {
      const stopped = next('stopped');
      child.send({ type: 'stop' });
      return (await stopped).count ?? 0;
    },
    close() {
      child.kill('SIGTERM');
    },
  };
}

export async function yearReport(options: YearReportOptions): Promise<WorkloadResult> {
  const loadAtStart = os.loadavg().map((l) => round(l, 2));
  const folder = seededFolder();
  const probe = new SQLite(folder.databaseFile, { readonly: true });
  const schoolId = (
    probe.prepare("SELECT id FROM schools WHERE name = 'Demo School Athens'").get() as {
      id: number;
    }
  ).id;
  probe.close();
  const end = new Date();
  const generated = generateYear(folder.databaseFile, schoolId, options.transactions, end);
  const server = await startServer({ dataDir: folder.dataDir });
  let fifth: Awaited<ReturnType<typeof startFifthClient>> | null = null;
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
    const get = async (pathAsked: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api${pathAsked}`, { headers: { Token: token } });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`${pathAsked}: ${response.status} ${body.slice(0, 200)}`);
      return performance.now() - started;
    };
    const reportPath = `/schools/${schoolId}/admin/finance/report?from=${from.slice(0, 7)}&to=${to.slice(0, 7)}`;
    const fundsPath = `/schools/${schoolId}/admin/finance/funds`;

    // The report and the funds list against the raw aggregates over the rows.
    const raw = new SQLite(server.databaseFile, { readonly: true });
    const statement = raw.prepare(REPORT_SQL);
    const fundsStatement = raw.prepare(FUNDS_SQL);
    const times = {
      raw: [] as number[],
      api: [] as number[],
      fundsRaw: [] as number[],
      fundsApi: [] as number[],
    };
    await get(reportPath); // warm both sides once
    statement.all(schoolId, from, to);
    for (let run = 0; run < TIMED_RUNS; run += 1) {
      let started = performance.now();
      statement.all(schoolId, from, to);
      times.raw.push(performance.now() - started);
      times.api.push(await get(reportPath));
      started = performance.now();
      fundsStatement.all(schoolId);
      times.fundsRaw.push(performance.now() - started);
      times.fundsApi.push(await get(fundsPath));
    }
    raw.close();

    const studentsPath = (i: number) =>
      `/schools/${schoolId}/admin/students?per_page=20&page=${(i % 10) + 1}`;
    // The control's fifth client: the cheapest school call of the office's screens.
    const controlPath = `/schools/${schoolId}/admin/period`;
    // Warm the server's code paths, then wait for its start-up jobs (the overdue reminders'
    // e-mails, the myDATA outbox) to finish, so that no side gets them.
    for (let i = 0; i < 300; i += 1) {
      await get(reportPath);
      await get(studentsPath(i));
      await get(controlPath);
    }
    const quietStarted = performance.now();
    while (performance.now() - quietStarted < 60_000) {
      await server.resetEventLoopDelay();
      await sleep(1000);
      if ((await server.eventLoopDelay()).utilization < 0.05) break;
    }

    /** The server's CPU per request of one kind, asked one after another. */
    const cpuPerRequest = async (pathOf: (i: number) => string, count = 1000) => {
      const before = processCpuMs(server.pid);
      for (let i = 0; i < count; i += 1) await get(pathOf(i));
      const after = processCpuMs(server.pid);
      return before === null || after === null ? null : round((after - before) / count, 2);
    };
    const cpu = {
      report: await cpuPerRequest(() => reportPath),
      students: await cpuPerRequest(studentsPath),
      control: await cpuPerRequest(() => controlPath),
    };

    fifth = await startFifthClient(server.url, token);
    const SIDES = { alone: null, report: reportPath, control: controlPath } as const;
    type Side = keyof typeof SIDES;
    const names = Object.keys(SIDES) as Side[];
    const sides = Object.fromEntries(
      names.map((name) => [
        name,
        { latencies: [] as number[], others: 0, serverLoopP99: [] as number[], serverLoopMax: 0 },
      ]),
    ) as Record<
      Side,
      { latencies: number[]; others: number; serverLoopP99: number[]; serverLoopMax: number }
    >;
    const benchLoop = Object.fromEntries(
      names.map((name) => [name, monitorEventLoopDelay({ resolution: 5 })]),
    ) as Record<Side, ReturnType<typeof monitorEventLoopDelay>>;

    /** One slice: the list, CONCURRENCY at a time, beside the side's fifth client. */
    const slice = async (side: Side) => {
      const other = SIDES[side];
      await server.resetEventLoopDelay();
      if (other) await fifth!.ask(other);
      benchLoop[side].enable();
      const until = performance.now() + SLICE_MS;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          for (let i = worker; performance.now() < until; i += CONCURRENCY)
            sides[side].latencies.push(await get(studentsPath(i)));
        }),
      );
      benchLoop[side].disable();
      if (other) sides[side].others += await fifth!.stop();
      const loop = await server.eventLoopDelay();
      sides[side].serverLoopP99.push(loop.p99Ms);
      sides[side].serverLoopMax = Math.max(sides[side].serverLoopMax, loop.maxMs);
    };
    const slicesPerSide =
      Math.max(1, Math.round((options.seconds * 1000) / SLICE_MS)) * options.rounds;
    for (let k = 0; k < slicesPerSide; k += 1)
      for (let j = 0; j < names.length; j += 1) await slice(names[(k + j) % names.length]!);

    const p99 = (side: Side) => distribution(sides[side].latencies).p99;
    const listRatio = ratio(p99('report'), p99('alone'));
    const controlRatio = ratio(p99('control'), p99('alone'));
    const reportRatio = ratio(median(times.api), median(times.raw));
    const loadAtEnd = os.loadavg().map((l) => round(l, 2));
    const figures = {
      transactions: options.transactions,
      generateSeconds: round(generated, 1),
      reportRawSqlMs: round(median(times.raw), 1),
      reportApiMs: round(median(times.api), 1),
      reportRatio,
      fundsRawSqlMs: round(median(times.fundsRaw), 1),
      fundsApiMs: round(median(times.fundsApi), 1),
      serverCpuMsPerRequest: cpu,
      studentsP99AloneMs: round(p99('alone'), 1),
      studentsP99BesideReportsMs: round(p99('report'), 1),
      studentsP99Ratio: listRatio,
      studentsP99BesideControlMs: round(p99('control'), 1),
      studentsP99ControlRatio: controlRatio,
      studentsRequests: Object.fromEntries(names.map((n) => [n, sides[n].latencies.length])),
      reportsAsked: sides.report.others,
      controlRequestsAsked: sides.control.others,
      serverEventLoop: Object.fromEntries(
        names.map((n) => [
          n,
          {
            p99MedianMs: round(median(sides[n].serverLoopP99), 1),
            maxMs: round(sides[n].serverLoopMax, 1),
          },
        ]),
      ),
      benchEventLoopP99Ms: Object.fromEntries(
        names.map((n) => [n, round(benchLoop[n].percentile(99) / 1e6, 1)]),
      ),
      slices: { perSide: slicesPerSide, ms: SLICE_MS },
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    };
    return {
      id: 'W5F',
      title: 'year report',
      line:
        `${options.transactions} transactions: report ${figures.reportApiMs} ms through the API vs ` +
        `${figures.reportRawSqlMs} ms raw SQL = ${reportRatio}×; funds ${figures.fundsApiMs} ms vs ` +
        `${figures.fundsRawSqlMs} ms; server CPU per request: report ${cpu.report} ms, list ` +
        `${cpu.students} ms, control ${cpu.control} ms; students list p99 alone ` +
        `${figures.studentsP99AloneMs} ms, beside reports ${figures.studentsP99BesideReportsMs} ms ` +
        `= ${listRatio}× (${figures.reportsAsked} reports), beside the control ` +
        `${figures.studentsP99BesideControlMs} ms = ${controlRatio}×; load average ` +
        `${loadAtStart.join(' ')} → ${loadAtEnd.join(' ')}`,
      figures,
      goals: [
        { target: `report within ${REPORT_GOAL}× of raw SQL`, met: reportRatio <= REPORT_GOAL },
        { target: `list p99 beside reports within ${LIST_GOAL}×`, met: listRatio <= LIST_GOAL },
      ],
    };
  } finally {
    fifth?.close();
    await server.stop();
    fs.rmSync(folder.dataDir, { recursive: true, force: true });
  }
}
