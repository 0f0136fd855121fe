import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { QUERY_CACHE_MAX_AGE_MS } from '../../../shared/constants';
import type { Platform } from '../platform';
import { ApiError } from './apiError';

export const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? 'dev';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Kept as long as the persisted copy, so that offline starts still have the data.
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (failureCount, error) =>
          failureCount < 1 && error instanceof ApiError && error.code === 'network',
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always' },
    },
  });
}

const PERSIST_THROTTLE_MS = 1_000;

/**
 * Saves the query cache through the platform (IndexedDB on the web, SQLite on the desktop),
 * only while someone is signed in: once a session ends and its cache is cleared, nothing is
 * written again until the next sign-in (not even the sign-in screen's own queries). It is
 * restored only for a session, too: a start without one clears it without waiting.
 */
export function createPlatformPersister(platform: Platform, signedIn: () => boolean): Persister {
  // Every cache change asks for a save; writing at most once a second keeps IndexedDB quiet.
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    timer = null;
    const client = pending;
    pending = null;
    if (client && signedIn()) await platform.saveQueryCache(APP_VERSION, JSON.stringify(client));
  };
  return {
    persistClient(client: PersistedClient) {
      if (!signedIn()) return;
      pending = client;
      timer ??= setTimeout(() => void flush(), PERSIST_THROTTLE_MS);
    },
    async restoreClient() {
      // Without a session the cache is another session's, and the start is clearing it.
      if (!signedIn()) return undefined;
      const stored = await platform.loadQueryCache(APP_VERSION);
      return stored ? (JSON.parse(stored) as PersistedClient) : undefined;
    },
    async removeClient() {
      pending = null;
      await platform.clearQueryCache();
    },
  };
}

export const persistOptions = (platform: Platform, signedIn: () => boolean) => ({
  persister: createPlatformPersister(platform, signedIn),
  maxAge: QUERY_CACHE_MAX_AGE_MS,
  buster: APP_VERSION,
});
