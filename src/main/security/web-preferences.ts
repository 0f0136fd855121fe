import type { WebPreferencesLike } from '../electron-api';

/**
 * The webPreferences of every window the app opens (Electron security checklist): the page runs
 * sandboxed, isolated from its preload, without Node, with the same-origin policy on. Only the
 * preload script and the session partition differ between windows.
 */
export function hardenedWebPreferences(options: {
  preload?: string;
  partition: string;
}): WebPreferencesLike {
  return {
    ...(options.preload ? { preload: options.preload } : {}),
    partition: options.partition,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    // A file dropped on the window must not replace the app with a local page.
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  };
}
