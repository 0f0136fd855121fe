import { describe, expect, it, vi } from 'vitest';
import { CALL_PAGE_CHANNELS, IPC_CHANNELS } from '../../src/shared/ipc';
import { APP_ORIGIN } from '../../src/main/app-identity';
import { registerDesktopApiHandlers } from '../../src/main/ipc/desktop-api-handlers';
import { createIpcRouter } from '../../src/main/ipc/ipc-router';
import { createWindowRegistry } from '../../src/main/windows/window-registry';
import { FakeIpcMain } from './fakes/electron-fakes';
import { fakeDesktopServices } from './fakes/desktop-services';

const MAIN_WINDOW = 101;
const CALL_WINDOW = 102;
const APP_PAGE = `${APP_ORIGIN}/index.html`;
const CALL_PAGE = `${APP_ORIGIN}/call.html`;

function wire() {
  const ipcMain = new FakeIpcMain();
  const registry = createWindowRegistry();
  registry.register(MAIN_WINDOW, 'main');
  registry.register(CALL_WINDOW, 'call');
  const refusals: string[] = [];
  const services = fakeDesktopServices();
  registerDesktopApiHandlers(
    createIpcRouter({
      ipcMain,
      roleOf: (id) => registry.roleOf(id),
      appOrigins: [APP_ORIGIN],
      log: (message) => refusals.push(message),
    }),
    services,
  );
  return { ipcMain, services, refusals };
}

const fromMain = { webContentsId: MAIN_WINDOW, frameUrl: APP_PAGE };
const fromCall = { webContentsId: CALL_WINDOW, frameUrl: CALL_PAGE };

describe('IPC handlers', () => {
  it('exist for every channel of the contract, and only those', () => {
    const { ipcMain } = wire();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      [...IPC_CHANNELS, ...CALL_PAGE_CHANNELS].sort(),
    );
  });

  it('serve the main window', async () => {
    const { ipcMain, services } = wire();
    await expect(ipcMain.invoke('vault:get-token', fromMain)).resolves.toBe('token-1');
    await ipcMain.invoke('cache:save', fromMain, { appVersion: '0.1.0', value: '{}' });
    expect(services.queryCache.save).toHaveBeenCalledWith('0.1.0', '{}');
  });

  it.each([...IPC_CHANNELS, ...CALL_PAGE_CHANNELS])(
    'refuse %s from web contents the app did not create',
    async (channel) => {
      const { ipcMain, services, refusals } = wire();
      await expect(
        ipcMain.invoke(channel, { webContentsId: 999, frameUrl: APP_PAGE }),
      ).rejects.toThrow(/refused/);
      expect(refusals).toHaveLength(1);
      for (const service of Object.values(services)) {
        if (typeof service === 'function') expect(service).not.toHaveBeenCalled();
        else for (const method of Object.values(service)) expect(method).not.toHaveBeenCalled();
      }
    },
  );

  it('refuse a server page that the main window navigated to', async () => {
    const { ipcMain, services } = wire();
    await expect(
      ipcMain.invoke('vault:get-token', {
        webContentsId: MAIN_WINDOW,
        frameUrl: 'https://school.example.org/',
      }),
    ).rejects.toThrow(/refused/);
    expect(services.vault.getToken).not.toHaveBeenCalled();
  });

  it('refuse a subframe of the app page, and a frame that is gone', async () => {
    const { ipcMain } = wire();
    await expect(
      ipcMain.invoke('vault:get-token', {
        webContentsId: MAIN_WINDOW,
        frameUrl: APP_PAGE,
        subframe: true,
      }),
    ).rejects.toThrow(/refused/);
    await expect(
      ipcMain.invoke('vault:get-token', { webContentsId: MAIN_WINDOW, frameUrl: null }),
    ).rejects.toThrow(/refused/);
  });

  it('keep the call window away from the main window’s channels', async () => {
    const { ipcMain, services } = wire();
    await expect(ipcMain.invoke('vault:get-token', fromCall)).rejects.toThrow(/refused/);
    await expect(ipcMain.invoke('call:open', fromCall, {})).rejects.toThrow(/refused/);
    expect(services.vault.getToken).not.toHaveBeenCalled();
  });

  it('keep the main window away from the call page’s channels', async () => {
    const { ipcMain, services } = wire();
    await expect(ipcMain.invoke('call:ready-to-close', fromMain)).rejects.toThrow(/refused/);
    expect(services.calls.readyToClose).not.toHaveBeenCalled();
    await ipcMain.invoke('call:ready-to-close', fromCall);
    expect(services.calls.readyToClose).toHaveBeenCalledOnce();
  });

  it('reject requests that do not fit the contract before any service runs', async () => {
    const { ipcMain, services } = wire();
    await expect(ipcMain.invoke('cache:save', fromMain, { appVersion: 7 })).rejects.toThrow();
    await expect(ipcMain.invoke('config:set', fromMain, { updatePolicy: 'off' })).rejects.toThrow();
    await expect(
      ipcMain.invoke('call:open', fromMain, { domain: 'meet.example.org', roomName: 'x' }),
    ).rejects.toThrow();
    expect(services.queryCache.save).not.toHaveBeenCalled();
    expect(services.settings.set).not.toHaveBeenCalled();
    expect(services.calls.open).not.toHaveBeenCalled();
  });

  it('clear the offline cache when the token is removed (sign-out)', async () => {
    const { ipcMain, services } = wire();
    await ipcMain.invoke('vault:set-token', fromMain, null);
    expect(services.queryCache.clear).toHaveBeenCalledOnce();
    expect(services.vault.setToken).toHaveBeenCalledWith(null);
  });

  it('pass the call page’s meeting events on, from the current call window only', async () => {
    const { ipcMain, services } = wire();
    await ipcMain.invoke('call:report', fromCall, { kind: 'joined' });
    await ipcMain.invoke('call:report', fromCall, {
      kind: 'recording-link',
      link: 'https://recordings.example.org/r1',
    });
    expect(services.calls.report.mock.calls).toEqual([
      [{ kind: 'joined' }],
      [{ kind: 'recording-link', link: 'https://recordings.example.org/r1' }],
    ]);
    // The main window cannot speak for the meeting; nor can a window being replaced.
    await expect(ipcMain.invoke('call:report', fromMain, { kind: 'left' })).rejects.toThrow(
      /refused/,
    );
    services.calls.isCallWindow = vi.fn(() => false);
    await ipcMain.invoke('call:report', fromCall, { kind: 'left' });
    expect(services.calls.report).toHaveBeenCalledTimes(2);
  });

  it('refuse meeting events that do not fit the contract', async () => {
    const { ipcMain, services } = wire();
    for (const request of [
      { kind: 'closed' },
      { kind: 'joined', extra: 1 },
      { kind: 'recording-status', on: 'yes', error: false },
      { kind: 'recording-link', link: 'javascript:alert(1)' },
      { kind: 'recording-link', link: `https://example.org/${'x'.repeat(2000)}` },
      undefined,
    ])
      await expect(ipcMain.invoke('call:report', fromCall, request)).rejects.toThrow();
    expect(services.calls.report).not.toHaveBeenCalled();
  });

  it('give the call page its options only in the current call window', async () => {
    const { ipcMain, services } = wire();
    services.calls.isCallWindow = vi.fn(() => false);
    await expect(ipcMain.invoke('call:get-options', fromCall)).resolves.toBeNull();
    expect(services.calls.currentCall).not.toHaveBeenCalled();
  });
});
