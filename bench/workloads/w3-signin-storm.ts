// W3 sign-in storm: a school's worth of sign-ins arriving within seconds, set against how many
// argon2id hashes per second the same cores manage with nothing else to do.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { hashPassword } from '../../src/server/areas/account/passwords';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import type { SignInStormInput, SignInStormOutput } from '../load/signin-storm-client';
import { distribution, ratio, round } from '../measure';
import { runChildScript } from '../processes/child-script';
import { startServer } from '../processes/server-under-test';
import { countersSince, tcpCounters } from '../processes/tcp-counters';
import { cpuSince, threadCpu } from '../processes/thread-cpu';
import type { WorkloadResult } from '../report';

export interface SignInStormOptions {
  signIns: number;
  rampSeconds: number;
  /** How long each raw-hashing baseline runs. */
  baselineSeconds: number;
}

// The server verifies on libuv's thread pool; the baseline keeps the same pool busy.
const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

/** Raw argon2id hashes per second, with the thread pool kept full (twice its size in flight). */
async function rawHashesPerSecond(seconds: number): Promise<number> {
  const start = performance.now();
  const end = start + seconds * 1000;
  let hashes = 0;
  const worker = async () => {
    while (performance.now() < end) {
      await hashPassword(DEMO_PASSWORD);
      hashes += 1;
    }
  };
  await Promise.all(Array.from({ length: THREAD_POOL_SIZE * 2 }, worker));
  return hashes / ((performance.now() - start) / 1000);
}

/**
 * CPU time of one hash, from this process's own thread times (hashes run on its pool threads),
 * or failing that the wall time of one hash alone.
 */
async function singleHashCpuMs(): Promise<number> {
  const count = 20;
  const before = threadCpu(process.pid);
  const start = performance.now();
  for (let i = 0; i < count; i += 1) await hashPassword(DEMO_PASSWORD);
  const wallMs = (performance.now() - start) / count;
  const after = threadCpu(process.pid);
  return before && after ? cpuSince(before, after).otherThreadsMs / count : wallMs;
}

function demoUsernames(databaseFile: string): string[] {
  const database = new SQLite(databaseFile, { readonly: true });
  try {
    return database
      .prepare(
        'SELECT username FROM users WHERE password_hash IS NOT NULL AND disabled = 0 ORDER BY id',
      )
      .pluck()
      .all() as string[];
  } finally {
    database.close();
  }
}

export async function signInStorm(options: SignInStormOptions): Promise<WorkloadResult> {
  const server = await startServer();
  try {
    const usernames = demoUsernames(server.databaseFile);
    const oneHashMs = await singleHashCpuMs();
    // Baseline before and after the storm, so that a neighbour's load during the run counts
    // on both sides.
    const before = await rawHashesPerSecond(options.baselineSeconds);
    await server.resetEventLoopDelay();
    const cpuBefore = threadCpu(server.pid);
    const tcpBefore = tcpCounters();
    const storm = await runChildScript<SignInStormOutput>(
      path.join(import.meta.dirname, '../load/signin-storm-client.ts'),
      {
        url: server.url,
        usernames,
        password: DEMO_PASSWORD,
        total: options.signIns,
        rampSeconds: options.rampSeconds,
      } satisfies SignInStormInput,
      10 * 60_000,
    );
    const loop = await server.eventLoopDelay();
    const cpuAfter = threadCpu(server.pid);
    const tcpAfter = tcpCounters();
    const cpu = cpuBefore && cpuAfter ? cpuSince(cpuBefore, cpuAfter) : null;
    const after = await rawHashesPerSecond(options.baselineSeconds);

    const rawPerSecond = (before + after) / 2;
    const signInsPerSecond = storm.succeeded / storm.elapsedSeconds;
    const latency = distribution(storm.latenciesMs);
    const errors = Object.values(storm.failures).reduce((sum, n) => sum + n, 0);
    const throughputRatio = ratio(signInsPerSecond, rawPerSecond);
    // Where the hashing ran: had it run on the event loop, the main thread's CPU time would hold
    // the hashes' CPU time. (The loop's delay alone cannot tell: with more hashing threads than
    // cores it also waits for a core, and SQLite's synchronous commits hold it too.)
    const hashingMs = storm.succeeded * oneHashMs;
    // Halves, not exact shares: a neighbour's load skews CPU times a little, never by half.
    const hashedOffLoop =
      cpu !== null && cpu.mainThreadMs < 0.5 * hashingMs && cpu.otherThreadsMs >= 0.5 * hashingMs;
    const cpuText = cpu
      ? `server CPU: main thread ${round(cpu.mainThreadMs / 1000, 2)} s, other threads ${round(cpu.otherThreadsMs / 1000, 2)} s, hashes ≈ ${round(hashingMs / 1000, 2)} s`
      : 'server CPU by thread unknown (no /proc)';
    const errorText = errors
      ? `${errors} errors (${Object.entries(storm.failures)
          .map(([kind, n]) => `${kind}: ${n}`)
          .join(', ')})`
      : '0 errors';
    return {
      id: 'W3',
      title: 'sign-in storm',
      line:
        `${options.signIns} sign-ins ramped over ${options.rampSeconds} s (${usernames.length} accounts): ` +
        `${round(signInsPerSecond)}/s vs raw argon2id ${round(rawPerSecond)}/s = ${throughputRatio}; ` +
        `latency p50 ${round(latency.median / 1000, 2)} s, p99 ${round(latency.p99 / 1000, 2)} s; ${errorText}; ` +
        `${cpuText}; event loop utilisation ${loop.utilization}, delay p99 ${loop.p99Ms} ms, max ${loop.maxMs} ms`,
      figures: {
        signIns: options.signIns,
        rampSeconds: options.rampSeconds,
        accounts: usernames.length,
        succeeded: storm.succeeded,
        failures: storm.failures,
        failureLatencyMs: storm.failureLatenciesMs.length
          ? {
              min: round(Math.min(...storm.failureLatenciesMs)),
              max: round(Math.max(...storm.failureLatenciesMs)),
            }
          : null,
        elapsedSeconds: round(storm.elapsedSeconds, 2),
        signInsPerSecond: round(signInsPerSecond, 2),
        rawHashesPerSecondBefore: round(before, 2),
        rawHashesPerSecondAfter: round(after, 2),
        rawHashesPerSecond: round(rawPerSecond, 2),
        throughputRatio,
        latencyMs: {
          p50: round(latency.median),
          p99: round(latency.p99),
          max: round(latency.max),
        },
        // Machine-wide, so a neighbour's traffic counts too; non-zero beside resets points at
        // the server's listen queue.
        tcpCountersDuringStorm: tcpBefore && tcpAfter ? countersSince(tcpBefore, tcpAfter) : null,
        serverEventLoop: loop,
        serverCpuMs: cpu,
        singleHashCpuMs: round(oneHashMs, 2),
        hashingCpuMs: Math.round(hashingMs),
        threadPoolSize: THREAD_POOL_SIZE,
      },
      goals: [
        { target: '≥ 0.8 of raw hashes/s', met: throughputRatio >= 0.8 },
        { target: 'no error', met: errors === 0 },
        { target: 'event loop never blocked by hashing', met: hashedOffLoop },
      ],
    };
  } finally {
    await server.stop();
  }
}
