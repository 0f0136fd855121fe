import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QUERY_CACHE_MAX_AGE_MS } from '../../src/shared/constants';
import {
  createDisabledQueryCache,
  openQueryCacheStore,
  QUERY_CACHE_MAX_BYTES,
} from '../../src/main/query-cache/query-cache-store';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function openOnDisk(clock: { now: number }) {
  const folder = mkdtempSync(path.join(tmpdir(), 'mathema-cache-'));
  folders.push(folder);
  const database = new Database(path.join(folder, 'query-cache.sqlite'));
  return { database, cache: openQueryCacheStore(database, { now: () => clock.now }) };
}

describe('the query cache', () => {
  it('opens SQLite in WAL mode with synchronous=NORMAL', () => {
    const { database, cache } = openOnDisk({ now: 0 });
    expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    // 1 is NORMAL.
    expect(database.pragma('synchronous', { simple: true })).toBe(1);
    cache.close();
  });

  it('returns what was saved for the same app version', () => {
    const { cache } = openOnDisk({ now: 1_000 });
    cache.save('0.1.0', '{"clientState":{"queries":[1]}}');
    expect(cache.load('0.1.0')).toBe('{"clientState":{"queries":[1]}}');
    cache.close();
  });

  it('keeps an entry for 7 days and no longer', () => {
    const clock = { now: 1_000 };
    const { cache } = openOnDisk(clock);
    cache.save('0.1.0', 'persisted');
    clock.now += QUERY_CACHE_MAX_AGE_MS;
    expect(cache.load('0.1.0')).toBe('persisted');
    clock.now += 1;
    expect(cache.load('0.1.0')).toBeNull();
    // Expired entries are deleted, not just hidden.
    clock.now = 1_000;
    expect(cache.load('0.1.0')).toBeNull();
    cache.close();
  });

  it('is busted by a new app version', () => {
    const { cache } = openOnDisk({ now: 1_000 });
    cache.save('0.1.0', 'persisted');
    expect(cache.load('0.2.0')).toBeNull();
    expect(cache.load('0.1.0')).toBeNull();
    cache.close();
  });

  it('survives a restart of the app (same file)', () => {
    const clock = { now: 1_000 };
    const first = openOnDisk(clock);
    first.cache.save('0.1.0', 'persisted');
    const file = first.database.name;
    first.cache.close();
    const reopened = openQueryCacheStore(new Database(file), { now: () => clock.now });
    expect(reopened.load('0.1.0')).toBe('persisted');
    reopened.close();
  });

  it('clears on request', () => {
    const { cache } = openOnDisk({ now: 1_000 });
    cache.save('0.1.0', 'persisted');
    cache.clear();
    expect(cache.load('0.1.0')).toBeNull();
    cache.close();
  });

  it('refuses a cache larger than the limit', () => {
    const { cache } = openOnDisk({ now: 1_000 });
    expect(() => cache.save('0.1.0', 'x'.repeat(QUERY_CACHE_MAX_BYTES + 1))).toThrow(/larger/);
    cache.close();
  });

  it('has a no-op stand-in for when SQLite cannot open', () => {
    const cache = createDisabledQueryCache();
    cache.save('0.1.0', 'persisted');
    expect(cache.load('0.1.0')).toBeNull();
  });
});
