// The desktop bridge contract: every IPC channel, named `area:verb`, with its request and
// response types. The preload exposes these as named functions on `window.mathema`; main
// registers one handler per channel. Nothing else crosses the bridge.

import type { Language } from './constants';

export interface CallWindowOptions {
  /** Jitsi domain, for example meet.example.org. */
  domain: string;
  roomName: string;
  jwt: string;
  subject: string;
  language: Language;
  /** Per-role overrides from the school's jitsi_config_overwrite setting. */
  configOverwrite: Record<string, unknown>;
  /** Teacher-only calls offer cloud recording. */
  canRecord: boolean;
}

export interface DesktopNotification {
  title: string;
  body: string;
  /** App route opened when the user clicks the notification, for example /student/7/task/3. */
  route?: string;
}

export interface DesktopConfig {
  serverUrl: string | null;
  whiteLabel: string | null;
  language: Language | null;
  updatePolicy: 'auto' | 'notify' | 'off';
  /** Keys the machine-wide configuration file locks; the user cannot change them. */
  locked: string[];
}

export type UpdateStatus =
  | { state: 'disabled' }
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; version: string }
  | { state: 'downloaded'; version: string }
  | { state: 'error'; message: string };

/** Request and response of each invoke channel. */
export interface IpcContract {
  'vault:get-token': { request: void; response: string | null };
  /** Fails with a message when only the plaintext fallback of safeStorage is available. */
  'vault:set-token': { request: string | null; response: { ok: true } | { ok: false; message: string } };
  'cache:load': { request: { appVersion: string }; response: string | null };
  'cache:save': { request: { appVersion: string; value: string }; response: void };
  'cache:clear': { request: void; response: void };
  'notify:show': { request: DesktopNotification; response: void };
  'call:open': { request: CallWindowOptions; response: void };
  'call:close': { request: void; response: void };
  'update:check': { request: void; response: UpdateStatus };
  'update:install': { request: void; response: void };
  'file:save': { request: { name: string; data: Uint8Array | string }; response: { saved: boolean } };
  'config:get': { request: void; response: DesktopConfig };
  'config:set': {
    request: Partial<Pick<DesktopConfig, 'serverUrl' | 'whiteLabel' | 'language'>>;
    response: DesktopConfig;
  };
}
export type IpcChannel = keyof IpcContract;

/** Events main sends to the renderer. */
export interface IpcEvents {
  /** Open this app route (deep link or notification click). */
  'app:navigate': string;
  'update:status': UpdateStatus;
}
export type IpcEventName = keyof IpcEvents;

/** What the preload exposes as `window.mathema`. */
export interface DesktopApi {
  getToken(): Promise<string | null>;
  setToken(token: string | null): Promise<IpcContract['vault:set-token']['response']>;
  loadCache(appVersion: string): Promise<string | null>;
  saveCache(appVersion: string, value: string): Promise<void>;
  clearCache(): Promise<void>;
  notify(notification: DesktopNotification): Promise<void>;
  openCall(options: CallWindowOptions): Promise<void>;
  closeCall(): Promise<void>;
  checkForUpdates(): Promise<UpdateStatus>;
  installUpdate(): Promise<void>;
  saveFile(name: string, data: Uint8Array | string): Promise<{ saved: boolean }>;
  getConfig(): Promise<DesktopConfig>;
  setConfig(change: IpcContract['config:set']['request']): Promise<DesktopConfig>;
  /** Subscribe to a main-process event; returns the unsubscribe function. */
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
}

export const IPC_CHANNELS: readonly IpcChannel[] = [
  'vault:get-token',
  'vault:set-token',
  'cache:load',
  'cache:save',
  'cache:clear',
  'notify:show',
  'call:open',
  'call:close',
  'update:check',
  'update:install',
  'file:save',
  'config:get',
  'config:set',
];
export const IPC_EVENTS: readonly IpcEventName[] = ['app:navigate', 'update:status'];
