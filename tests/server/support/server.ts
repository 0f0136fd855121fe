import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when DATABASE_URL points at one (as CI sets it). */
export const databaseKinds: DatabaseKind[] = [
  'sqlite',
  ...(process.env.DATABASE_URL?.startsWith('postgres') ? (['postgres'] as const) : []),
];

export interface TestServer {
  url: string;
  built: BuiltApp;
  dataDir: string;
  /** Moves the server's clock forward, to expire tokens. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  seedDemo?: boolean;
  webDir?: string;
  /** Adds test-only routes before the server starts listening. */
  extendApp?: (app: BuiltApp['app']) => void;
}

/**
 * Starts the real server (buildApp + listen on a free port) on a fresh database: a temporary
 * SQLite file, or a schema of its own in the configured PostgreSQL, dropped at close.
 */
export async function startServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-test-'));
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    WEATHER_URL: 'http://127.0.0.1:9/unreachable',
    REDIS_PREFIX: `mathema-test:${schema}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(kind === 'postgres'
      ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema }
      : {}),
    ...(options.webDir ? { WEB_DIR: options.webDir } : {}),
    ...options.env,
  };
  let offset = 0;
  const config = loadConfig(env, { webDir: null, version: '9.9.9-test' });
  const built = await buildApp(config, { now: () => new Date(Date.now() + offset) });
  options.extendApp?.(built.app);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    built,
    dataDir,
    advanceClock(ms) {
      offset += ms;
    },
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}
