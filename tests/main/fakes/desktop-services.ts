import { vi } from 'vitest';
import type { DesktopConfig } from '../../../src/shared/ipc';
import type { DesktopServices } from '../../../src/main/ipc/desktop-api-handlers';

const config: DesktopConfig = {
  serverUrl: 'https://school.example.org',
  whiteLabel: null,
  language: 'el',
  updatePolicy: 'auto',
  locked: [],
};

/** Services that record their calls, for the IPC wiring tests. */
export function fakeDesktopServices() {
  return {
    vault: { getToken: vi.fn(() => 'token-1'), setToken: vi.fn(() => ({ ok: true as const })) },
    queryCache: {
      load: vi.fn(() => '{"clientState":{}}'),
      save: vi.fn(),
      clear: vi.fn(),
      close: vi.fn(),
    },
    notifier: { show: vi.fn(), pendingCount: vi.fn(() => 0) },
    calls: {
      open: vi.fn(),
      close: vi.fn(),
      readyToClose: vi.fn(),
      report: vi.fn(),
      currentCall: vi.fn(() => null),
      jitsiOrigin: vi.fn(() => null),
      isCallWindow: vi.fn(() => true),
      followMainWindow: vi.fn(),
    },
    updates: {
      start: vi.fn(),
      check: vi.fn(async () => ({ state: 'idle' as const })),
      install: vi.fn(async () => undefined),
      status: vi.fn(() => ({ state: 'idle' as const })),
    },
    settings: { get: vi.fn(() => config), set: vi.fn(() => config) },
    saveFile: vi.fn(async () => ({ saved: true })),
  } satisfies DesktopServices;
}
