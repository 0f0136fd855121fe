// The parts of Jitsi's IFrame API (external_api.js) the web call window uses
// (../shared/integrations.md). The script comes from the meeting's own domain, once per page.

export interface JitsiMeetExternalApi {
  on(event: string, listener: (payload: Record<string, unknown>) => void): void;
  executeCommand(command: string, ...args: unknown[]): void;
  dispose(): void;
}

export type JitsiMeetExternalApiConstructor = new (
  domain: string,
  options: {
    roomName: string;
    jwt?: string;
    parentNode: HTMLElement;
    lang: string;
    width: string;
    height: string;
    configOverwrite: Record<string, unknown>;
    interfaceConfigOverwrite: Record<string, unknown>;
    userInfo?: { displayName?: string; email?: string };
  },
) => JitsiMeetExternalApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiMeetExternalApiConstructor;
  }
}

const loading = new Map<string, Promise<JitsiMeetExternalApiConstructor>>();

/** Loads `https://{domain}/external_api.js` (allowed by the server's CSP) and gives its class. */
export function loadJitsiExternalApi(domain: string): Promise<JitsiMeetExternalApiConstructor> {
  const known = loading.get(domain);
  if (known) return known;
  const loaded = new Promise<JitsiMeetExternalApiConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://${domain}/external_api.js`;
    script.async = true;
    script.onload = () =>
      window.JitsiMeetExternalAPI
        ? resolve(window.JitsiMeetExternalAPI)
        : reject(new Error('external_api.js did not define JitsiMeetExternalAPI'));
    script.onerror = () => reject(new Error(`Could not load ${script.src}`));
    document.head.append(script);
  });
  // A failed load may be tried again (the network may come back).
  loaded.catch(() => loading.delete(domain));
  loading.set(domain, loaded);
  return loaded;
}
