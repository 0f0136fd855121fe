import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { REALTIME_PATH } from '../shared/realtime';
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
  // The requests doing real work (past the draining check of app.ts): a drain waits for them.
  // socket.io's long polls never reach fastify's hooks, so they are not waited on.
  const inFlight = new Set<ServerResponse>();
  app.addHook('onRequest', async (_request, reply) => {
    const response = reply.raw;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  // The HTTP connections a drain waits for. Real-time ones leave the set: a websocket once
  // upgraded, a connection once it carries a socket.io long poll (which only ends when the
  // server pings, up to 25 s later). app.close() disconnects those sockets itself.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('upgrade', (_request, socket: Socket) => connections.delete(socket));
  app.server.on('request', (request: IncomingMessage) => {
    if (request.url?.startsWith(REALTIME_PATH)) connections.delete(request.socket as Socket);
  });
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
    const timer = setTimeout(() => {
      app.log.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
    // From here every new request is answered 503 with Retry-After and Connection: close, by
    // the app's own hook: the listener stays open meanwhile, so that a load balancer or a
    // client hears "try again" (and the health check fails) rather than a refused connection.
    startDraining();
    // The connections of the requests in flight close after their answer: a client must not
    // reuse one just as the server drops it as idle.
    const taken = [...inFlight];
    for (const response of taken) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
    await Promise.all(
      taken.map((response) =>
        response.closed ? undefined : new Promise((done) => response.once('close', done)),
      ),
    );
    // Only now stop listening; Node also closes the kept-alive connections that are idle. The
    // others carry a 503 with Connection: close and end after it. app.close() comes once they
    // are gone: while fastify closes it answers any request with its own bare 503 (no
    // envelope, no Retry-After), and it closes the database.
    app.server.close();
    while (connections.size > 0) {
      app.server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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
