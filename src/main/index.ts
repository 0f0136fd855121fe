// The desktop app's composition root: the only module that imports electron (and the libraries
// that import it). Everything it wires is a plain module taking these APIs as parameters.

import { setupScreenSharingMain } from '@jitsi/electron-sdk/main';
import Database from 'better-sqlite3';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import Store from 'electron-store';
import electronUpdater from 'electron-updater';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../shared/constants';
import type { IpcEventName, IpcEvents } from '../shared/ipc';
import { createAppProtocolHandler } from './app-protocol/app-protocol-handler';
import {
  APP_HOST,
  APP_ID,
  APP_NAME,
  APP_ORIGIN,
  APP_SCHEME,
  CALL_PAGE_PATH,
  CALL_PAGE_SCRIPT,
  CALL_PAGE_URL,
  DEEP_LINK_SCHEME,
  MAIN_PAGE_URL,
} from './app-identity';
import { callPageHtml } from './call-window/call-page-html';
import { createCallWindowController } from './call-window/call-window';
import { createDesktopSettings } from './config/desktop-settings';
import { machineConfigPath } from './config/machine-config-path';
import { readMachineConfig } from './config/machine-config';
import { normalizeServerUrl, serverOriginOf } from './config/server-url';
import { findDeepLink, parseDeepLink } from './deep-links/deep-link';
import { saveFileWithDialog } from './files/save-file';
import { createMainTranslator } from './i18n/main-messages';
import { registerDesktopApiHandlers } from './ipc/desktop-api-handlers';
import { createIpcRouter } from './ipc/ipc-router';
import { createNativeNotifier } from './notifications/native-notifier';
import {
  createDisabledQueryCache,
  openQueryCacheStore,
  type QueryCacheStore,
} from './query-cache/query-cache-store';
import {
  appPageContentSecurityPolicy,
  callPageContentSecurityPolicy,
} from './security/content-security-policy';
import { guardForeignWebContents } from './security/navigation-guard';
import { originOf } from './security/url-policy';
import { createUpdateController } from './updates/update-controller';
import { createTokenVault } from './vault/token-vault';
import { focusWindow, openMainWindow } from './windows/main-window';
import { createWindowFactory } from './windows/window-factory';
import { callWindowProfile, mainWindowProfile } from './windows/window-profiles';
import { createWindowRegistry } from './windows/window-registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN_PRELOAD = path.join(here, '../preload/index.cjs');
const CALL_PRELOAD = path.join(here, '../preload/call.cjs');
const RENDERER_ROOT = path.join(here, '../renderer');
const CALL_PAGE_SOURCE = path.join(here, '../../src/main/call-window/page/call-page.ts');

const log = (message: string): void => console.warn(`[${APP_NAME}] ${message}`);

// electron-vite's dev server, trusted only in an unpackaged (development) run.
const devRendererUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const devOrigin = devRendererUrl ? originOf(devRendererUrl) : null;
const appOrigins = devOrigin ? [APP_ORIGIN, devOrigin] : [APP_ORIGIN];

// One documented data folder (docs/desktop.md), whatever package.json calls the app; a
// development run keeps its own so that it never touches an installed app's session.
app.setPath(
  'userData',
  path.join(app.getPath('appData'), app.isPackaged ? APP_NAME : `${APP_NAME} (development)`),
);

// Must happen before 'ready': app:// behaves like https (secure context, fetch, CSP).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
  },
]);

let pendingRoute: string | null = findDeepLink(process.argv);
let routeToRenderer: ((route: string) => void) | null = null;
const openRoute = (route: string | null): void => {
  if (!route) return;
  if (routeToRenderer) routeToRenderer(route);
  else pendingRoute = route;
};

// macOS hands deep links over by event, possibly before the app is ready.
app.on('open-url', (event, url) => {
  event.preventDefault();
  openRoute(parseDeepLink(url));
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start().catch((error: unknown) => {
    log(`Start-up failed: ${String(error)}`);
    app.quit();
  });
}

function localeLanguage(): Language {
  return app.getLocale().toLowerCase().startsWith('el') ? 'el' : 'en';
}

function openQueryCache(): QueryCacheStore {
  try {
    return openQueryCacheStore(
      new Database(path.join(app.getPath('userData'), 'query-cache.sqlite')),
    );
  } catch (error) {
    // For example better-sqlite3 built for Node instead of Electron in a development run.
    log(`The offline cache is off: ${String(error)}`);
    return createDisabledQueryCache();
  }
}

async function start(): Promise<void> {
  app.setAppUserModelId(APP_ID);
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  const registry = createWindowRegistry();
  app.on('web-contents-created', (_event, contents) => {
    guardForeignWebContents(contents, shell, (id) => registry.isManaged(id));
  });

  await app.whenReady();

  const machineFile = machineConfigPath(process.platform, process.env);
  const machineReading = readMachineConfig(machineFile, (file) => readFileSync(file, 'utf8'));
  const machine = machineReading.status === 'ok' ? machineReading.config : null;
  if (machineReading.status === 'ok' && machineReading.unknownKeys.length > 0) {
    log(`Unknown keys in ${machineFile}: ${machineReading.unknownKeys.join(', ')}`);
  }

  const userStore = new Store<Record<string, unknown>>({ name: 'preferences' });
  const vaultStore = new Store<Record<string, unknown>>({ name: 'vault' });
  // A development run talks to `npm start`'s server unless told otherwise; a packaged app waits
  // for the machine file or the user to name the school's server.
  const envServer =
    process.env['MATHEMA_SERVER_URL'] ?? (app.isPackaged ? undefined : 'http://127.0.0.1:8080');
  let t = createMainTranslator(localeLanguage());
  const settings = createDesktopSettings({
    machine,
    userStore,
    fallback: {
      serverUrl: envServer ? normalizeServerUrl(envServer, { allowPlainHttp: false }) : null,
      whiteLabel: null,
      language: null,
      updatePolicy: 'auto',
    },
    messages: {
      locked: (key) => t('config.locked', { key }),
      invalidServerUrl: () => t('config.invalidServerUrl'),
    },
  });
  const refreshLanguage = (): void => {
    t = createMainTranslator(settings.resolved().language ?? localeLanguage());
  };
  refreshLanguage();

  const factory = createWindowFactory({
    BrowserWindow,
    sessionFor: (partition) => session.fromPartition(partition),
    shell,
    registry,
    appOrigins,
    // Each session serves app:// itself; the handler is ready before the first window opens.
    serveAppProtocol: (target) =>
      target.protocol.handle(APP_SCHEME, (request) => appProtocol(request)),
  });
  const calls = createCallWindowController({
    factory,
    profile: () =>
      callWindowProfile({ preload: CALL_PRELOAD, jitsiOrigin: () => calls.jitsiOrigin() }),
    pageUrl: CALL_PAGE_URL,
    setupScreenSharing: (window) => setupScreenSharingMain(window, APP_NAME, APP_ID),
    // The renderer reports the meeting's events to the server, as the web call window does.
    publish: (report) => send('call:event', report),
    log,
  });

  // Vite's dev server serves any project file under /@fs/<absolute path with forward slashes>.
  const callPageScript = devRendererUrl
    ? `${devRendererUrl}/@fs/${CALL_PAGE_SOURCE.replace(/\\/g, '/').replace(/^\//, '')}`
    : `/${CALL_PAGE_SCRIPT}`;
  const appProtocol = createAppProtocolHandler({
    rendererRoot: RENDERER_ROOT,
    host: APP_HOST,
    appPageCsp: () => appPageContentSecurityPolicy(serverOriginOf(settings.resolved().serverUrl)),
    callPagePath: CALL_PAGE_PATH,
    callPage: () => {
      const call = calls.currentCall();
      if (!call) return null;
      return {
        html: callPageHtml({
          title: call.subject,
          language: call.language,
          scriptSrc: callPageScript,
        }),
        csp: callPageContentSecurityPolicy(calls.jitsiOrigin(), devOrigin),
      };
    },
  });

  const mainProfile = mainWindowProfile({
    preload: MAIN_PRELOAD,
    serverOrigin: () => serverOriginOf(settings.resolved().serverUrl),
  });

  let mainWindow!: BrowserWindow;
  const send = <E extends IpcEventName>(event: E, payload: IpcEvents[E]): void => {
    if (!mainWindow.isDestroyed()) mainWindow.webContents.send(event, payload);
  };
  const openMain = (): void => {
    mainWindow = openMainWindow(factory, mainProfile, {
      url: devRendererUrl ?? MAIN_PAGE_URL,
      title: APP_NAME,
      log,
    });
    calls.followMainWindow(mainWindow);
    // Closing the app's window ends the call too, instead of leaving a lone call window.
    mainWindow.on('closed', () => calls.close());
    routeToRenderer = null;
    // The renderer subscribes to app:navigate while it starts; routes wait for its first load.
    mainWindow.webContents.once('did-finish-load', () => {
      routeToRenderer = (route) => send('app:navigate', route);
      const waiting = pendingRoute;
      pendingRoute = null;
      openRoute(waiting);
    });
  };
  openMain();

  const queryCache = openQueryCache();
  const updates = createUpdateController({
    updater: electronUpdater.autoUpdater,
    policy: settings.resolved().updatePolicy,
    feedUrl: settings.resolved().updateFeedUrl,
    isPackaged: app.isPackaged,
    publish: (status) => send('update:status', status),
    log,
  });
  const tellUser = (message: string, detail?: string): void => {
    void dialog.showMessageBox(mainWindow, {
      type: 'warning',
      message,
      ...(detail ? { detail } : {}),
    });
  };

  registerDesktopApiHandlers(
    createIpcRouter({ ipcMain, roleOf: (id) => registry.roleOf(id), appOrigins, log }),
    {
      vault: createTokenVault({ safeStorage, store: vaultStore, translate: () => t, tellUser }),
      queryCache,
      notifier: createNativeNotifier({
        Notification,
        focusApp: () => focusWindow(mainWindow),
        navigate: (route) => openRoute(route),
      }),
      calls,
      updates,
      settings: {
        get: settings.get,
        set: (change) => {
          const next = settings.set(change);
          refreshLanguage();
          return next;
        },
      },
      saveFile: (name, data) =>
        saveFileWithDialog({
          showSaveDialog: (options) => dialog.showSaveDialog(mainWindow, options),
          downloadsFolder: app.getPath('downloads'),
          name,
          data,
          writeFile: (file, contents) => writeFile(file, contents),
        }),
    },
  );

  if (machineReading.status === 'invalid') {
    log(`Ignoring ${machineFile}: ${machineReading.reason}`);
    tellUser(t('config.invalidMachineFile', { path: machineFile, reason: machineReading.reason }));
  }
  updates.start();

  app.on('second-instance', (_event, argv) => {
    focusWindow(mainWindow);
    openRoute(findDeepLink(argv));
  });
  app.on('activate', () => {
    if (mainWindow.isDestroyed()) openMain();
    else focusWindow(mainWindow);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => queryCache.close());
}
