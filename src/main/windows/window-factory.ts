import type {
  BrowserWindowConstructorLike,
  BrowserWindowLike,
  BrowserWindowOptionsLike,
  SessionLike,
  ShellLike,
} from '../electron-api';
import { guardNavigation } from '../security/navigation-guard';
import { enforcePermissionPolicy } from '../security/permission-policy';
import { hardenedWebPreferences } from '../security/web-preferences';
import type { WindowRegistry, WindowRole } from './window-registry';

/** What distinguishes one kind of window from another; everything else is the same for all. */
export interface WindowProfile {
  role: WindowRole;
  /** Session partition; one profile per partition, so permission handlers cannot clash. */
  partition: string;
  /** Absolute path of the (bundled, sandbox-ready) preload script. */
  preload: string;
  /** Chromium permissions the window's pages need, for example 'media'. */
  permissions: readonly string[];
  /** Origins besides the app's own that the top frame may navigate to (read at each event). */
  navigableOrigins(): readonly string[];
  /** Origins besides the app's own whose frames may use the permissions (read at each event). */
  permissionOrigins(): readonly string[];
}

export interface WindowFactoryOptions<Window extends BrowserWindowLike> {
  BrowserWindow: BrowserWindowConstructorLike<Window>;
  sessionFor(partition: string): SessionLike;
  shell: ShellLike;
  registry: WindowRegistry;
  /** Origins the app's own pages come from. */
  appOrigins: readonly string[];
  /** Makes the app:// protocol available in a session (once per partition). */
  serveAppProtocol(session: SessionLike): void;
}

export type WindowLayout = Omit<BrowserWindowOptionsLike, 'webPreferences'>;

/**
 * The one way the app opens a window. Every window gets hardened webPreferences, its session's
 * permission policy and protocol, navigation and window-open limits, and an entry in the
 * registry that IPC handlers check senders against.
 */
export function createWindowFactory<Window extends BrowserWindowLike>(
  options: WindowFactoryOptions<Window>,
) {
  const preparedPartitions = new Set<string>();

  const prepareSession = (profile: WindowProfile): void => {
    if (preparedPartitions.has(profile.partition)) return;
    const session = options.sessionFor(profile.partition);
    enforcePermissionPolicy(session, {
      permissions: profile.permissions,
      trustedOrigins: () => [...options.appOrigins, ...profile.permissionOrigins()],
    });
    options.serveAppProtocol(session);
    preparedPartitions.add(profile.partition);
  };

  return {
    createWindow(profile: WindowProfile, layout: WindowLayout): Window {
      prepareSession(profile);
      const window = new options.BrowserWindow({
        ...layout,
        webPreferences: hardenedWebPreferences({
          preload: profile.preload,
          partition: profile.partition,
        }),
      });
      const webContentsId = window.webContents.id;
      options.registry.register(webContentsId, profile.role);
      window.on('closed', () => options.registry.unregister(webContentsId));

      guardNavigation(
        window.webContents,
        {
          allowedOrigins: () => [...options.appOrigins, ...profile.navigableOrigins()],
          childWindowOptions: () => ({
            autoHideMenuBar: true,
            webPreferences: hardenedWebPreferences({ partition: profile.partition }),
          }),
        },
        options.shell,
      );
      return window;
    },
  };
}
export interface WindowFactory<Window extends BrowserWindowLike = BrowserWindowLike> {
  createWindow(profile: WindowProfile, layout: WindowLayout): Window;
}
