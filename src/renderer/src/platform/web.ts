import { del, get, set } from 'idb-keyval';
import { QUERY_CACHE_STORAGE_KEY } from '../../../shared/constants';
import type { Platform } from './types';

export const TOKEN_STORAGE_KEY = 'mathema.token';

interface StoredCache {
  appVersion: string;
  value: string;
}

/**
 * Browsers and phone webviews: a remembered token in localStorage, another in sessionStorage
 * (gone with the tab: closing the browser signs out), query cache in IndexedDB.
 */
export function createWebPlatform(): Platform {
  return {
    kind: 'web',
    async getToken() {
      return sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? localStorage.getItem(TOKEN_STORAGE_KEY);
    },
    async setToken(token, options) {
      // One place only, so that an old remembered token never outlives the session after it.
      sessionStorage.removeItem(TOKEN_STORAGE_KEY);
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      if (token === null) return;
      (options?.remember === false ? sessionStorage : localStorage).setItem(
        TOKEN_STORAGE_KEY,
        token,
      );
    },
    async loadQueryCache(appVersion) {
      const stored = await get<StoredCache>(QUERY_CACHE_STORAGE_KEY);
      return stored && stored.appVersion === appVersion ? stored.value : null;
    },
    async saveQueryCache(appVersion, value) {
      await set(QUERY_CACHE_STORAGE_KEY, { appVersion, value } satisfies StoredCache);
    },
    async clearQueryCache() {
      await del(QUERY_CACHE_STORAGE_KEY);
    },
    async notify({ title, body, route }) {
      // Only a page the user is not looking at needs to call for attention (the badge does the
      // rest), and browsers ask for permission only in answer to a user's gesture, which a
      // socket event is not: without permission granted earlier, nothing is shown.
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      if (document.visibilityState !== 'hidden') return;
      const shown = new Notification(title, { body });
      shown.onclick = () => {
        window.focus();
        if (route) navigateListeners.forEach((listener) => listener(route));
      };
    },
    notificationPermission: () =>
      typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
    async requestNotificationPermission() {
      if (typeof Notification === 'undefined') return 'unsupported';
      return Notification.requestPermission();
    },
    async openCall(options) {
      const url = new URL(`https://${options.domain}/${encodeURIComponent(options.roomName)}`);
      url.searchParams.set('jwt', options.jwt);
      window.open(url.toString(), '_blank', 'noopener');
    },
    // The web's call window lives in the page and reports to the server itself.
    onCallEvent: () => () => undefined,
    async checkForUpdates() {
      return { state: 'disabled' };
    },
    async saveFile(name, data, mimeType) {
      const blob = new Blob([data as BlobPart], { type: mimeType });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    },
    async getConfig() {
      return null;
    },
    onNavigate(listener) {
      navigateListeners.add(listener);
      return () => navigateListeners.delete(listener);
    },
  };
}

const navigateListeners = new Set<(route: string) => void>();

// A pressed push notification (service-worker.js) asks the open app to show its screen.
if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator)
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'mathema:navigate' && typeof data.path === 'string')
      navigateListeners.forEach((listener) => listener(data.path as string));
  });
