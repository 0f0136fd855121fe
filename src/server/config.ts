import path from 'node:path';
import { z } from 'zod';
import { FILES_DEFAULT_MAX_BYTES } from '../shared/constants';

/** Typed server configuration. Everything has an embedded default except secrets. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` path or a postgres:// URL. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  publicUrl: string;
  smtpUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key, so that deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Origins allowed by CORS besides the server's own. */
  corsOrigins: string[];
  /** Folder of the built web app; null serves no web app (API only). */
  webDir: string | null;
  /** MET Norway Locationforecast base URL (a stand-in server in tests). */
  weatherUrl: string;
  /** Contact for MET Norway's required identifying User-Agent. */
  weatherContact: string;
  mailFrom: string;
  /** Jitsi Meet domain of the live sessions (`meet.example.org`); its origin is in the CSP. */
  jitsiDomain: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the demo schools when the database is empty. */
  seedDemo: boolean;
  /** Trust X-Forwarded-For from a load balancer. */
  trustProxy: boolean;
  /** Uploaded files (src/server/areas/files): size limit, signed links. */
  files: {
    maxBytes: number;
    /**
     * Key of the HMAC that signs download links; every node must share it. Null: a random
     * key is kept in DATA_DIR (one node only; docs/decisions.md).
     */
    signingSecret: string | null;
    linkTtlSeconds: number;
  };
  /** The schools' clock for timetables and calendars (IANA name). */
  timeZone: string;
  /** The background job runner of this node (src/server/jobs). */
  jobs: { enabled: boolean; pollMs: number; concurrency: number; stopTimeoutMs: number };
  version: string;
}

const url = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (v) =>
        v === undefined ||
        v === '' ||
        /^(postgres|postgresql):\/\//.test(v) ||
        /^(sqlite:|file:)/.test(v),
      'DATABASE_URL must be postgres://… or sqlite:<file>',
    ),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'DATABASE_SCHEMA must be a plain lower-case identifier')
    .optional(),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).optional(),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,60}$/, 'REDIS_PREFIX may hold letters, digits, ":", "_" and "-"')
    .default('mathema:'),
  CORS_ORIGINS: z.string().optional(),
  WEB_DIR: z.string().optional(),
  WEATHER_URL: url('WEATHER_URL', ['http:', 'https:']).default(
    'https://api.met.no/weatherapi/locationforecast/2.0/compact',
  ),
  WEATHER_CONTACT: z.string().min(3).default('mathema-school-platform'),
  MAIL_FROM: z.string().min(3).default('Mathema <no-reply@mathema.local>'),
  JITSI_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i,
      'JITSI_DOMAIN must be a host name such as meet.example.org, without https://',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanText.default(true),
  TRUST_PROXY: booleanText.default(false),
  FILES_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 * 1024 * 1024 * 1024)
    .default(FILES_DEFAULT_MAX_BYTES),
  FILES_SIGNING_SECRET: z
    .string()
    .min(32, 'FILES_SIGNING_SECRET must be at least 32 characters')
    .optional(),
  FILES_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  SCHOOL_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'SCHOOL_TIME_ZONE must be an IANA time zone such as Europe/Athens')
    .default('Europe/Athens'),
  JOBS_ENABLED: booleanText.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_STOP_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export class ConfigError extends Error {}

/** Reads the environment; a wrong value throws a ConfigError that names the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  defaults: { webDir: string | null; version: string } = { webDir: null, version: '0.0.0' },
): ServerConfig {
  const blankless = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = environment.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL;
  const database: ServerConfig['database'] =
    databaseUrl && /^postgres/.test(databaseUrl)
      ? { kind: 'postgres', url: databaseUrl, schema: e.DATABASE_SCHEMA }
      : {
          kind: 'sqlite',
          file: databaseUrl
            ? path.resolve(databaseUrl.replace(/^(sqlite:|file:)(\/\/)?/, ''))
            : path.join(dataDir, 'mathema.db'),
        };
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl,
    smtpUrl: e.SMTP_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : defaults.webDir,
    weatherUrl: e.WEATHER_URL,
    weatherContact: e.WEATHER_CONTACT,
    mailFrom: e.MAIL_FROM,
    jitsiDomain: e.JITSI_DOMAIN?.toLowerCase() ?? null,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    files: {
      maxBytes: e.FILES_MAX_BYTES,
      signingSecret: e.FILES_SIGNING_SECRET ?? null,
      linkTtlSeconds: e.FILES_LINK_TTL_SECONDS,
    },
    timeZone: e.SCHOOL_TIME_ZONE,
    jobs: {
      enabled: e.JOBS_ENABLED,
      pollMs: e.JOBS_POLL_MS,
      concurrency: e.JOBS_CONCURRENCY,
      stopTimeoutMs: e.JOBS_STOP_TIMEOUT_MS,
    },
    version: defaults.version,
  };
}
