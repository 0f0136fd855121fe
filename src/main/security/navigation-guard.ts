import type {
  BrowserWindowOptionsLike,
  NavigationEventLike,
  ShellLike,
  WebContentsLike,
  WindowOpenResponseLike,
} from '../electron-api';
import { isExternalLinkAllowed, isSameOriginAsAny } from './url-policy';

export interface NavigationPolicy {
  /** Origins this window may navigate to and open as in-app windows; read at each event. */
  allowedOrigins(): readonly string[];
  /**
   * Options for a window.open the policy allows: hardened webPreferences without a preload, so
   * the child can never reach IPC. The child is then guarded as foreign web contents.
   */
  childWindowOptions(): BrowserWindowOptionsLike;
}

/** Hands a link to the OS when it is a web page or mail address; drops anything else. */
function openOutside(shell: ShellLike, url: string): void {
  if (isExternalLinkAllowed(url)) void shell.openExternal(url).catch(() => undefined);
}

/**
 * Limits where a window can go: navigation and window.open stay on the allowed origins; other
 * http(s) and mailto links open in the system browser; everything else (file:, javascript:,
 * custom schemes) is dropped. <webview> is never attached.
 */
export function guardNavigation(
  webContents: WebContentsLike,
  policy: NavigationPolicy,
  shell: ShellLike,
): void {
  const limitNavigation = (event: NavigationEventLike, url: string): void => {
    if (isSameOriginAsAny(url, policy.allowedOrigins())) return;
    event.preventDefault();
    openOutside(shell, url);
  };
  webContents.on('will-navigate', limitNavigation);
  webContents.on('will-redirect', limitNavigation);
  webContents.on('will-attach-webview', (event) => event.preventDefault());

  webContents.setWindowOpenHandler(({ url }): WindowOpenResponseLike => {
    if (isSameOriginAsAny(url, policy.allowedOrigins())) {
      return { action: 'allow', overrideBrowserWindowOptions: policy.childWindowOptions() };
    }
    openOutside(shell, url);
    return { action: 'deny' };
  });
}

/**
 * For web contents the app did not create through its window factory (windows opened with
 * window.open, the Jitsi SDK's screen-sharing tracker): no navigation, no new windows, no
 * webviews; links go to the system browser. Installed for every web contents when it is created;
 * `isManaged` is asked at each event because the factory registers its windows only after
 * Electron has created their web contents (and then installs its own, wider guard).
 */
export function guardForeignWebContents(
  webContents: WebContentsLike,
  shell: ShellLike,
  isManaged: (webContentsId: number) => boolean,
): void {
  const refuse = (event: NavigationEventLike, url: string): void => {
    if (isManaged(webContents.id)) return;
    event.preventDefault();
    openOutside(shell, url);
  };
  webContents.on('will-navigate', refuse);
  webContents.on('will-redirect', refuse);
  webContents.on('will-attach-webview', (event) => event.preventDefault());
  webContents.setWindowOpenHandler(({ url }) => {
    openOutside(shell, url);
    return { action: 'deny' };
  });
}
