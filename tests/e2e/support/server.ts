import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  /** Stops the server; the data folder stays until `cleanUp`. */
  stop(): Promise<void>;
  cleanUp(): Promise<void>;
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
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
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
export async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mathema-e2e-'));
  const port = await freePort();
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
  const child = spawn(process.execPath, ['out/server/index.js'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...environment,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitForHealth(url, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('').slice(-4000)}`);
  }

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  };
  return {
    url,
    stop,
    async cleanUp() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
