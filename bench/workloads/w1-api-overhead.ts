// W1 API overhead: the scale school's office paging through its 5,000 students under concurrent
// load, through the whole server (authentication, role and permission checks, validation, the
// resource engine), against a bare fastify route answering the same pages from prepared
// statements of the same SQL. Both servers are processes of their own; so is autocannon.
import path from 'node:path';
import { SCALE_ADMIN_EMAIL } from '../../src/server/db/seed/scale';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import type { BareListInput } from '../load/bare-list-server';
import type { ListLoadInput, ListLoadOutput } from '../load/list-load-client';
import { alternate, median, ratio, round } from '../measure';
import { runChildScript, startChildService } from '../processes/child-script';
import { startServer } from '../processes/server-under-test';
import type { WorkloadResult } from '../report';
import { scaleDatabase } from '../scale/scale-database';
import { captureStudentsListSql, PER_PAGE, SCALE_LAST_PAGE } from '../scale/students-list';

export interface ApiOverheadOptions {
  /** How long each load run lasts. */
  seconds: number;
  rounds: number;
  connections: number;
  scaleSeed: number;
}

const GOAL_THROUGHPUT_RATIO = 0.5;
const loadClient = path.join(import.meta.dirname, '../load/list-load-client.ts');
const bareServer = path.join(import.meta.dirname, '../load/bare-list-server.ts');

async function signIn(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, remember_me: false }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Both servers must answer pages with the same students, or the comparison means nothing. */
async function samePage(
  api: { url: string; path: string; token: string },
  bareUrl: string,
  page: number,
) {
  const ids = async (url: string, headers: Record<string, string> = {}) => {
    const body = (await (await fetch(url, { headers })).json()) as { data: { id: number }[] };
    return body.data.map((row) => row.id).join(',');
  };
  const fromApi = await ids(`${api.url}${api.path.replace('{page}', String(page))}`, {
    Token: api.token,
  });
  const fromBare = await ids(`${bareUrl}/bare/students?page=${page}`);
  if (fromApi !== fromBare || fromApi.split(',').length !== PER_PAGE)
    throw new Error(`the bare route and the API disagree on page ${page}`);
}

export async function apiOverhead(options: ApiOverheadOptions): Promise<WorkloadResult> {
  const scale = scaleDatabase(options.scaleSeed);
  const server = await startServer({ dataDir: scale.dataDir });
  let stopBare = async () => {};
  try {
    const capture = (page: number) =>
      captureStudentsListSql(scale.databaseFile, scale.schoolId, page);
    const bare = await startChildService<{ url: string }>(
      bareServer,
      {
        databaseFile: scale.databaseFile,
        first: await capture(1),
        last: await capture(SCALE_LAST_PAGE),
      } satisfies BareListInput,
      30_000,
    );
    stopBare = bare.stop;
    const token = await signIn(server.url, SCALE_ADMIN_EMAIL);
    const apiPath = `/api/schools/${scale.schoolId}/admin/students?page={page}&per_page=${PER_PAGE}`;
    for (const page of [3, SCALE_LAST_PAGE - 2, SCALE_LAST_PAGE])
      await samePage({ url: server.url, path: apiPath, token }, bare.output.url, page);

    const load = (
      url: string,
      pathTemplate: string,
      headers: Record<string, string>,
      seconds: number,
    ) =>
      runChildScript<ListLoadOutput>(
        loadClient,
        {
          url,
          pathTemplate,
          pages: SCALE_LAST_PAGE,
          headers,
          connections: options.connections,
          seconds,
        } satisfies ListLoadInput,
        (seconds + 30) * 1000,
      );
    const loadBare = (seconds: number) =>
      load(bare.output.url, '/bare/students?page={page}', {}, seconds);
    const loadApi = (seconds: number) => load(server.url, apiPath, { Token: token }, seconds);
    // Warm-up (JIT, SQLite's page cache) that does not count.
    await loadBare(1);
    await loadApi(1);
    // The server's event loop is read over its own rounds only: across the alternation it
    // would also count the bare rounds, when it sits idle.
    const utilisations: number[] = [];
    const runs = await alternate(
      options.rounds,
      () => loadBare(options.seconds),
      async () => {
        await server.resetEventLoopDelay();
        const run = await loadApi(options.seconds);
        utilisations.push((await server.eventLoopDelay()).utilization);
        return run;
      },
    );
    const loop = { utilization: median(utilisations) };

    const summary = (side: ListLoadOutput[]) => ({
      requestsPerSecond: round(median(side.map((r) => r.requestsPerSecond))),
      p99Ms: median(side.map((r) => r.latencyMs.p99)),
      failures: side.reduce((sum, r) => sum + r.failures, 0),
    });
    const api = summary(runs.subject);
    const baseline = summary(runs.baseline);
    const throughputRatio = ratio(api.requestsPerSecond, baseline.requestsPerSecond);
    const p99Ratio = ratio(api.p99Ms, baseline.p99Ms);
    return {
      id: 'W1',
      title: 'API overhead',
      line:
        `students list (pages 1–${SCALE_LAST_PAGE}, ${PER_PAGE} rows, ${options.connections} connections): ` +
        `${api.requestsPerSecond} req/s vs bare fastify ${baseline.requestsPerSecond} req/s = ${throughputRatio}; ` +
        `p99 ${api.p99Ms} ms vs ${baseline.p99Ms} ms = ${p99Ratio}×; ` +
        `${api.failures + baseline.failures} failed requests; server event loop utilisation ${loop.utilization}`,
      figures: {
        api,
        bare: baseline,
        throughputRatio,
        p99Ratio,
        runs: { api: runs.subject, bare: runs.baseline },
        serverEventLoop: loop,
        connections: options.connections,
        secondsPerRun: options.seconds,
        rounds: options.rounds,
      },
      goals: [
        {
          target: `≥ ${GOAL_THROUGHPUT_RATIO} of bare throughput`,
          met: throughputRatio >= GOAL_THROUGHPUT_RATIO,
        },
        { target: 'no failed request', met: api.failures + baseline.failures === 0 },
      ],
    };
  } finally {
    await stopBare();
    await server.stop();
  }
}
