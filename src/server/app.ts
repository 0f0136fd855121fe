import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { accountRoutes } from './areas/account/routes';
import { assistantRoutes } from './areas/assistant/routes';
import { attendanceRoutes } from './areas/attendance/routes';
import { calendarRoutes } from './areas/calendar/routes';
import { chatRoutes } from './areas/chat/routes';
import { attachChatSockets } from './areas/chat/socket';
import { gradeRoutes } from './areas/grades/routes';
import { financeRoutes } from './areas/finance/routes';
import { chapterRoutes } from './areas/chapters/routes';
import { fileRoutes } from './areas/files/routes';
import { lessonRoutes } from './areas/lessons/routes';
import { sessionRoutes } from './areas/sessions/routes';
import { taskBookRoutes } from './areas/taskbooks/routes';
import { taskRoutes } from './areas/tasks/routes';
import { quizRoutes } from './areas/quizzes/routes';
import { scormRoutes } from './areas/scorm/routes';
import { healthRoutes } from './areas/health/routes';
import { inboxRoutes } from './areas/inbox/routes';
import { notificationRoutes } from './areas/notifications/routes';
import { invoiceRoutes } from './areas/invoices/routes';
import { officeRoutes } from './areas/office/routes';
import { jobRoutes } from './areas/jobs/routes';
import { reportRoutes } from './areas/reports/routes';
import { privacyRoutes } from './areas/privacy/routes';
import { auditViewerRoutes } from './areas/audit-viewer/routes';
import { schoolRoutes } from './areas/school/routes';
import { schoolSettingsAdminRoutes } from './areas/school/settings-admin';
import { invitationRoutes } from './areas/people/routes';
import { registerAreaResourceHooks } from './areas/resource-hooks';
import { userRoutes } from './areas/users/routes';
import { weatherRoutes } from './areas/weather/routes';
import { whiteLabelRoutes } from './areas/whitelabel/routes';
import type { ServerConfig } from './config';
import { openDatabase } from './db/database';
import { openObjectStore } from './files/open-store';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/demo';
import { schoolFileRoutes } from './files/school-files';
import type { ServerDeps } from './deps';
import { compressAnswers } from './http/compression';
import { createContentSources } from './http/content-sources';
import { installErrorHandling, sendError } from './http/envelope';
import { ApiError } from './http/errors';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { installInputGuards } from './http/input-guards';
import { installCachePolicy } from './http/cache-policy';
import { loggerOptions } from './http/logging';
import { openApiDocument } from './http/openapi';
import { servedEndpoints } from './http/route';
import { DESKTOP_ORIGIN, installSecurityHeaders } from './http/security-headers';
import { DatabaseRateLimiter } from './http/database-rate-limiter';
import { serveWebApp } from './http/web-app';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './http/rate-limiter';
import { createMailer } from './integrations/mail';
import { pushClientFor } from './integrations/push';
import { createWeatherClient } from './integrations/weather';
import { JobRunner } from './jobs';
// Registers the daily backup job (it does nothing unless BACKUP_DAILY is on).
import './ops/daily-backup';
import { createRealtimeHub } from './realtime/hub';
import { attachRealtime } from './realtime/server';
import { registerResourceRoutes } from './resources/routes';

export interface BuiltApp {
  app: FastifyInstance;
  deps: ServerDeps;
  /** Every route registered on the app (method and URL), in order. */
  servedRoutes: readonly { method: string; url: string }[];
  /** This node's background job runner (started unless JOBS_ENABLED=false). */
  jobs: JobRunner;
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
    frameworkErrors,
    clientErrorHandler,
  });

  // Every route the app serves, however registered: the OpenAPI test compares them.
  const servedRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) servedRoutes.push({ method, url: options.url });
  });

  const logger = app.log;
  // Uploaded bytes: DATA_DIR, or the S3 bucket every node shares. A bucket that refuses the
  // settings stops the start, rather than the first upload.
  const storage = openObjectStore(config);
  await storage.verify();
  const database = await openDatabase(config);
  await migrateToLatest(
    database.db,
    database.kind,
    config.database.kind === 'postgres' ? config.database.schema : undefined,
  );

  const now = options.now ?? (() => new Date());
  const clockMs = () => now().getTime();
  // Counts every node must share: in Redis when configured, else in PostgreSQL. An embedded
  // SQLite server is one process, so memory serves it (docs/security.md says why).
  const limiter: RateLimiter = config.redisUrl
    ? new RedisRateLimiter(
        new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }),
        config.redisPrefix,
        clockMs,
      )
    : database.kind === 'postgres'
      ? new DatabaseRateLimiter(database.db, clockMs)
      : new MemoryRateLimiter(clockMs);
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
    push: pushClientFor(config),
    weather: createWeatherClient({
      baseUrl: config.weatherUrl,
      userAgent: `Mathema/${config.version} ${config.weatherContact}`,
      logger,
    }),
    realtime: createRealtimeHub(),
    contentSources: createContentSources({
      db: database.db,
      jitsiDomain: config.jitsiDomain,
      clockMs,
      logger,
    }),
    storage,
    now,
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

  installSecurityHeaders(app, deps.contentSources);
  installInputGuards(app);
  installCachePolicy(app);
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

  const pageFallback = config.webDir ? await serveWebApp(app, config.webDir) : undefined;
  // After the web app, whose files are compressed at build time; before every API route.
  await compressAnswers(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  installErrorHandling(app, isApiPath, pageFallback);
  healthRoutes(app, deps);
  accountRoutes(app, deps);
  whiteLabelRoutes(app, deps);
  schoolRoutes(app, deps);
  schoolSettingsAdminRoutes(app, deps);
  inboxRoutes(app, deps);
  notificationRoutes(app, deps);
  weatherRoutes(app, deps);
  schoolFileRoutes(app, deps);
  registerAreaResourceHooks(deps.config.timeZone);
  registerResourceRoutes(app, deps);
  userRoutes(app, deps);
  invitationRoutes(app, deps);
  jobRoutes(app, deps);
  reportRoutes(app, deps);
  privacyRoutes(app, deps);
  auditViewerRoutes(app, deps);
  fileRoutes(app, deps);
  chapterRoutes(app, deps);
  taskRoutes(app, deps);
  taskBookRoutes(app, deps);
  calendarRoutes(app, deps);
  quizRoutes(app, deps);
  gradeRoutes(app, deps);
  attendanceRoutes(app, deps);
  financeRoutes(app, deps);
  lessonRoutes(app, deps);
  officeRoutes(app, deps);
  assistantRoutes(app, deps);
  sessionRoutes(app, deps);
  invoiceRoutes(app, deps);
  chatRoutes(app, deps);
  scormRoutes(app, deps);

  // Generated from the route registry: every endpoint served through route() is documented.
  const openApi = openApiDocument([...servedEndpoints(app)], config.version);
  app.get('/api/docs/openapi.json', async () => openApi);

  const io = attachRealtime(app, deps);
  deps.realtime.bind(io);
  attachChatSockets(io, deps);
  const jobs = new JobRunner(deps, { ...config.jobs, logger });
  if (config.jobs.enabled) jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
    await limiter.close();
    deps.mailer.close();
    await storage.close();
  });

  return {
    app,
    deps,
    servedRoutes,
    jobs,
    startDraining: () => {
      draining = true;
    },
  };
}
