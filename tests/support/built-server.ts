import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server gracefully (SIGTERM); the data folder stays until `cleanUp`. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a power cut or an OOM killer would. */
  kill(): Promise<void>;
  /** Sends a signal and returns at once (a drain test watches what happens next). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed so far. */
  output(): string;
  cleanUp(): Promise<void>;
}

export interface BuiltServerOptions {
  /** Flags for node itself, before the script (for example `--expose-gc`). */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
  /**
   * Runs on the PostgreSQL of DATABASE_URL, in this schema (created if missing), instead of
   * SQLite; a restart passes the same schema. The test drops it (`dropPostgresSchema`).
   */
  postgresSchema?: string;
  /**
   * Shares rate limits and real-time events through REDIS_URL under this key prefix; the nodes
   * of one deployment pass the same one.
   */
  redisPrefix?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      // A probe that gets no answer is dropped and tried again, never waited on for ever.
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms`);
}

/**
 * Starts the built server (`npm test` builds it first) on a temporary SQLite database with the
 * demo data and a free port; resolves once /api/health answers.
 */
export async function startServer(options: BuiltServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'mathema-e2e-'));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  // The browser tests exercise the web app on the embedded database; the API tests cover
  // PostgreSQL and Redis. CI's DATABASE_URL would otherwise put every browser test server in
  // the same PostgreSQL schema.
  const {
    DATABASE_URL: _database,
    DATABASE_SCHEMA: _schema,
    REDIS_URL: _redis,
    ...environment
  } = process.env;
  // Only a test that asks for them gets PostgreSQL or Redis, each in a namespace of its own.
  const chosen: Record<string, string> = {};
  if (options.postgresSchema) {
    if (!process.env.DATABASE_URL) throw new Error('postgresSchema needs DATABASE_URL');
    chosen.DATABASE_URL = process.env.DATABASE_URL;
    chosen.DATABASE_SCHEMA = options.postgresSchema;
  }
  if (options.redisPrefix) {
    if (!process.env.REDIS_URL) throw new Error('redisPrefix needs REDIS_URL');
    chosen.REDIS_URL = process.env.REDIS_URL;
    chosen.REDIS_PREFIX = options.redisPrefix;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'out/server/index.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...environment,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...chosen,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    await waitForHealth(url, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('').slice(-4000)}`);
  }

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    await exited;
  };
  return {
    url,
    dataDir,
    stop,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    signal(name) {
      if (child.exitCode === null && child.signalCode === null) child.kill(name);
    },
    exited,
    output: () => output.join(''),
    async cleanUp() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
