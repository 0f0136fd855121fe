import { QUERY_CACHE_MAX_AGE_MS, QUERY_CACHE_STORAGE_KEY } from '../../shared/constants';

/** The subset of better-sqlite3 the cache uses, so tests can also pass an in-memory database. */
export interface SqliteDatabaseLike {
  pragma(source: string): unknown;
  exec(source: string): unknown;
  prepare(source: string): {
    run(...params: unknown[]): unknown;
    get(...params: unknown[]): unknown;
  };
  close(): unknown;
}

export interface QueryCacheStore {
  load(appVersion: string): string | null;
  save(appVersion: string, value: string): void;
  clear(): void;
  close(): void;
}

/** Largest persisted cache accepted; a bigger one is a bug in the renderer, not data to keep. */
export const QUERY_CACHE_MAX_BYTES = 50 * 1024 * 1024;

interface CacheRow {
  app_version: string;
  saved_at: number;
  value: string;
}

/**
 * TanStack Query's persisted cache (offline use), in SQLite in the user-data folder. An entry
 * older than 7 days, or written by another app version, is deleted instead of returned: a new
 * version may read its data differently.
 */
export function openQueryCacheStore(
  database: SqliteDatabaseLike,
  options: { now?: () => number; maxAgeMs?: number } = {},
): QueryCacheStore {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? QUERY_CACHE_MAX_AGE_MS;

  // WAL keeps reads from blocking the write that follows every cache change; NORMAL is safe
  // with WAL and a lost last write only costs a refetch.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.exec(`CREATE TABLE IF NOT EXISTS query_cache (
    key TEXT PRIMARY KEY,
    app_version TEXT NOT NULL,
    saved_at INTEGER NOT NULL,
    value TEXT NOT NULL
  )`);

  const select = database.prepare(
    'SELECT app_version, saved_at, value FROM query_cache WHERE key = ?',
  );
  const upsert = database.prepare(
    `INSERT INTO query_cache (key, app_version, saved_at, value) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET app_version = excluded.app_version,
       saved_at = excluded.saved_at, value = excluded.value`,
  );
  const remove = database.prepare('DELETE FROM query_cache WHERE key = ?');
  const key = QUERY_CACHE_STORAGE_KEY;

  return {
    load(appVersion) {
      const row = select.get(key) as CacheRow | undefined;
      if (!row) return null;
      const expired = now() - row.saved_at > maxAgeMs;
      if (expired || row.app_version !== appVersion) {
        remove.run(key);
        return null;
      }
      return row.value;
    },
    save(appVersion, value) {
      if (Buffer.byteLength(value, 'utf8') > QUERY_CACHE_MAX_BYTES) {
        throw new Error('The query cache is larger than the desktop app keeps');
      }
      upsert.run(key, appVersion, now(), value);
    },
    clear() {
      remove.run(key);
    },
    close() {
      database.close();
    },
  };
}

/** A cache that keeps nothing, for when SQLite cannot be opened (the app still works online). */
export function createDisabledQueryCache(): QueryCacheStore {
  return {
    load: () => null,
    save: () => undefined,
    clear: () => undefined,
    close: () => undefined,
  };
}
