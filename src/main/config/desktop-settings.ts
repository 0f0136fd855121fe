import type { Language } from '../../shared/constants';
import { LANGUAGES } from '../../shared/constants';
import type { DesktopConfig, IpcContract, UpdatePolicy } from '../../shared/ipc';
import type { KeyValueStore } from '../preferences/key-value-store';
import { lockedKeys, type MachineConfig } from './machine-config';
import { normalizeServerUrl } from './server-url';

export type UserSettingsChange = IpcContract['config:set']['request'];
const USER_SETTABLE_KEYS = ['serverUrl', 'whiteLabel', 'language'] as const;
type UserSettableKey = (typeof USER_SETTABLE_KEYS)[number];

/** Values used when neither the machine file nor the user chose (environment, built-in). */
export interface ConfigFallback {
  serverUrl: string | null;
  whiteLabel: string | null;
  language: Language | null;
  updatePolicy: UpdatePolicy;
}

export class SettingLockedError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingLockedError';
  }
}
export class InvalidSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSettingError';
  }
}

export interface ResolvedDesktopConfig extends DesktopConfig {
  updateFeedUrl: string | null;
}

/** What the user chose for a key, ignoring anything the store holds that is not a valid value. */
const userValue = (store: KeyValueStore, key: UserSettableKey): string | undefined => {
  const value = store.get(key);
  if (typeof value !== 'string') return undefined;
  if (key === 'language' && !(LANGUAGES as readonly string[]).includes(value)) return undefined;
  return value;
};

/**
 * The effective configuration. Precedence, highest first: what the machine file locks, what
 * the user set, what the machine file suggests without locking, the fallback.
 */
export function resolveDesktopConfig(
  machine: MachineConfig | null,
  userStore: KeyValueStore,
  fallback: ConfigFallback,
): ResolvedDesktopConfig {
  const locked = lockedKeys(machine);
  const pick = <K extends UserSettableKey>(key: K): ConfigFallback[K] => {
    const machineValue = machine?.[key] as ConfigFallback[K] | undefined;
    if (locked.includes(key)) return machineValue ?? fallback[key];
    const fromUser = userValue(userStore, key) as ConfigFallback[K] | undefined;
    if (fromUser !== undefined) return fromUser;
    return machineValue ?? fallback[key];
  };
  return {
    serverUrl: pick('serverUrl'),
    whiteLabel: pick('whiteLabel'),
    language: pick('language'),
    // Users never choose the update policy; it is the machine's (or the build's).
    updatePolicy: machine?.updatePolicy ?? fallback.updatePolicy,
    updateFeedUrl: machine?.updateFeedUrl ?? null,
    locked,
  };
}

/**
 * Applies a change from the settings screen to the user's store. A change touching a locked key
 * is refused as a whole, so nothing is half-applied.
 */
export function applyUserSettingsChange(
  machine: MachineConfig | null,
  userStore: KeyValueStore,
  change: UserSettingsChange,
  messages: { locked(key: string): string; invalidServerUrl(): string },
): void {
  const locked = lockedKeys(machine);
  const keys = USER_SETTABLE_KEYS.filter((key) => key in change);
  const lockedKey = keys.find((key) => locked.includes(key));
  if (lockedKey) throw new SettingLockedError(lockedKey, messages.locked(lockedKey));

  const updates: Partial<Record<UserSettableKey, string | null>> = {};
  for (const key of keys) {
    const value = change[key];
    if (value === undefined || value === null) {
      updates[key] = null;
    } else if (key === 'serverUrl') {
      const normalized = normalizeServerUrl(value, { allowPlainHttp: false });
      if (normalized === null) throw new InvalidSettingError(messages.invalidServerUrl());
      updates[key] = normalized;
    } else if (key === 'language') {
      if (!(LANGUAGES as readonly string[]).includes(value)) {
        throw new InvalidSettingError(`Unknown language: ${value}`);
      }
      updates[key] = value;
    } else {
      updates[key] = value.trim() === '' ? null : value.trim();
    }
  }
  for (const [key, value] of Object.entries(updates)) {
    // null clears the user's choice, so the machine suggestion or the fallback applies again.
    if (value === null) userStore.delete(key);
    else userStore.set(key, value);
  }
}

/** The settings the config:get and config:set channels serve, over the machine file and the user's store. */
export function createDesktopSettings(options: {
  machine: MachineConfig | null;
  userStore: KeyValueStore;
  fallback: ConfigFallback;
  messages: { locked(key: string): string; invalidServerUrl(): string };
}) {
  const resolved = (): ResolvedDesktopConfig =>
    resolveDesktopConfig(options.machine, options.userStore, options.fallback);
  const get = (): DesktopConfig => {
    // The feed address is the updater's business, not the renderer's.
    const { updateFeedUrl: _feed, ...config } = resolved();
    return config;
  };
  return {
    resolved,
    get,
    set(change: UserSettingsChange): DesktopConfig {
      applyUserSettingsChange(options.machine, options.userStore, change, options.messages);
      return get();
    },
  };
}
export type DesktopSettings = ReturnType<typeof createDesktopSettings>;
