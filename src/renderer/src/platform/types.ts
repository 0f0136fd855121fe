import type {
  CallWindowOptions,
  CallWindowReport,
  DesktopConfig,
  DesktopNotification,
  UpdateStatus,
} from '../../../shared/ipc';

/** Whether the system may show our notifications: the desktop always; a browser asks once. */
export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported';

/**
 * Everything the renderer needs from the place it runs in. The web implementation uses
 * browser APIs; the desktop one goes through the preload bridge (window.mathema).
 */
export interface Platform {
  kind: 'web' | 'desktop';
  getToken(): Promise<string | null>;
  /**
   * Stores (or with null, removes) the session token. Throws when it cannot be stored safely.
   * `remember: false` (the sign-in's "Remember me" unticked) keeps it for the browser session
   * only on the web; the desktop keeps its vault either way.
   */
  setToken(token: string | null, options?: { remember?: boolean }): Promise<void>;
  /** The persisted TanStack Query cache, as the persister's serialized string. */
  loadQueryCache(appVersion: string): Promise<string | null>;
  saveQueryCache(appVersion: string, value: string): Promise<void>;
  clearQueryCache(): Promise<void>;
  notify(notification: DesktopNotification): Promise<void>;
  notificationPermission(): NotificationPermissionState;
  /** Asks the user; call it from a click (browsers ask only in answer to a user's gesture). */
  requestNotificationPermission(): Promise<NotificationPermissionState>;
  openCall(options: CallWindowOptions): Promise<void>;
  /**
   * What the desktop call window's meeting reports (joined, left, recording) and its closing;
   * the web's call window is part of the page and reports itself, so there it never fires.
   */
  onCallEvent(listener: (report: CallWindowReport) => void): () => void;
  checkForUpdates(): Promise<UpdateStatus>;
  saveFile(name: string, data: Uint8Array | string, mimeType: string): Promise<void>;
  /** Desktop: machine/user configuration; web: null. */
  getConfig(): Promise<DesktopConfig | null>;
  /** Routes opened from outside (deep links, notification clicks). */
  onNavigate(listener: (route: string) => void): () => void;
}
