import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo';
import { APP_VERSION } from './version';

// The built server lives in out/server; the built web app beside it in out/web.
const here = path.dirname(fileURLToPath(import.meta.url));
const DRAIN_TIMEOUT_MS = 25_000;

async function main() {
  let config;
  try {
    config = loadConfig(process.env, {
      webDir: path.resolve(here, '../web'),
      version: APP_VERSION,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const { app, startDraining } = await buildApp(config);
  // A deep accept queue: at 8:00 a whole school connects within seconds.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  console.log(
    [
      '',
      `Mathema ${APP_VERSION} is running at ${url}`,
      `Database: ${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'}`,
      config.seedDemo ? `Demo logins (password "${DEMO_PASSWORD}"):` : '',
      ...(config.seedDemo ? DEMO_LOGINS.map((l) => `  ${l.email.padEnd(22)} ${l.holds}`) : []),
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining: finishing requests in flight');
    startDraining();
    const timer = setTimeout(() => {
      app.log.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Mathema could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
