// `npm run seed`: creates the demo data in the configured database when it has none.
import fs from 'node:fs';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createMailer } from '../../integrations/mail';
import { createWeatherClient } from '../../integrations/weather';
import { MemoryRateLimiter } from '../../http/rate-limiter';
import type { ServerDeps } from '../../deps';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { seedDemoIfEmpty } from './demo';

const args = process.argv.slice(2);
const reset = args.includes('--reset');
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
await migrateToLatest(database.db, database.kind);
const deps: ServerDeps = {
  config,
  db: database.db,
  dbKind: database.kind,
  mailer: createMailer({ smtpUrl: null, outboxDir: config.dataDir, from: config.mailFrom, logger }),
  limiter: new MemoryRateLimiter(),
  weather: createWeatherClient({ baseUrl: config.weatherUrl, userAgent: 'seed', logger }),
  now: () => new Date(),
};
const created = await seedDemoIfEmpty(deps, logger);
console.log(
  created
    ? 'Demo data created.'
    : 'The database already has data; run with --reset to recreate it (SQLite).',
);
await database.close();
