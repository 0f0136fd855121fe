import { describe, expect, it, vi } from 'vitest';
import type { DesktopApi } from '../../src/shared/ipc';
import {
  createDesktopPlatform,
  TokenStorageRefusedError,
} from '../../src/renderer/src/platform/desktop';

function fakeApi(overrides: Partial<DesktopApi> = {}): DesktopApi {
  return {
    getToken: vi.fn(async () => 'token-1'),
    setToken: vi.fn(async () => ({ ok: true as const })),
    loadCache: vi.fn(async () => 'cached'),
    saveCache: vi.fn(async () => undefined),
    clearCache: vi.fn(async () => undefined),
    notify: vi.fn(async () => undefined),
    openCall: vi.fn(async () => undefined),
    closeCall: vi.fn(async () => undefined),
    checkForUpdates: vi.fn(async () => ({ state: 'disabled' as const })),
    installUpdate: vi.fn(async () => undefined),
    saveFile: vi.fn(async () => ({ saved: true })),
    getConfig: vi.fn(async () => ({
      serverUrl: 'https://school.example.org',
      whiteLabel: null,
      language: null,
      updatePolicy: 'auto' as const,
      locked: [],
    })),
    setConfig: vi.fn(),
    on: vi.fn(() => () => undefined),
    ...overrides,
  };
}

describe('the renderer’s desktop platform', () => {
  it('is the desktop kind and reads the token through the bridge', async () => {
    const platform = createDesktopPlatform(fakeApi());
    expect(platform.kind).toBe('desktop');
    await expect(platform.getToken()).resolves.toBe('token-1');
  });

  it('throws the vault’s refusal, with its reason and message, instead of pretending to store', async () => {
    const platform = createDesktopPlatform(
      fakeApi({
        setToken: vi.fn(async () => ({
          ok: false as const,
          reason: 'plaintext-only' as const,
          message: 'No key store',
        })),
      }),
    );
    const attempt = platform.setToken('token-1');
    await expect(attempt).rejects.toBeInstanceOf(TokenStorageRefusedError);
    await expect(attempt).rejects.toMatchObject({
      reason: 'plaintext-only',
      message: 'No key store',
    });
  });

  it('keeps the query cache through the bridge', async () => {
    const api = fakeApi();
    const platform = createDesktopPlatform(api);
    await expect(platform.loadQueryCache('0.1.0')).resolves.toBe('cached');
    await platform.saveQueryCache('0.1.0', '{}');
    await platform.clearQueryCache();
    expect(api.saveCache).toHaveBeenCalledWith('0.1.0', '{}');
    expect(api.clearCache).toHaveBeenCalledOnce();
  });

  it('follows routes main sends (deep links, notification clicks)', () => {
    const api = fakeApi();
    const listener = vi.fn();
    createDesktopPlatform(api).onNavigate(listener);
    expect(api.on).toHaveBeenCalledWith('app:navigate', listener);
  });

  it('hears the call window’s events that main forwards', () => {
    const api = fakeApi();
    const listener = vi.fn();
    createDesktopPlatform(api).onCallEvent(listener);
    expect(api.on).toHaveBeenCalledWith('call:event', listener);
  });

  it('saves files with the OS dialog in main', async () => {
    const api = fakeApi();
    await createDesktopPlatform(api).saveFile('grades.csv', 'a,b', 'text/csv');
    expect(api.saveFile).toHaveBeenCalledWith('grades.csv', 'a,b');
  });
});
