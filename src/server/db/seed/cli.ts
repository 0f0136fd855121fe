// `npm run seed`: creates the demo data in the configured database when it has none.
// `npm run seed -- --scale large [--seed N]` adds the benchmarks' big school beside it.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createMailer } from '../../integrations/mail';
import { pushClientFor } from '../../integrations/push';
import { createWeatherClient } from '../../integrations/weather';
import { MemoryRateLimiter } from '../../http/rate-limiter';
import { createRealtimeHub } from '../../realtime/hub';
import type { ServerDeps } from '../../deps';
import { createContentSources } from '../../http/content-sources';
import { openObjectStore } from '../../files/open-store';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { hashPassword } from '../../areas/account/passwords';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo';
import {
  DEFAULT_SCALE_SEED,
  SCALE_SCHOOL_NAME,
  SCALE_SIZES,
  seedScaleSchool,
  type ScaleName,
} from './scale';

const { values: args } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    scale: { type: 'string' },
    seed: { type: 'string', default: String(DEFAULT_SCALE_SEED) },
  },
});
const reset = args.reset;
const scale = args.scale as ScaleName | undefined;
const scaleSeed = Number(args.seed);
if (scale !== undefined && !(scale in SCALE_SIZES)) {
  console.error(`--scale takes one of: ${Object.keys(SCALE_SIZES).join(', ')}`);
  process.exit(2);
}
if (!Number.isSafeInteger(scaleSeed)) {
  console.error('--seed takes a whole number');
  process.exit(2);
}
const config = loadConfig(process.env, { webDir: null, version: 'seed' });
const logger = pino({ level: 'info' });

if (reset) {
  if (config.database.kind !== 'sqlite') {
    console.error(
      '--reset only removes an embedded SQLite database; drop a PostgreSQL schema yourself.',
    );
    process.exit(2);
  }
  for (const suffix of ['', '-wal', '-shm'])
    fs.rmSync(config.database.file + suffix, { force: true });
}

const database = await openDatabase(config);
await migrateToLatest(
  database.db,
  database.kind,
  config.database.kind === 'postgres' ? config.database.schema : undefined,
);
const deps: ServerDeps = {
  config,
  db: database.db,
  dbKind: database.kind,
  mailer: createMailer({ smtpUrl: null, outboxDir: config.dataDir, from: config.mailFrom, logger }),
  limiter: new MemoryRateLimiter(),
  push: pushClientFor(config),
  weather: createWeatherClient({ baseUrl: config.weatherUrl, userAgent: 'seed', logger }),
  realtime: createRealtimeHub(),
  // The seed serves no pages: nothing reads the origins.
  contentSources: createContentSources({
    db: database.db,
    jitsiDomain: config.jitsiDomain,
    clockMs: () => Date.now(),
    logger,
  }),
  storage: openObjectStore(config),
  now: () => new Date(),
};
const created = await seedDemoIfEmpty(deps, logger);
console.log(
  created
    ? 'Demo data created.'
    : 'The database already has data; run with --reset to recreate it (SQLite).',
);
if (scale) await seedScale(scale);
await database.close();
await deps.storage.close();

async function seedScale(name: ScaleName) {
  const existing = await deps.db
    .selectFrom('schools')
    .select('id')
    .where('name', '=', SCALE_SCHOOL_NAME)
    .executeTakeFirst();
  if (existing) {
    console.log(
      `"${SCALE_SCHOOL_NAME}" is already there; run with --reset to recreate it (SQLite).`,
    );
    return;
  }
  const started = performance.now();
  const school = await seedScaleSchool(deps.db, {
    size: SCALE_SIZES[name],
    seed: scaleSeed,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  const { students, clients, teachers, lessons } = school.size;
  console.log(
    `"${SCALE_SCHOOL_NAME}" (id ${school.schoolId}, seed ${scaleSeed}) created in ${Math.round(performance.now() - started)} ms: ` +
      `${students} students, ${clients} guardians, ${teachers} teachers, ${lessons} lessons. ` +
      `Office login: ${school.adminEmail} / ${DEMO_PASSWORD}`,
  );
}
