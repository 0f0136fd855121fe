import path from 'node:path';
import { z } from 'zod';

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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the demo schools when the database is empty. */
  seedDemo: boolean;
  /** Trust X-Forwarded-For from a load balancer. */
  trustProxy: boolean;
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanText.default(true),
  TRUST_PROXY: booleanText.default(false),
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
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    version: defaults.version,
  };
}
