// Starts the built server as its own process, as `npm run serve` would, on a free loopback port.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sleep } from '../measure';
import { freePort } from './free-port';
import { serverBundle } from './server-bundle';

export interface EventLoopDelay {
  meanMs: number;
  p99Ms: number;
  maxMs: number;
  /** Time the loop spent running callbacks since the last reset, and its share of the time. */
  busyMs: number;
  utilization: number;
}

export interface ServerUnderTest {
  url: string;
  pid: number;
  databaseFile: string;
  /** Starts a fresh event-loop delay histogram in the server process. */
  resetEventLoopDelay(): Promise<void>;
  eventLoopDelay(): Promise<EventLoopDelay>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** An existing data folder (kept after stop); else a temporary one with the demo data. */
  dataDir?: string;
  /** A built web app to serve; none by default. */
  webDir?: string;
  /** Settings over the embedded defaults (W6's second node: REDIS_URL and its prefix). */
  env?: Record<string, string>;
}

const monitor = pathToFileURL(path.join(import.meta.dirname, 'event-loop-monitor.mjs')).href;

export async function startServer(options: ServerOptions = {}): Promise<ServerUnderTest> {
  const bundle = await serverBundle();
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', monitor, bundle], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Always the embedded SQLite setup, whatever the shell has configured.
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: temporary ? 'true' : 'false',
      LOG_LEVEL: 'silent',
      WEB_DIR: options.webDir ?? path.join(dataDir, 'no-web-app'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('').slice(-3000)}`);
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      });
    }
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    pid: child.pid!,
    databaseFile: path.join(dataDir, 'mathema.db'),
    resetEventLoopDelay: async () => {
      await ask(child, { type: 'event-loop:reset' }, 'event-loop:reset');
    },
    eventLoopDelay: async () =>
      (
        (await ask(child, { type: 'event-loop:read' }, 'event-loop:delay')) as {
          delay: EventLoopDelay;
        }
      ).delay,
    stop,
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms`);
}

/** Sends one message over the IPC channel and waits for the answer of the given type. */
function ask(child: ChildProcess, message: object, replyType: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`no ${replyType} answer from the server process`));
    }, 10_000);
    const onMessage = (reply: unknown) => {
      if ((reply as { type?: string } | null)?.type !== replyType) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}
