import type { DesktopApi, TokenRefusalReason } from '../../../shared/ipc';
import type { Platform } from './types';

/** The desktop vault would not store the token; the message is in the user's language. */
export class TokenStorageRefusedError extends Error {
  constructor(
    readonly reason: TokenRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'TokenStorageRefusedError';
  }
}

/**
 * The Platform of the desktop app: every call goes through the preload bridge (window.mathema)
 * to the main process. platform/index.ts loads this module only when the bridge is present.
 */
export function createDesktopPlatform(api: DesktopApi): Platform {
  return {
    kind: 'desktop',
    getToken: () => api.getToken(),
    // The vault is the desktop's one safe place; "Remember me" does not change where it goes.
    async setToken(token) {
      const result = await api.setToken(token);
      if (!result.ok) throw new TokenStorageRefusedError(result.reason, result.message);
    },
    loadQueryCache: (appVersion) => api.loadCache(appVersion),
    saveQueryCache: (appVersion, value) => api.saveCache(appVersion, value),
    clearQueryCache: () => api.clearCache(),
    notify: (notification) => api.notify(notification),
    // Native notifications need no permission of the page; the OS settings decide.
    notificationPermission: () => 'granted',
    requestNotificationPermission: async () => 'granted',
    openCall: (options) => api.openCall(options),
    onCallEvent: (listener) => api.on('call:event', listener),
    checkForUpdates: () => api.checkForUpdates(),
    // The OS save dialog picks the type from the file name; the MIME type is for browsers.
    async saveFile(name, data, _mimeType) {
      await api.saveFile(name, data);
    },
    getConfig: () => api.getConfig(),
    onNavigate: (listener) => api.on('app:navigate', listener),
  };
}
