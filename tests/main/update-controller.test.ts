import { describe, expect, it, vi } from 'vitest';
import type { UpdatePolicy, UpdateStatus } from '../../src/shared/ipc';
import {
  createUpdateController,
  UPDATE_CHECK_INTERVAL_MS,
} from '../../src/main/updates/update-controller';

class FakeUpdater {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  readonly setFeedURL = vi.fn();
  readonly checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update');
    if (this.nextVersion) this.emit('update-available', { version: this.nextVersion });
    else this.emit('update-not-available');
    return null;
  });
  readonly downloadUpdate = vi.fn(async () => {
    this.emit('update-downloaded', { version: this.nextVersion });
    return [];
  });
  readonly quitAndInstall = vi.fn();
  nextVersion: string | null = null;
  private readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args);
  }
}

function controller(
  policy: UpdatePolicy,
  options: { isPackaged?: boolean; feedUrl?: string | null } = {},
) {
  const updater = new FakeUpdater();
  const published: UpdateStatus[] = [];
  const setInterval = vi.fn();
  const updates = createUpdateController({
    updater,
    policy,
    feedUrl: options.feedUrl ?? null,
    isPackaged: options.isPackaged ?? true,
    publish: (status) => published.push(status),
    log: () => undefined,
    setInterval,
  });
  return { updater, updates, published, setInterval };
}

describe('updates', () => {
  it('never contact the feed when the policy is off', async () => {
    const { updater, updates, setInterval } = controller('off', {
      feedUrl: 'https://updates.school.gr/',
    });
    updates.start();
    await expect(updates.check()).resolves.toEqual({ state: 'disabled' });
    await updates.install();
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(setInterval).not.toHaveBeenCalled();
  });

  it('are off in a development (unpackaged) run', async () => {
    const { updater, updates } = controller('auto', { isPackaged: false });
    updates.start();
    await expect(updates.check()).resolves.toEqual({ state: 'disabled' });
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
  });

  it('download and install on quit under the auto policy, checking periodically', async () => {
    const { updater, updates, setInterval } = controller('auto');
    updates.start();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(setInterval).toHaveBeenCalledWith(expect.any(Function), UPDATE_CHECK_INTERVAL_MS);
  });

  it('only report a new version under the notify policy, until the user installs it', async () => {
    const { updater, updates, published } = controller('notify');
    updater.nextVersion = '0.2.0';
    expect(updater.autoDownload).toBe(true);
    await expect(updates.check()).resolves.toEqual({ state: 'available', version: '0.2.0' });
    expect(updater.autoDownload).toBe(false);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.downloadUpdate).not.toHaveBeenCalled();
    expect(published).toContainEqual({ state: 'checking' });

    await updates.install();
    expect(updater.downloadUpdate).toHaveBeenCalledOnce();
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('use the feed of the machine configuration when there is one', async () => {
    const { updater, updates } = controller('auto', {
      feedUrl: 'https://updates.school.gr/mathema',
    });
    await updates.check();
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.school.gr/mathema',
    });
  });

  it('keep the feed baked in at packaging otherwise', async () => {
    const { updater, updates } = controller('auto');
    await updates.check();
    expect(updater.setFeedURL).not.toHaveBeenCalled();
  });

  it('report errors as a status instead of throwing', async () => {
    const { updater, updates } = controller('auto');
    updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_INTERNET_DISCONNECTED'));
    await expect(updates.check()).resolves.toEqual({
      state: 'error',
      message: 'net::ERR_INTERNET_DISCONNECTED',
    });
  });
});
