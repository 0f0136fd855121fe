import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseKind } from './db/database';
import type { Database } from './db/schema';
import type { ObjectStore } from './files/object-store';
import type { ContentSources } from './http/content-sources';
import type { Mailer } from './integrations/mail';
import type { PushClient } from './integrations/push';
import type { RateLimiter } from './http/rate-limiter';
import type { RealtimeHub } from './realtime/hub';
import type { WeatherClient } from './integrations/weather';

/** What the areas need, built once by buildApp and handed to each area's routes. */
export interface ServerDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  mailer: Mailer;
  /** Web Push to the devices people turned it on for. */
  push: PushClient;
  limiter: RateLimiter;
  weather: WeatherClient;
  realtime: RealtimeHub;
  /** Origins the web app's CSP allows beside its own; writes that change them invalidate it. */
  contentSources: ContentSources;
  /** Uploaded bytes, by key: DATA_DIR or an S3-compatible bucket (src/server/files). */
  storage: ObjectStore;
  /** Current time; tests move it to expire tokens. */
  now(): Date;
}
