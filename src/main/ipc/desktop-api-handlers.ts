import type {
  CallPageChannel,
  CallPageContract,
  DesktopConfig,
  IpcChannel,
  IpcContract,
} from '../../shared/ipc';
import type { CallWindowController } from '../call-window/call-window';
import type { NativeNotifier } from '../notifications/native-notifier';
import type { QueryCacheStore } from '../query-cache/query-cache-store';
import type { UpdateController } from '../updates/update-controller';
import type { TokenVault } from '../vault/token-vault';
import type { IpcRouter } from './ipc-router';
import { callPageRequestSchemas, desktopRequestSchemas } from './request-schemas';

export interface DesktopServices {
  vault: TokenVault;
  queryCache: QueryCacheStore;
  notifier: NativeNotifier;
  calls: CallWindowController;
  updates: UpdateController;
  settings: {
    get(): DesktopConfig;
    set(change: IpcContract['config:set']['request']): DesktopConfig;
  };
  saveFile(name: string, data: Uint8Array | string): Promise<{ saved: boolean }>;
}

type ChannelShape = { request: unknown; response: unknown };
type Handler<Shape extends ChannelShape> = (
  request: Shape['request'],
  sender: { webContentsId: number },
) => Shape['response'] | Promise<Shape['response']>;

/** Connects every channel of shared/ipc.ts to the service behind it, each with its sender rule. */
export function registerDesktopApiHandlers(router: IpcRouter, services: DesktopServices): void {
  const fromMainWindow = <K extends IpcChannel>(channel: K, handle: Handler<IpcContract[K]>) =>
    router.handle(channel, {
      from: ['main'],
      parse: (input) => desktopRequestSchemas[channel].parse(input) as IpcContract[K]['request'],
      handle,
    });
  const fromCallWindow = <K extends CallPageChannel>(
    channel: K,
    handle: Handler<CallPageContract[K]>,
  ) =>
    router.handle(channel, {
      from: ['call'],
      parse: (input) =>
        callPageRequestSchemas[channel].parse(input) as CallPageContract[K]['request'],
      handle,
    });

  fromMainWindow('vault:get-token', () => services.vault.getToken());
  fromMainWindow('vault:set-token', (token) => {
    // Signing out also drops the offline copy of the school's data.
    if (token === null) services.queryCache.clear();
    return services.vault.setToken(token);
  });
  fromMainWindow('cache:load', ({ appVersion }) => services.queryCache.load(appVersion));
  fromMainWindow('cache:save', ({ appVersion, value }) =>
    services.queryCache.save(appVersion, value),
  );
  fromMainWindow('cache:clear', () => services.queryCache.clear());
  fromMainWindow('notify:show', (notification) => services.notifier.show(notification));
  fromMainWindow('call:open', (call) => services.calls.open(call));
  fromMainWindow('call:close', () => services.calls.close());
  fromMainWindow('update:check', () => services.updates.check());
  fromMainWindow('update:install', () => services.updates.install());
  fromMainWindow('file:save', ({ name, data }) => services.saveFile(name, data));
  fromMainWindow('config:get', () => services.settings.get());
  fromMainWindow('config:set', (change) => services.settings.set(change));

  fromCallWindow('call:get-options', (_request, sender) =>
    services.calls.isCallWindow(sender.webContentsId) ? services.calls.currentCall() : null,
  );
  fromCallWindow('call:ready-to-close', (_request, sender) => {
    if (services.calls.isCallWindow(sender.webContentsId)) services.calls.readyToClose();
  });
  // Only the current call's window speaks for it: a window being replaced says nothing more.
  fromCallWindow('call:report', (event, sender) => {
    if (services.calls.isCallWindow(sender.webContentsId)) services.calls.report(event);
  });
}
