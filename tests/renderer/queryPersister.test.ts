import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlatformPersister } from '../../src/renderer/src/api/queryClient';
import type { Platform } from '../../src/renderer/src/platform';

/** A platform that keeps the saved cache in memory, and counts the saves. */
function memoryPlatform() {
  const state = { stored: null as string | null, saves: 0 };
  const platform = {
    loadQueryCache: async () => state.stored,
    saveQueryCache: async (_version: string, value: string) => {
      state.saves += 1;
      state.stored = value;
    },
    clearQueryCache: async () => {
      state.stored = null;
    },
  } as unknown as Platform;
  return { platform, state };
}

const snapshot = (label: string) =>
  ({ timestamp: 1, buster: label, clientState: { queries: [], mutations: [] } }) as PersistedClient;

describe('the query cache persister', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the latest state at most once a second while signed in', async () => {
    const { platform, state } = memoryPlatform();
    const persister = createPlatformPersister(platform, () => true);
    await persister.persistClient(snapshot('a'));
    await persister.persistClient(snapshot('b'));
    expect(state.saves).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.saves).toBe(1);
    expect(JSON.parse(state.stored!).buster).toBe('b');
  });

  it('writes nothing once the session has ended, even a save that was waiting', async () => {
    const { platform, state } = memoryPlatform();
    let signedIn = true;
    const persister = createPlatformPersister(platform, () => signedIn);
    await persister.persistClient(snapshot('user data'));
    // Logout: the session ends and the stored cache is cleared before the save's turn comes.
    signedIn = false;
    await persister.removeClient();
    await persister.persistClient(snapshot('sign-in screen'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.saves).toBe(0);
    expect(state.stored).toBeNull();
  });

  it("restores a cache only for a session: without one it is an ended session's", async () => {
    const { platform, state } = memoryPlatform();
    state.stored = JSON.stringify(snapshot('the last session'));
    let signedIn = false;
    const persister = createPlatformPersister(platform, () => signedIn);
    expect(await persister.restoreClient()).toBeUndefined();
    signedIn = true;
    expect((await persister.restoreClient())?.buster).toBe('the last session');
  });
});
