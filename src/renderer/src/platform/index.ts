import type { DesktopApi } from '../../../shared/ipc';
import type { Platform } from './types';
import { createWebPlatform } from './web';

declare global {
  interface Window {
    /** The preload bridge, present only in the desktop app. */
    mathema?: DesktopApi;
  }
}

export type { Platform } from './types';

// The desktop implementation ships in platform/desktop.ts (the desktop engineer's); it is loaded
// only inside Electron so that the web build never carries it.
const desktopModules = import.meta.glob<{ createDesktopPlatform: (api: DesktopApi) => Platform }>(
  './desktop.ts',
);

/** The platform the renderer runs on: desktop when the preload bridge is there, else web. */
export async function loadPlatform(): Promise<Platform> {
  const bridge = window.mathema;
  const loadDesktop = desktopModules['./desktop.ts'];
  if (bridge && loadDesktop) {
    const { createDesktopPlatform } = await loadDesktop();
    return createDesktopPlatform(bridge);
  }
  return createWebPlatform();
}
