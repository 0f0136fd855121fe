import path from 'node:path';
import { z } from 'zod';
import { FILES_DEFAULT_MAX_BYTES } from '../shared/constants';
import type { S3Settings } from './files/s3-store';

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
  /**
   * Token authentication of that Jitsi (JWT `iss` and HS256 secret). Without a secret the
   * meetings are joined without a token (a Jitsi that does not ask for one).
   */
  jitsiAppId: string;
  jitsiAppSecret: string | null;
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
  /** SCORM packages (src/server/areas/scorm, docs/scorm.md): upload limits, player links. */
  scorm: {
    /** The uploaded zip. */
    maxZipBytes: number;
    /** Everything unpacked, counted from the zip's directory before a byte is written. */
    maxUnpackedBytes: number;
    /** One unpacked file. */
    maxFileBytes: number;
    maxFiles: number;
    /** How long a player's signed content link works (one sitting). */
    linkTtlSeconds: number;
  };
  /** The schools' clock for timetables and calendars (IANA name). */
  timeZone: string;
  /**
   * Web Push (VAPID, RFC 8292). Without keys, a pair is made on first start and kept in
   * DATA_DIR (one node only; several nodes must share the variables). The subject is the
   * contact push services may write to: VAPID_SUBJECT, else the https PUBLIC_URL, else the
   * MAIL_FROM address.
   */
  push: { publicKey: string | null; privateKey: string | null; subject: string };
  /** The background job runner of this node (src/server/jobs). */
  jobs: { enabled: boolean; pollMs: number; concurrency: number; stopTimeoutMs: number };
  /**
   * The assistant (docs/assistant.md): an OpenAI-compatible chat-completions endpoint when all
   * three are set, else answers quoted from the school's material; questions per user per hour.
   */
  ai: {
    baseUrl: string | null;
    apiKey: string | null;
    model: string | null;
    questionsPerHour: number;
  };
  /**
   * AADE myDATA (ERP channel): base URL and credentials; null when not configured, and then
   * documents stay "not sent" (docs/finance-mydata.md).
   */
  mydata: {
    url: string;
    userId: string;
    subscriptionKey: string;
    timeoutMs: number;
    /** First retry's delay; each next one doubles, up to an hour. */
    retryBaseMs: number;
  } | null;
  /**
   * Backups (src/server/ops, docs/operations.md): where `npm run backup` and the daily job
   * write, whether the daily job runs, and for how many days its copies are kept.
   */
  backup: { dir: string; daily: boolean; keepDays: number };
  /**
   * Uploaded files in an S3-compatible bucket (src/server/files, docs/deployment.md), so that
   * several API nodes share them; null keeps them under DATA_DIR.
   */
  s3: S3Settings | null;
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
  JITSI_APP_ID: z.string().trim().min(1).max(200).default('mathema'),
  JITSI_APP_SECRET: z
    .string()
    .min(32, 'JITSI_APP_SECRET must be at least 32 characters (HS256 needs a long secret)')
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
  SCORM_MAX_ZIP_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2_000_000_000)
    .default(200 * 1024 * 1024),
  SCORM_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2_000_000_000)
    .default(500 * 1024 * 1024),
  SCORM_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2_000_000_000)
    .default(200 * 1024 * 1024),
  SCORM_MAX_FILES: z.coerce.number().int().min(2).max(100_000).default(10_000),
  SCORM_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(4 * 3600),
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
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: url('VAPID_SUBJECT', ['mailto:', 'https:']).optional(),
  JOBS_ENABLED: booleanText.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_STOP_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  AI_BASE_URL: url('AI_BASE_URL', ['http:', 'https:']).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_QUESTIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(60),
  MYDATA_URL: url('MYDATA_URL', ['http:', 'https:']).optional(),
  MYDATA_USER_ID: z.string().min(1).max(200).optional(),
  MYDATA_SUBSCRIPTION_KEY: z.string().min(1).max(200).optional(),
  MYDATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  MYDATA_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_DAILY: booleanText.default(false),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  S3_ENDPOINT: url('S3_ENDPOINT', ['http:', 'https:'])
    .refine((value) => {
      const parsed = new URL(value);
      return parsed.pathname === '/' && !parsed.search && !parsed.username;
    }, 'S3_ENDPOINT must be the address of the store alone, such as https://s3.eu-central-1.amazonaws.com')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must be a region name such as eu-central-1')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/,
      'S3_BUCKET must be a bucket name (letters, digits, ".", "_" and "-")',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(512).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  S3_PREFIX: z
    .string()
    .regex(
      /^\/?[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
      'S3_PREFIX must be folder names of letters, digits, ".", "_" and "-", joined by "/"',
    )
    .max(100)
    .optional(),
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
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  const s3Names = Object.keys(blankless).filter((name) => name.startsWith('S3_'));
  if (s3Names.length > 0 && !e.S3_BUCKET)
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET must be set when ${s3Names.join(', ')} ${s3Names.length > 1 ? 'are' : 'is'}`,
    );
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set with S3_BUCKET',
    );
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
    jitsiAppId: e.JITSI_APP_ID,
    jitsiAppSecret: e.JITSI_APP_SECRET ?? null,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    files: {
      maxBytes: e.FILES_MAX_BYTES,
      signingSecret: e.FILES_SIGNING_SECRET ?? null,
      linkTtlSeconds: e.FILES_LINK_TTL_SECONDS,
    },
    scorm: {
      maxZipBytes: e.SCORM_MAX_ZIP_BYTES,
      maxUnpackedBytes: e.SCORM_MAX_UNPACKED_BYTES,
      maxFileBytes: e.SCORM_MAX_FILE_BYTES,
      maxFiles: e.SCORM_MAX_FILES,
      linkTtlSeconds: e.SCORM_LINK_TTL_SECONDS,
    },
    timeZone: e.SCHOOL_TIME_ZONE,
    push: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT ?? pushSubject(publicUrl, e.MAIL_FROM),
    },
    jobs: {
      enabled: e.JOBS_ENABLED,
      pollMs: e.JOBS_POLL_MS,
      concurrency: e.JOBS_CONCURRENCY,
      stopTimeoutMs: e.JOBS_STOP_TIMEOUT_MS,
    },
    ai: {
      baseUrl: e.AI_BASE_URL?.replace(/\/$/, '') ?? null,
      apiKey: e.AI_API_KEY ?? null,
      model: e.AI_MODEL ?? null,
      questionsPerHour: e.AI_QUESTIONS_PER_HOUR,
    },
    mydata:
      e.MYDATA_URL && e.MYDATA_USER_ID && e.MYDATA_SUBSCRIPTION_KEY
        ? {
            url: e.MYDATA_URL.replace(/\/+$/, ''),
            userId: e.MYDATA_USER_ID,
            subscriptionKey: e.MYDATA_SUBSCRIPTION_KEY,
            timeoutMs: e.MYDATA_TIMEOUT_MS,
            retryBaseMs: e.MYDATA_RETRY_BASE_MS,
          }
        : null,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      daily: e.BACKUP_DAILY,
      keepDays: e.BACKUP_KEEP_DAYS,
    },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(
              /\/$/,
              '',
            ),
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/^\/|\/$/g, '')}/` : '',
          }
        : null,
    version: defaults.version,
  };
}

/** The VAPID contact when none is configured: an https site, else the sender's address. */
function pushSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${/^[^\s@]+@[^\s@]+$/.test(address) ? address : 'no-reply@mathema.local'}`;
}
