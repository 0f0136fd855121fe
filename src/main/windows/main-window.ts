import type { BrowserWindowLike } from '../electron-api';
import type { WindowFactory, WindowProfile } from './window-factory';

const MAIN_WINDOW_LAYOUT = {
  width: 1280,
  height: 820,
  // The renderer switches to its phone layout below 768; it stays usable down to this.
  minWidth: 360,
  minHeight: 480,
  autoHideMenuBar: true,
  backgroundColor: '#f2f2f2',
} as const;

/** Opens the main window on the app page; it shows once the first paint is ready. */
export function openMainWindow<Window extends BrowserWindowLike>(
  factory: WindowFactory<Window>,
  profile: WindowProfile,
  options: { url: string; title: string; icon?: string; log(message: string): void },
): Window {
  const window = factory.createWindow(profile, {
    ...MAIN_WINDOW_LAYOUT,
    title: options.title,
    ...(options.icon ? { icon: options.icon } : {}),
    show: false,
  });
  window.once('ready-to-show', () => window.show());
  window.loadURL(options.url).catch((error: unknown) => {
    options.log(`The main window could not load ${options.url}: ${String(error)}`);
  });
  return window;
}

/** Brings the main window to the front, restoring it when minimised or hidden. */
export function focusWindow(window: BrowserWindowLike): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
