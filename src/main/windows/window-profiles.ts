import { CALL_PARTITION, MAIN_PARTITION } from '../app-identity';
import type { WindowProfile } from './window-factory';

/**
 * The main window: the renderer. It may navigate to the configured server (links into server
 * pages) and copy to the clipboard; it needs no camera, microphone or screen.
 */
export function mainWindowProfile(options: {
  preload: string;
  serverOrigin(): string | null;
}): WindowProfile {
  return {
    role: 'main',
    partition: MAIN_PARTITION,
    preload: options.preload,
    permissions: ['clipboard-sanitized-write'],
    navigableOrigins: () => {
      const server = options.serverOrigin();
      return server ? [server] : [];
    },
    permissionOrigins: () => [],
  };
}

/**
 * The call window: the app's call page with Jitsi in a frame. Camera, microphone, screen capture
 * and fullscreen, for the Jitsi domain of the current call only; the top frame never leaves the
 * call page.
 */
export function callWindowProfile(options: {
  preload: string;
  jitsiOrigin(): string | null;
}): WindowProfile {
  return {
    role: 'call',
    partition: CALL_PARTITION,
    preload: options.preload,
    permissions: ['media', 'display-capture', 'fullscreen'],
    navigableOrigins: () => [],
    permissionOrigins: () => {
      const jitsi = options.jitsiOrigin();
      return jitsi ? [jitsi] : [];
    },
  };
}
