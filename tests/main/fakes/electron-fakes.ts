// Small stand-ins for the Electron objects main modules receive. They record what the module
// did (handlers installed, windows created) and let a test fire the events Electron would.

import type {
  BrowserWindowLike,
  BrowserWindowOptionsLike,
  IpcInvokeEventLike,
  IpcMainLike,
  NavigationEventLike,
  PermissionDetailsLike,
  RectangleLike,
  SafeStorageLike,
  SessionLike,
  ShellLike,
  WebContentsLike,
  WindowOpenDetailsLike,
  WindowOpenResponseLike,
} from '../../../src/main/electron-api';

type Listener = (...args: never[]) => unknown;

class Emitter {
  private readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    const wrapper = ((...args: never[]) => {
      this.off(event, wrapper);
      return listener(...args);
    }) as Listener;
    return this.on(event, wrapper);
  }
  off(event: string, listener: Listener): void {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((each) => each !== listener),
    );
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => unknown)(...args);
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

let nextWebContentsId = 1;

export class FakeWebContents extends Emitter implements WebContentsLike {
  readonly id = nextWebContentsId++;
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: WindowOpenDetailsLike) => WindowOpenResponseLike) | null = null;
  destroyed = false;
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  setWindowOpenHandler(handler: (details: WindowOpenDetailsLike) => WindowOpenResponseLike): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Fires will-navigate (or another navigation event) and says whether it was prevented. */
  navigate(url: string, event: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    let prevented = false;
    const navigationEvent: NavigationEventLike = { preventDefault: () => (prevented = true) };
    this.emit(event, navigationEvent, url);
    return prevented;
  }
  attachWebview(): boolean {
    let prevented = false;
    this.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    return prevented;
  }
  openWindow(url: string, frameName = ''): WindowOpenResponseLike {
    if (!this.windowOpenHandler) throw new Error('No window open handler installed');
    return this.windowOpenHandler({ url, frameName });
  }
}

export class FakeBrowserWindow extends Emitter implements BrowserWindowLike {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  visible = false;
  minimized = false;
  destroyed = false;
  focused = false;
  alwaysOnTop: boolean | null = null;
  bounds: RectangleLike;
  constructor(readonly options: BrowserWindowOptionsLike) {
    super();
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    FakeBrowserWindow.created.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
  }
  show(): void {
    this.visible = true;
    this.emit('show');
  }
  hide(): void {
    this.visible = false;
    this.emit('hide');
  }
  minimize(): void {
    this.minimized = true;
    this.emit('minimize');
  }
  restore(): void {
    this.minimized = false;
    this.emit('restore');
  }
  focus(): void {
    this.focused = true;
  }
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getBounds(): RectangleLike {
    return this.bounds;
  }
  setAlwaysOnTop(flag: boolean): void {
    this.alwaysOnTop = flag;
  }
  setTitle(): void {}
}

type PermissionRequestHandler = Parameters<SessionLike['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<SessionLike['setPermissionCheckHandler']>[0];

export class FakeSession implements SessionLike {
  requestHandler: PermissionRequestHandler | null = null;
  checkHandler: PermissionCheckHandler | null = null;
  deviceHandler: ((details: unknown) => boolean) | null = null;
  readonly protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  readonly protocol = {
    handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
      this.protocolHandlers.set(scheme, handler);
    },
  };
  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.checkHandler = handler;
  }
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void {
    this.deviceHandler = handler;
  }
  /** Asks the request handler, as Chromium would, and returns its answer. */
  request(permission: string, details: PermissionDetailsLike): boolean {
    if (!this.requestHandler) throw new Error('No permission request handler installed');
    let granted: boolean | null = null;
    this.requestHandler({}, permission, (answer) => (granted = answer), details);
    if (granted === null) throw new Error('The handler did not answer');
    return granted;
  }
  check(
    permission: string,
    requestingOrigin: string,
    details: PermissionDetailsLike = {},
  ): boolean {
    if (!this.checkHandler) throw new Error('No permission check handler installed');
    return this.checkHandler({}, permission, requestingOrigin, details);
  }
}

export class FakeShell implements ShellLike {
  readonly opened: string[] = [];
  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  }
}

type InvokeListener = (event: IpcInvokeEventLike, ...args: unknown[]) => unknown;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, InvokeListener>();
  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel)) throw new Error(`Second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Calls a channel as ipcRenderer.invoke from the given sender would. */
  async invoke(
    channel: string,
    sender: { webContentsId: number; frameUrl: string | null; subframe?: boolean },
    request?: unknown,
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler for ${channel}`);
    const top = { url: 'app://mathema/index.html', parent: null };
    const senderFrame =
      sender.frameUrl === null
        ? null
        : { url: sender.frameUrl, parent: sender.subframe ? top : null };
    return handler({ sender: { id: sender.webContentsId }, senderFrame }, request);
  }
}

/** safeStorage as each OS would present it. */
export function fakeSafeStorage(
  mode: 'keychain' | 'basic_text' | 'unavailable',
): SafeStorageLike & { encryptCalls: number } {
  const storage = {
    encryptCalls: 0,
    isEncryptionAvailable: () => mode !== 'unavailable',
    getSelectedStorageBackend: () => (mode === 'basic_text' ? 'basic_text' : 'gnome_libsecret'),
    encryptString(plainText: string): Buffer {
      storage.encryptCalls += 1;
      return Buffer.from(`sealed:${Buffer.from(plainText).toString('hex')}`);
    },
    decryptString(encrypted: Buffer): string {
      const text = encrypted.toString();
      if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(text.slice('sealed:'.length), 'hex').toString();
    },
  };
  return storage;
}
