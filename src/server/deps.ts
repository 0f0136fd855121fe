import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/database';
import type { Database } from './db/schema';
import type { Mailer } from './integrations/mail';
import type { RateLimiter } from './http/rate-limiter';
import type { RealtimeHub } from './realtime/hub';
import type { WeatherClient } from './integrations/weather';

/** What the areas need, built once by buildApp and handed to each area's routes. */
export interface ServerDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  mailer: Mailer;
  limiter: RateLimiter;
  weather: WeatherClient;
  realtime: RealtimeHub;
  /** Current time; tests move it to expire tokens. */
  now(): Date;
}
