// W6 chat fan-out: N socket.io clients in lesson rooms of 25 plus one room of the whole school,
// messages sent at a steady rate through the real server (stored, then broadcast), set against a
// plain `ws` server broadcasting the same messages to the same number of sockets; then two API
// nodes sharing the database and Redis, half the clients on each.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeChatBenchData, type ChatBenchData } from '../chat/chat-data';
import { dropSchema, writeChatBenchDataPostgres } from '../chat/chat-data-postgres';
import type { FanoutInput, FanoutOutput } from '../chat/fanout-clients';
import { distribution, ratio, round } from '../measure';
import { startChildService } from '../processes/child-script';
import { startServer, type EventLoopDelay } from '../processes/server-under-test';
import type { WorkloadResult } from '../report';

export interface ChatFanoutOptions {
  clients: number;
  /** Messages per second into lesson rooms (each reaches 25), over the whole run. */
  lessonRate: number;
  /** Messages per second into the whole school's room (each reaches every client). */
  schoolRate: number;
  seconds: number;
  /** Processes the clients are spread over (whole rooms each). */
  clientProcesses: number;
  /** How the socket.io clients are played (see FanoutInput). */
  socketIoClient: FanoutInput['socketIoClient'];
}

// os.setPriority's scale: 19 is the lowest (Linux's nice).
const LOWEST_PRIORITY = 19;
const ROOM_SIZE = 25;
const clientScript = path.join(import.meta.dirname, '../chat/fanout-clients.ts');

interface RunFigures {
  connected: number;
  connectFailures: number;
  sent: number;
  sendFailures: Record<string, number>;
  expectedDeliveries: number;
  received: number;
  deliveredPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Where the latency is: lesson rooms (25 each) against the school's room (every client). */
  lessonLatencyMs: { p50: number; p99: number; max: number };
  schoolLatencyMs: { p50: number; p99: number; max: number };
  /** Per school message and client process, from its first delivery there to its last. */
  schoolSpreadMs: { p50: number; p99: number; max: number };
  /** Each client process's event loop over the run. */
  clientEventLoops: FanoutOutput['eventLoop'][];
  everyMessageEverywhere: boolean;
  eventLoop?: EventLoopDelay;
}

const summary = (values: number[]) => {
  const d = distribution(values);
  return { p50: round(d.median), p99: round(d.p99), max: round(d.max) };
};

/** Forks the client processes, waits until all are connected, starts them together. */
async function fanout(
  kind: FanoutInput['kind'],
  urls: string[],
  data: ChatBenchData,
  options: ChatFanoutOptions,
  /** Called once every client is connected, just before sending starts. */
  beforeGo: () => Promise<void> = async () => undefined,
): Promise<RunFigures> {
  const roomMembers: Record<number, number> = { [data.schoolRoom]: data.tokens.length };
  data.lessonRooms.forEach((room, i) => {
    roomMembers[room] = Math.min(ROOM_SIZE, data.tokens.length - i * ROOM_SIZE);
  });
  const clients = data.tokens.map((token, index) => ({
    index,
    token,
    lessonRoom: data.lessonRooms[Math.floor(index / ROOM_SIZE)]!,
  }));
  // Whole rooms per process, so that each process's senders write to rooms they are in.
  const share = Math.ceil(data.lessonRooms.length / options.clientProcesses) * ROOM_SIZE;
  const parts = Array.from({ length: options.clientProcesses }, (_, p) =>
    clients.slice(p * share, (p + 1) * share),
  ).filter((part) => part.length > 0);
  const children = parts.map((part, p) => {
    const child = fork(clientScript, [], {
      execArgv: ['--import', import.meta.resolve('tsx'), '--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The clients stand in for 5,000 devices elsewhere, but here they share the server's two
    // cores: at the lowest priority they get every cycle the server leaves, and no more, so
    // that decoding their deliveries does not hold up the server's writes (it did: socket.io
    // p99 165–200 ms at the normal priority, 98–103 ms at the lowest, the ws baseline's
    // 57–82 ms either way). The send and receive times are read when each event runs.
    os.setPriority(child.pid!, LOWEST_PRIORITY);
    const input: FanoutInput = {
      kind,
      socketIoClient: options.socketIoClient,
      urls,
      clients: part,
      schoolRoom: data.schoolRoom,
      roomMembers,
      totalClients: clients.length,
      lessonMessagesPerSecond: (options.lessonRate * part.length) / clients.length,
      schoolMessagesPerSecond: p === 0 ? options.schoolRate : 0,
      seconds: options.seconds,
      drainMs: 3_000,
    };
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m: { type: string; message?: string }) => {
        if (m.type === 'ready') resolve();
        if (m.type === 'error') reject(new Error(m.message));
      });
      child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
    });
    const result = new Promise<FanoutOutput>((resolve, reject) => {
      child.on('message', (m: { type: string; output?: FanoutOutput; message?: string }) => {
        if (m.type === 'result') resolve(m.output!);
        if (m.type === 'error') reject(new Error(m.message));
      });
      child.once(
        'exit',
        (code) => code !== 0 && reject(new Error(`client process exited with ${code}`)),
      );
    });
    child.send({ type: 'start', input });
    return { child, ready, result };
  });
  await Promise.all(children.map((c) => c.ready));
  await beforeGo();
  const startAt = performance.timeOrigin + performance.now() + 500;
  children.forEach((c) => c.child.send({ type: 'go', startAt }));
  const outputs = await Promise.all(children.map((c) => c.result));

  const latencies = outputs.flatMap((o) => o.latenciesMs);
  const latency = distribution(latencies);
  const sum = (pick: (o: FanoutOutput) => number) => outputs.reduce((t, o) => t + pick(o), 0);
  const sendFailures: Record<string, number> = {};
  for (const o of outputs)
    for (const [why, n] of Object.entries(o.sendFailures))
      sendFailures[why] = (sendFailures[why] ?? 0) + n;
  const received = sum((o) => o.received);
  const expectedDeliveries = sum((o) => o.expectedDeliveries);
  return {
    connected: sum((o) => o.connected),
    connectFailures: sum((o) => o.connectFailures),
    sent: sum((o) => o.sent),
    sendFailures,
    expectedDeliveries,
    received,
    deliveredPerSecond: round(received / options.seconds),
    latencyMs: { p50: round(latency.median), p99: round(latency.p99), max: round(latency.max) },
    lessonLatencyMs: summary(outputs.flatMap((o) => o.lessonLatenciesMs)),
    schoolLatencyMs: summary(outputs.flatMap((o) => o.schoolLatenciesMs)),
    schoolSpreadMs: summary(outputs.flatMap((o) => o.schoolSpreadMs)),
    clientEventLoops: outputs.map((o) => o.eventLoop),
    everyMessageEverywhere:
      received === expectedDeliveries && Object.keys(sendFailures).length === 0,
  };
}

const describe = (name: string, run: RunFigures) =>
  `${name} ${run.deliveredPerSecond} deliveries/s, p99 ${run.latencyMs.p99} ms` +
  ` (lesson rooms ${run.lessonLatencyMs.p99}, school room ${run.schoolLatencyMs.p99}; client loops busy ` +
  `${run.clientEventLoops.map((l) => l.utilization).join('/')})` +
  (run.everyMessageEverywhere
    ? ''
    : ` (received ${run.received} of ${run.expectedDeliveries}, send failures ${JSON.stringify(run.sendFailures)}, connect failures ${run.connectFailures})`);

export async function chatFanout(options: ChatFanoutOptions): Promise<WorkloadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-bench-w6-'));
  try {
    // The first start migrates the empty database; the people and rooms go in beside it.
    let server = await startServer({ dataDir });
    const data = writeChatBenchData(server.databaseFile, options.clients, ROOM_SIZE);

    const baseline = await startChildService<{ port: number }>(
      path.join(import.meta.dirname, '../chat/ws-baseline-server.ts'),
      {},
      30_000,
    );
    let bare: RunFigures;
    try {
      bare = await fanout('ws', [`ws://127.0.0.1:${baseline.output.port}`], data, options);
    } finally {
      await baseline.stop();
    }

    // The server's event loop over the sending alone (5,000 handshakes before it are not W6's).
    const oneNode = await fanout('socket.io', [server.url], data, options, () =>
      server.resetEventLoopDelay(),
    );
    oneNode.eventLoop = await server.eventLoopDelay();
    await server.stop();

    // Several API nodes need a shared database: PostgreSQL when DATABASE_URL names one (as a
    // deployment would), else the same SQLite file (whose writers then queue for its lock).
    let twoNodes: RunFigures | null = null;
    let nodeBaseline: RunFigures = oneNode;
    let sharedDatabase = 'SQLite';
    const redisUrl = process.env.REDIS_URL;
    const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres')
      ? process.env.DATABASE_URL
      : undefined;
    if (redisUrl) {
      const schema = `w6_${process.pid}`;
      const env = {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `mathema-bench-w6-${process.pid}:`,
        ...(postgresUrl ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
      };
      try {
        server = await startServer({ dataDir, env });
        let nodeData = data;
        if (postgresUrl) {
          sharedDatabase = 'PostgreSQL';
          nodeData = await writeChatBenchDataPostgres(
            postgresUrl,
            schema,
            options.clients,
            ROOM_SIZE,
          );
          // The comparison is with one node on the same database and Redis.
          nodeBaseline = await fanout('socket.io', [server.url], nodeData, options);
        }
        const second = await startServer({ dataDir, env });
        try {
          twoNodes = await fanout('socket.io', [server.url, second.url], nodeData, options);
        } finally {
          await second.stop();
          await server.stop();
        }
      } finally {
        if (postgresUrl) await dropSchema(postgresUrl, schema);
      }
    }

    const rateRatio = ratio(oneNode.deliveredPerSecond, bare.deliveredPerSecond);
    const offered =
      options.lessonRate * Math.min(ROOM_SIZE, options.clients) +
      options.schoolRate * options.clients;
    const line =
      `${options.clients} clients, rooms of ${ROOM_SIZE} + 1 of all, ${options.lessonRate} lesson + ${options.schoolRate} school messages/s ` +
      `(≈ ${offered} deliveries/s offered) for ${options.seconds} s: ` +
      `${describe('ws', bare)}; ${describe('socket.io', oneNode)} = ${rateRatio} of ws; ` +
      (twoNodes
        ? (postgresUrl ? `${describe('one node on PostgreSQL + Redis', nodeBaseline)}; ` : '') +
          `${describe(`two nodes + Redis on ${sharedDatabase}`, twoNodes)} = ${ratio(twoNodes.deliveredPerSecond, nodeBaseline.deliveredPerSecond)} of one node`
        : 'two nodes skipped (REDIS_URL unset)');
    return {
      id: 'W6',
      title: 'chat fan-out',
      line,
      figures: {
        options,
        offeredDeliveriesPerSecond: offered,
        ws: bare,
        oneNode,
        sharedDatabase,
        oneNodeSharedDatabase: nodeBaseline,
        twoNodes,
      },
      goals: [
        { target: '≥ 0.5 of the ws rate', met: rateRatio >= 0.5 },
        { target: 'p99 ≤ 100 ms (one node)', met: oneNode.latencyMs.p99 <= 100 },
        {
          target: 'every message reaches every member (one node)',
          met: oneNode.everyMessageEverywhere,
        },
        ...(twoNodes
          ? [
              {
                target: 'every message reaches every member (two nodes)',
                met: twoNodes.everyMessageEverywhere,
              },
              { target: 'p99 ≤ 100 ms (two nodes)', met: twoNodes.latencyMs.p99 <= 100 },
            ]
          : []),
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
