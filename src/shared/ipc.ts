// The desktop bridge contract: every IPC channel, named `area:verb`, with its request and
// response types. The preloads expose these as named functions (`window.mathema` in the main
// window, `window.mathemaCall` in the call window); main registers one handler per channel.
// Nothing else crosses the bridge.

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

/**
 * What the call window's meeting reported (Jitsi's events, spec §2), as its page tells main:
 * the user joined, left (videoConferenceLeft), the recording's state (recordingStatusChanged:
 * `on`, and `error` when it failed) and its link (recordingLinkAvailable).
 */
export type CallMeetingEvent =
  | { kind: 'joined' }
  | { kind: 'left' }
  | { kind: 'recording-status'; on: boolean; error: boolean }
  | { kind: 'recording-link'; link: string };

/**
 * A call window's event as main forwards it to the main window, named by the call's room:
 * the meeting's events, and `closed` once the window has gone (readyToClose, closed by the
 * user, replaced by another call, or the app's window closed).
 */
export interface CallWindowReport {
  roomName: string;
  event: CallMeetingEvent | { kind: 'closed' };
}

export interface DesktopNotification {
  title: string;
  body: string;
  /** App route opened when the user clicks the notification, for example /student/7/task/3. */
  route?: string;
}

export type UpdatePolicy = 'auto' | 'notify' | 'off';

export interface DesktopConfig {
  serverUrl: string | null;
  whiteLabel: string | null;
  language: Language | null;
  updatePolicy: UpdatePolicy;
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

/**
 * Why the vault refused a token: no OS key store at all, or only Chromium's plaintext
 * fallback (Linux without a secret service). `message` is already in the user's language.
 */
export type TokenRefusalReason = 'encryption-unavailable' | 'plaintext-only';
export type TokenStoreResult =
  { ok: true } | { ok: false; reason: TokenRefusalReason; message: string };

/** Request and response of each invoke channel the main window may use. */
export interface IpcContract {
  'vault:get-token': { request: void; response: string | null };
  /** Refuses (ok: false) when only the plaintext fallback of safeStorage is available. */
  'vault:set-token': { request: string | null; response: TokenStoreResult };
  'cache:load': { request: { appVersion: string }; response: string | null };
  'cache:save': { request: { appVersion: string; value: string }; response: void };
  'cache:clear': { request: void; response: void };
  'notify:show': { request: DesktopNotification; response: void };
  'call:open': { request: CallWindowOptions; response: void };
  'call:close': { request: void; response: void };
  'update:check': { request: void; response: UpdateStatus };
  'update:install': { request: void; response: void };
  'file:save': {
    request: { name: string; data: Uint8Array | string };
    response: { saved: boolean };
  };
  'config:get': { request: void; response: DesktopConfig };
  'config:set': {
    request: Partial<Pick<DesktopConfig, 'serverUrl' | 'whiteLabel' | 'language'>>;
    response: DesktopConfig;
  };
}
export type IpcChannel = keyof IpcContract;

/** Events main sends to the main window. */
export interface IpcEvents {
  /** Open this app route (deep link or notification click). */
  'app:navigate': string;
  'update:status': UpdateStatus;
  /** The call window's meeting reported something, or the window closed. */
  'call:event': CallWindowReport;
}
export type IpcEventName = keyof IpcEvents;

/** What the preload exposes as `window.mathema`. */
export interface DesktopApi {
  getToken(): Promise<string | null>;
  setToken(token: string | null): Promise<TokenStoreResult>;
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

/** Request and response of each invoke channel the call window's page may use. */
export interface CallPageContract {
  /** The options of the call this window was opened for; null once it has closed. */
  'call:get-options': { request: void; response: CallWindowOptions | null };
  /** Jitsi's readyToClose event: the user hung up, main closes the window. */
  'call:ready-to-close': { request: void; response: void };
  /** A meeting event, forwarded by main to the main window (and from there to the server). */
  'call:report': { request: CallMeetingEvent; response: void };
}
export type CallPageChannel = keyof CallPageContract;

/** What the call window's preload exposes as `window.mathemaCall`. */
export interface CallPageApi {
  getOptions(): Promise<CallWindowOptions | null>;
  readyToClose(): Promise<void>;
  report(event: CallMeetingEvent): Promise<void>;
}

/** The channel behind each DesktopApi method: the one table both ends are built from. */
export const DESKTOP_API_CHANNELS = {
  getToken: 'vault:get-token',
  setToken: 'vault:set-token',
  loadCache: 'cache:load',
  saveCache: 'cache:save',
  clearCache: 'cache:clear',
  notify: 'notify:show',
  openCall: 'call:open',
  closeCall: 'call:close',
  checkForUpdates: 'update:check',
  installUpdate: 'update:install',
  saveFile: 'file:save',
  getConfig: 'config:get',
  setConfig: 'config:set',
} as const satisfies Record<Exclude<keyof DesktopApi, 'on'>, IpcChannel>;

export const CALL_PAGE_API_CHANNELS = {
  getOptions: 'call:get-options',
  readyToClose: 'call:ready-to-close',
  report: 'call:report',
} as const satisfies Record<keyof CallPageApi, CallPageChannel>;

export const IPC_CHANNELS: readonly IpcChannel[] = Object.values(DESKTOP_API_CHANNELS);
export const CALL_PAGE_CHANNELS: readonly CallPageChannel[] = Object.values(CALL_PAGE_API_CHANNELS);
export const IPC_EVENTS: readonly IpcEventName[] = ['app:navigate', 'update:status', 'call:event'];

/** How a preload reaches main; implemented over ipcRenderer, faked in tests. */
export interface IpcTransport<Contract> {
  invoke<K extends keyof Contract & string>(
    channel: K,
    request: Contract[K] extends { request: infer R } ? R : never,
  ): Promise<Contract[K] extends { response: infer R } ? R : never>;
}
export interface IpcEventSource {
  subscribe<E extends IpcEventName>(
    event: E,
    listener: (payload: IpcEvents[E]) => void,
  ): () => void;
}

const isIpcEventName = (name: unknown): name is IpcEventName =>
  (IPC_EVENTS as readonly unknown[]).includes(name);

/**
 * Builds `window.mathema` from a transport: one named function per channel, so the page never
 * holds ipcRenderer and can reach no channel outside this table.
 */
export function bindDesktopApi(
  transport: IpcTransport<IpcContract>,
  events: IpcEventSource,
): DesktopApi {
  const api: DesktopApi = {
    getToken: () => transport.invoke('vault:get-token', undefined),
    setToken: (token) => transport.invoke('vault:set-token', token),
    loadCache: (appVersion) => transport.invoke('cache:load', { appVersion }),
    saveCache: (appVersion, value) => transport.invoke('cache:save', { appVersion, value }),
    clearCache: () => transport.invoke('cache:clear', undefined),
    notify: (notification) => transport.invoke('notify:show', notification),
    openCall: (options) => transport.invoke('call:open', options),
    closeCall: () => transport.invoke('call:close', undefined),
    checkForUpdates: () => transport.invoke('update:check', undefined),
    installUpdate: () => transport.invoke('update:install', undefined),
    saveFile: (name, data) => transport.invoke('file:save', { name, data }),
    getConfig: () => transport.invoke('config:get', undefined),
    setConfig: (change) => transport.invoke('config:set', change),
    on: (event, listener) => {
      // The page is untrusted input: check at run time what the types promise.
      if (!isIpcEventName(event)) throw new Error(`Unknown desktop event: ${String(event)}`);
      if (typeof listener !== 'function') throw new Error('A listener must be a function');
      return events.subscribe(event, listener);
    },
  };
  return Object.freeze(api);
}

/** Builds `window.mathemaCall` for the call window's page. */
export function bindCallPageApi(transport: IpcTransport<CallPageContract>): CallPageApi {
  const api: CallPageApi = {
    getOptions: () => transport.invoke('call:get-options', undefined),
    readyToClose: () => transport.invoke('call:ready-to-close', undefined),
    report: (event) => transport.invoke('call:report', event),
  };
  return Object.freeze(api);
}
