import { CALL_WINDOW_WIDTH_FRACTION } from '../../shared/constants';
import type { CallMeetingEvent, CallWindowOptions, CallWindowReport } from '../../shared/ipc';
import type { BrowserWindowLike, RectangleLike } from '../electron-api';
import type { WindowFactory, WindowProfile } from '../windows/window-factory';
import { jitsiOriginOf } from './jitsi-meeting-options';

const CALL_MIN_WIDTH = 320;
const CALL_MIN_HEIGHT = 240;
const CALL_MARGIN = 24;

/**
 * Where a new call window goes: a quarter of the main window's width (spec §2), 4:3, in the
 * main window's bottom-right corner, where it covers the least of the app.
 */
export function callWindowBounds(main: RectangleLike): RectangleLike {
  const width = Math.max(CALL_MIN_WIDTH, Math.round(main.width * CALL_WINDOW_WIDTH_FRACTION));
  const height = Math.max(CALL_MIN_HEIGHT, Math.round((width * 3) / 4));
  return {
    width,
    height,
    x: main.x + Math.max(0, main.width - width - CALL_MARGIN),
    y: main.y + Math.max(0, main.height - height - CALL_MARGIN),
  };
}

export class InvalidCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidCallError';
  }
}

/**
 * The Jitsi call window: one at a time, hardened like every window, with the SDK's screen
 * sharing; it floats above other apps while the main window is hidden or minimised, and closes
 * when Jitsi reports readyToClose.
 */
export function createCallWindowController(options: {
  factory: WindowFactory;
  /** Built by the caller with `jitsiOrigin` of this controller as its permission origin. */
  profile: () => WindowProfile;
  pageUrl: string;
  /** The SDK's setupScreenSharingMain, bound to the app's name and bundle id. */
  setupScreenSharing(window: BrowserWindowLike): void;
  /** Tells the main window what a call window's meeting reported, and that it closed. */
  publish(report: CallWindowReport): void;
  log(message: string): void;
}) {
  let current: { window: BrowserWindowLike; call: CallWindowOptions; origin: string } | null = null;
  let main: BrowserWindowLike | null = null;

  const mainIsAway = (): boolean =>
    main === null || main.isDestroyed() || !main.isVisible() || main.isMinimized();

  const applyAlwaysOnTop = (): void => {
    if (!current || current.window.isDestroyed()) return;
    current.window.setAlwaysOnTop(mainIsAway(), 'floating');
  };

  const close = (): void => {
    if (current && !current.window.isDestroyed()) current.window.close();
    current = null;
  };

  return {
    /** Follows the main window so the call floats on top exactly while the app is out of sight. */
    followMainWindow(window: BrowserWindowLike): void {
      main = window;
      window.on('hide', applyAlwaysOnTop);
      window.on('minimize', applyAlwaysOnTop);
      window.on('show', applyAlwaysOnTop);
      window.on('restore', applyAlwaysOnTop);
    },

    open(call: CallWindowOptions): void {
      const origin = jitsiOriginOf(call.domain);
      if (origin === null) throw new InvalidCallError(`Not a Jitsi domain: ${call.domain}`);
      if (current && !current.window.isDestroyed()) {
        if (current.origin === origin && current.call.roomName === call.roomName) {
          current.window.show();
          current.window.focus();
          return;
        }
        close();
      }

      const mainBounds =
        main && !main.isDestroyed() ? main.getBounds() : { x: 0, y: 0, width: 1280, height: 820 };
      const window = options.factory.createWindow(options.profile(), {
        ...callWindowBounds(mainBounds),
        minWidth: CALL_MIN_WIDTH,
        minHeight: CALL_MIN_HEIGHT,
        title: call.subject,
        autoHideMenuBar: true,
        backgroundColor: '#1f1f1f',
        show: false,
      });
      // Set before the page loads: the profile's permission origins read jitsiOrigin().
      current = { window, call, origin };

      try {
        options.setupScreenSharing(window);
      } catch (error) {
        // The call still works without the SDK's picker; Electron then refuses screen capture.
        options.log(`Screen sharing is unavailable: ${String(error)}`);
      }
      window.once('ready-to-show', () => {
        window.show();
        applyAlwaysOnTop();
      });
      window.on('closed', () => {
        if (current?.window === window) current = null;
        // However it closed, the renderer learns that this call's window is gone (a leave).
        options.publish({ roomName: call.roomName, event: { kind: 'closed' } });
      });
      window.loadURL(options.pageUrl).catch((error: unknown) => {
        options.log(`The call window could not load: ${String(error)}`);
      });
    },

    close,

    /** Jitsi's readyToClose: the user left the meeting. */
    readyToClose(): void {
      close();
    },

    /** A meeting event of the open call's page, passed on with the call's room. */
    report(event: CallMeetingEvent): void {
      if (!current || current.window.isDestroyed()) return;
      options.publish({ roomName: current.call.roomName, event });
    },

    /** The options of the open call, for the call page; null when no call is open. */
    currentCall(): CallWindowOptions | null {
      return current?.call ?? null;
    },

    /** The https origin of the open call's Jitsi domain, trusted for media permissions. */
    jitsiOrigin(): string | null {
      return current?.origin ?? null;
    },

    isCallWindow(webContentsId: number): boolean {
      return (
        current !== null &&
        !current.window.isDestroyed() &&
        current.window.webContents.id === webContentsId
      );
    },
  };
}
export type CallWindowController = ReturnType<typeof createCallWindowController>;
