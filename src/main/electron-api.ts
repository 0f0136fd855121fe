// The parts of Electron's API that main-process modules use, as structural types. Only
// src/main/index.ts imports `electron` and hands the real objects in; tests hand in small fakes,
// so every module here runs under Vitest without the Electron binary. Each type lists only what
// is used, which also documents each module's reach.

export interface NavigationEventLike {
  preventDefault(): void;
}

export interface WindowOpenDetailsLike {
  url: string;
  frameName: string;
}

export type WindowOpenResponseLike =
  | { action: 'deny' }
  | {
      action: 'allow';
      overrideBrowserWindowOptions?: BrowserWindowOptionsLike;
    };

export interface WebFrameLike {
  url: string;
  parent: WebFrameLike | null;
}

export interface WebContentsLike {
  id: number;
  mainFrame?: WebFrameLike;
  send(channel: string, payload: unknown): void;
  setWindowOpenHandler(handler: (details: WindowOpenDetailsLike) => WindowOpenResponseLike): void;
  on(event: 'will-navigate', listener: (event: NavigationEventLike, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEventLike, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: NavigationEventLike) => void): unknown;
  isDestroyed(): boolean;
}

export interface PermissionDetailsLike {
  requestingUrl?: string;
  isMainFrame?: boolean;
  mediaTypes?: string[];
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: PermissionDetailsLike,
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      webContents: unknown,
      permission: string,
      requestingOrigin: string,
      details: PermissionDetailsLike,
    ) => boolean,
  ): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
  protocol: ProtocolLike;
}

export interface ProtocolLike {
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

export interface WebPreferencesLike {
  preload?: string;
  partition?: string;
  contextIsolation: boolean;
  sandbox: boolean;
  nodeIntegration: boolean;
  nodeIntegrationInWorker: boolean;
  nodeIntegrationInSubFrames: boolean;
  webSecurity: boolean;
  allowRunningInsecureContent: boolean;
  experimentalFeatures: boolean;
  webviewTag: boolean;
  navigateOnDragDrop: boolean;
  safeDialogs: boolean;
  spellcheck: boolean;
}

export interface RectangleLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BrowserWindowOptionsLike {
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  minWidth?: number;
  minHeight?: number;
  show?: boolean;
  title?: string;
  backgroundColor?: string;
  autoHideMenuBar?: boolean;
  icon?: string;
  webPreferences: WebPreferencesLike;
}

export interface BrowserWindowLike {
  webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  show(): void;
  focus(): void;
  close(): void;
  restore(): void;
  isMinimized(): boolean;
  isVisible(): boolean;
  isDestroyed(): boolean;
  getBounds(): RectangleLike;
  setAlwaysOnTop(flag: boolean, level?: 'floating'): void;
  setTitle(title: string): void;
  // One overload per event, as Electron declares them, so that the real class fits this type.
  on(event: 'closed', listener: () => void): unknown;
  on(event: 'hide', listener: () => void): unknown;
  on(event: 'show', listener: () => void): unknown;
  on(event: 'minimize', listener: () => void): unknown;
  on(event: 'restore', listener: () => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
}

export type BrowserWindowConstructorLike<Window extends BrowserWindowLike = BrowserWindowLike> =
  new (options: BrowserWindowOptionsLike) => Window;

export interface IpcInvokeEventLike {
  sender: { id: number };
  senderFrame: WebFrameLike | null;
}

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown,
  ): void;
  removeHandler(channel: string): void;
}

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only in Electron; 'basic_text' means the plaintext fallback. */
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface NotificationLike {
  show(): void;
  on(event: 'click', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface NotificationConstructorLike {
  new (options: { title: string; body: string }): NotificationLike;
  isSupported(): boolean;
}

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}
