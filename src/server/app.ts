import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { endpoints } from '../shared/api';
import { RESOURCES, resourceEndpoints } from '../shared/resources';
import { accountRoutes } from './areas/account/routes';
import { healthRoutes } from './areas/health/routes';
import { inboxRoutes } from './areas/inbox/routes';
import { schoolRoutes } from './areas/school/routes';
import { schoolSettingsAdminRoutes } from './areas/school/settings-admin';
import { userEndpoints, userRoutes } from './areas/users/routes';
import { weatherRoutes } from './areas/weather/routes';
import { whiteLabelRoutes } from './areas/whitelabel/routes';
import type { ServerConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/demo';
import { schoolFileRoutes } from './files/school-files';
import type { ServerDeps } from './deps';
import { installErrorHandling, sendError } from './http/envelope';
import { ApiError } from './http/errors';
import { loggerOptions } from './http/logging';
import { openApiDocument } from './http/openapi';
import { DESKTOP_ORIGIN, installSecurityHeaders } from './http/security-headers';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './http/rate-limiter';
import { createMailer } from './integrations/mail';
import { createWeatherClient } from './integrations/weather';
import { createRealtimeHub } from './realtime/hub';
import { attachRealtime } from './realtime/server';
import { registerResourceRoutes } from './resources/routes';

export interface BuiltApp {
  app: FastifyInstance;
  deps: ServerDeps;
  /** Stop taking requests (503 + Retry-After) while those in flight finish. */
  startDraining(): void;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Assembles the whole server for a configuration; index.ts and the tests both use it. */
export async function buildApp(
  config: ServerConfig,
  options: { now?: () => Date } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });

  const logger = app.log;
  const database = await openDatabase(config);
  await migrateToLatest(
    database.db,
    database.kind,
    config.database.kind === 'postgres' ? config.database.schema : undefined,
  );

  let limiter: RateLimiter;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    limiter = new RedisRateLimiter(redis, config.redisPrefix);
  } else {
    limiter = new MemoryRateLimiter();
  }
  const deps: ServerDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    limiter,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      logger,
    }),
    weather: createWeatherClient({
      baseUrl: config.weatherUrl,
      userAgent: `Mathema/${config.version} ${config.weatherContact}`,
      logger,
    }),
    realtime: createRealtimeHub(),
    now: options.now ?? (() => new Date()),
  };
  if (config.seedDemo) await seedDemoIfEmpty(deps, logger);

  let draining = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('Connection', 'close');
      return sendError(
        reply,
        new ApiError('unavailable', 'The server is restarting; try again shortly.', undefined, 5),
      );
    }
  });

  installSecurityHeaders(app);
  await app.register(cors, {
    origin: [config.publicUrl, DESKTOP_ORIGIN, ...config.corsOrigins],
    allowedHeaders: [
      'Content-Type',
      'Token',
      'whitelabel',
      'mockinguserid',
      'Idempotency-Key',
      'X-Request-Id',
    ],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });

  const hasWebApp = Boolean(config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')));
  if (hasWebApp) await serveWebApp(app, config.webDir!);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  installErrorHandling(
    app,
    isApiPath,
    hasWebApp
      ? (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html')
      : undefined,
  );
  healthRoutes(app, deps);
  accountRoutes(app, deps);
  whiteLabelRoutes(app, deps);
  schoolRoutes(app, deps);
  schoolSettingsAdminRoutes(app, deps);
  inboxRoutes(app, deps);
  weatherRoutes(app, deps);
  schoolFileRoutes(app, deps);
  registerResourceRoutes(app, deps);
  userRoutes(app, deps);

  const openApi = openApiDocument(
    [
      ...Object.values(endpoints),
      ...Object.values(RESOURCES)
        .filter((r) => !r.custom)
        .flatMap((r) => Object.values(resourceEndpoints(r))),
      ...Object.values(userEndpoints),
    ],
    config.version,
  );
  app.get('/api/docs/openapi.json', async () => openApi);

  deps.realtime.bind(attachRealtime(app, deps));
  app.addHook('onClose', async () => {
    await database.close();
    await limiter.close();
    deps.mailer.close();
  });

  return {
    app,
    deps,
    startDraining: () => {
      draining = true;
    },
  };
}

/** The built web app; hashed assets are cached for a year, pages are revalidated. */
async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: true,
    index: false,
    redirect: false,
    setHeaders(reply, filePath) {
      reply.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.get('/', (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
  );
}
