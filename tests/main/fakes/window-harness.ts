import { APP_ORIGIN } from '../../../src/main/app-identity';
import { createWindowFactory } from '../../../src/main/windows/window-factory';
import { callWindowProfile, mainWindowProfile } from '../../../src/main/windows/window-profiles';
import { createWindowRegistry } from '../../../src/main/windows/window-registry';
import { FakeBrowserWindow, FakeSession, FakeShell } from './electron-fakes';

export const SERVER_ORIGIN = 'https://school.example.org';
export const JITSI_ORIGIN = 'https://meet.example.org';
export const MAIN_PRELOAD = '/app/out/preload/index.cjs';
export const CALL_PRELOAD = '/app/out/preload/call.cjs';

/** The window factory wired to fakes, with the app's two window profiles. */
export function createWindowHarness() {
  const sessions = new Map<string, FakeSession>();
  const shell = new FakeShell();
  const registry = createWindowRegistry();
  const servedPartitions: string[] = [];
  const factory = createWindowFactory({
    BrowserWindow: FakeBrowserWindow,
    sessionFor: (partition) => {
      const existing = sessions.get(partition);
      if (existing) return existing;
      const created = new FakeSession();
      sessions.set(partition, created);
      return created;
    },
    shell,
    registry,
    appOrigins: [APP_ORIGIN],
    serveAppProtocol: (session) => {
      session.protocol.handle('app', () => new Response('ok'));
      servedPartitions.push([...sessions].find(([, each]) => each === session)?.[0] ?? '?');
    },
  });
  const profiles = {
    main: mainWindowProfile({ preload: MAIN_PRELOAD, serverOrigin: () => SERVER_ORIGIN }),
    call: callWindowProfile({ preload: CALL_PRELOAD, jitsiOrigin: () => JITSI_ORIGIN }),
  };
  const open = (kind: keyof typeof profiles): FakeBrowserWindow =>
    factory.createWindow(profiles[kind], { width: 800, height: 600 });
  const sessionOf = (window: FakeBrowserWindow): FakeSession => {
    const partition = window.options.webPreferences.partition;
    const session = partition ? sessions.get(partition) : undefined;
    if (!session) throw new Error('The window has no session');
    return session;
  };
  return { factory, registry, shell, profiles, open, sessionOf, servedPartitions };
}
