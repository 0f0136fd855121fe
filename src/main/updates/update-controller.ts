import type { UpdatePolicy, UpdateStatus } from '../../shared/ipc';

/** The subset of electron-updater's AppUpdater the controller drives. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(event: 'update-not-available', listener: () => void): unknown;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** How often a running app looks for updates when the policy allows it. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/**
 * Auto-update under the deployment's policy: 'auto' downloads and installs on quit, 'notify'
 * only reports a new version until the user asks to install, 'off' (or a development build)
 * never contacts the feed at all.
 */
export function createUpdateController(options: {
  updater: UpdaterLike;
  policy: UpdatePolicy;
  /** A generic feed from the machine file; null keeps the feed baked in at packaging. */
  feedUrl: string | null;
  isPackaged: boolean;
  publish(status: UpdateStatus): void;
  log(message: string): void;
  setInterval?: (callback: () => void, ms: number) => unknown;
}) {
  const { updater } = options;
  const enabled = options.policy !== 'off' && options.isPackaged;
  let status: UpdateStatus = enabled ? { state: 'idle' } : { state: 'disabled' };
  let configured = false;
  let started = false;

  const setStatus = (next: UpdateStatus): void => {
    status = next;
    options.publish(next);
  };

  const configure = (): void => {
    if (configured) return;
    configured = true;
    updater.autoDownload = options.policy === 'auto';
    updater.autoInstallOnAppQuit = options.policy === 'auto';
    if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
    updater.on('checking-for-update', () => setStatus({ state: 'checking' }));
    updater.on('update-not-available', () => setStatus({ state: 'idle' }));
    updater.on('update-available', (info) =>
      setStatus({ state: 'available', version: info.version }),
    );
    updater.on('update-downloaded', (info) =>
      setStatus({ state: 'downloaded', version: info.version }),
    );
    updater.on('error', (error) => {
      options.log(`Update failed: ${error.message}`);
      setStatus({ state: 'error', message: error.message });
    });
  };

  const check = async (): Promise<UpdateStatus> => {
    if (!enabled) return status;
    configure();
    try {
      await updater.checkForUpdates();
    } catch (error) {
      setStatus({ state: 'error', message: (error as Error).message });
    }
    return status;
  };

  return {
    /** Configures the updater and schedules checks; does nothing when updates are off. */
    start(): void {
      if (!enabled || started) return;
      started = true;
      void check();
      (options.setInterval ?? setInterval)(() => void check(), UPDATE_CHECK_INTERVAL_MS);
    },
    check,
    /** Installs a downloaded update now, downloading it first under the 'notify' policy. */
    async install(): Promise<void> {
      if (!enabled) return;
      if (status.state === 'available') {
        await updater.downloadUpdate();
      }
      if (status.state === 'downloaded') updater.quitAndInstall();
    },
    status: (): UpdateStatus => status,
  };
}
export type UpdateController = ReturnType<typeof createUpdateController>;
