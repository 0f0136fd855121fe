// @jitsi/electron-sdk 10 ships no TypeScript types; these declare the parts Mathema uses.
// The SDK comes in pairs: a main-process half, a preload bridge and a page half.

declare module '@jitsi/electron-sdk/main' {
  /**
   * Screen sharing for the window hosting Jitsi: handles getDisplayMedia with Jitsi's own
   * picker of screens and windows, and shows the "sharing your screen" tracker window.
   */
  export function setupScreenSharingMain(
    jitsiMeetWindow: unknown,
    appName: string,
    osxBundleId: string,
  ): void;
}

declare module '@jitsi/electron-sdk/preload' {
  /** Exposes the SDK's bridge to the page; call once from a context-isolated preload. */
  export function install(): void;
}

declare module '@jitsi/electron-sdk/renderer' {
  /** The JitsiMeetExternalAPI instance, as far as the SDK and Mathema's call page use it. */
  export interface JitsiIFrameApi {
    on(event: string, listener: (...args: unknown[]) => void): void;
    executeCommand(command: string, ...args: unknown[]): void;
    dispose(): void;
  }
  /** The page half of setupScreenSharingMain. */
  export function setupScreenSharingRender(
    api: JitsiIFrameApi,
    loggerTransports?: unknown[],
  ): unknown;
}
