import { describe, expect, it } from 'vitest';
import {
  createDesktopSettings,
  SettingLockedError,
  type ConfigFallback,
} from '../../src/main/config/desktop-settings';
import { machineConfigPath } from '../../src/main/config/machine-config-path';
import {
  parseMachineConfig,
  readMachineConfig,
  type MachineConfig,
} from '../../src/main/config/machine-config';
import { createMemoryStore } from '../../src/main/preferences/key-value-store';

const fallback: ConfigFallback = {
  serverUrl: 'http://127.0.0.1:8080',
  whiteLabel: null,
  language: null,
  updatePolicy: 'auto',
};
const messages = {
  locked: (key: string) => `${key} is locked`,
  invalidServerUrl: () => 'bad server',
};

function settings(machineJson: object | null, user: Record<string, unknown> = {}) {
  let machine: MachineConfig | null = null;
  if (machineJson) {
    const reading = parseMachineConfig(JSON.stringify(machineJson));
    if (reading.status !== 'ok') throw new Error(`invalid test file: ${JSON.stringify(reading)}`);
    machine = reading.config;
  }
  const userStore = createMemoryStore(user);
  return { userStore, settings: createDesktopSettings({ machine, userStore, fallback, messages }) };
}

describe('the machine configuration file', () => {
  it.each([
    ['win32', { ProgramData: 'D:\\ProgramData' }, 'D:\\ProgramData\\Mathema\\config.json'],
    ['win32', {}, 'C:\\ProgramData\\Mathema\\config.json'],
    ['darwin', {}, '/Library/Application Support/Mathema/config.json'],
    ['linux', {}, '/etc/mathema/config.json'],
  ])('lives where %s administrators expect it', (platform, env, expected) => {
    expect(machineConfigPath(platform, env)).toBe(expected);
  });

  it('is optional', () => {
    const missing = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(readMachineConfig('/etc/mathema/config.json', missing)).toEqual({ status: 'absent' });
  });

  it('is reported, not half-applied, when it is broken', () => {
    expect(parseMachineConfig('{ "serverUrl": ').status).toBe('invalid');
    const reading = parseMachineConfig(
      '{"serverUrl":"ftp://files.school.gr","updatePolicy":"sometimes"}',
    );
    expect(reading.status).toBe('invalid');
    expect(reading.status === 'invalid' && reading.reason).toMatch(
      /serverUrl.*updatePolicy|updatePolicy.*serverUrl/s,
    );
  });

  it('names unknown keys (typos) without rejecting the file', () => {
    const reading = parseMachineConfig('{"serverURL":"https://x.gr","language":"el"}');
    expect(reading).toMatchObject({ status: 'ok', unknownKeys: ['serverURL'] });
  });
});

describe('configuration precedence', () => {
  it('falls back to the built-in values without a machine file or user choice', () => {
    expect(settings(null).settings.get()).toEqual({
      serverUrl: 'http://127.0.0.1:8080',
      whiteLabel: null,
      language: null,
      updatePolicy: 'auto',
      locked: [],
    });
  });

  it('takes the user’s choice over the fallback', () => {
    const { settings: config } = settings(null, {
      serverUrl: 'https://user.example.org',
      language: 'el',
    });
    expect(config.get()).toMatchObject({ serverUrl: 'https://user.example.org', language: 'el' });
  });

  it('locks every key the machine file sets when it lists no locks', () => {
    const { settings: config } = settings(
      { serverUrl: 'https://mathema.school.gr/', whiteLabel: 'athens' },
      { serverUrl: 'https://user.example.org', whiteLabel: 'mine', language: 'el' },
    );
    expect(config.get()).toEqual({
      serverUrl: 'https://mathema.school.gr',
      whiteLabel: 'athens',
      language: 'el',
      updatePolicy: 'auto',
      locked: ['serverUrl', 'whiteLabel'],
    });
  });

  it('lets the user override what the machine file suggests but does not lock', () => {
    const { settings: config } = settings(
      { serverUrl: 'https://mathema.school.gr', language: 'el', locked: ['serverUrl'] },
      { serverUrl: 'https://user.example.org', language: 'en' },
    );
    expect(config.get()).toMatchObject({
      serverUrl: 'https://mathema.school.gr',
      language: 'en',
      locked: ['serverUrl'],
    });
  });

  it('uses an unlocked machine suggestion when the user chose nothing', () => {
    const { settings: config } = settings({ language: 'el', locked: [] });
    expect(config.get().language).toBe('el');
  });

  it('takes the update policy and feed from the machine file only', () => {
    const { settings: config } = settings(
      { updatePolicy: 'off', updateFeedUrl: 'http://updates.school.lan/mathema' },
      { updatePolicy: 'auto' },
    );
    expect(config.resolved()).toMatchObject({
      updatePolicy: 'off',
      updateFeedUrl: 'http://updates.school.lan/mathema',
    });
    expect(config.get()).not.toHaveProperty('updateFeedUrl');
  });

  it('ignores a user value the store should never hold', () => {
    expect(settings(null, { language: 'fr' }).settings.get().language).toBeNull();
  });
});

describe('changing settings', () => {
  it('stores the user’s choice', () => {
    const { settings: config, userStore } = settings(null);
    expect(config.set({ serverUrl: 'https://other.school.gr/', language: 'el' })).toMatchObject({
      serverUrl: 'https://other.school.gr',
      language: 'el',
    });
    expect(userStore.get('serverUrl')).toBe('https://other.school.gr');
  });

  it('refuses a locked key and writes nothing of the change', () => {
    const { settings: config, userStore } = settings({ serverUrl: 'https://mathema.school.gr' });
    expect(() => config.set({ language: 'el', serverUrl: 'https://evil.example.com' })).toThrow(
      SettingLockedError,
    );
    expect(userStore.get('language')).toBeUndefined();
    expect(userStore.get('serverUrl')).toBeUndefined();
    expect(config.get().serverUrl).toBe('https://mathema.school.gr');
  });

  it('accepts only https servers from users (plain http only to this computer)', () => {
    const { settings: config } = settings(null);
    expect(() => config.set({ serverUrl: 'http://mathema.school.gr' })).toThrow('bad server');
    expect(() => config.set({ serverUrl: 'https://user:pw@mathema.school.gr' })).toThrow(
      'bad server',
    );
    expect(config.set({ serverUrl: 'http://localhost:8080' }).serverUrl).toBe(
      'http://localhost:8080',
    );
  });

  it('clears a choice with null, so the machine suggestion applies again', () => {
    const { settings: config } = settings({ language: 'el', locked: [] }, { language: 'en' });
    expect(config.set({ language: null }).language).toBe('el');
  });
});
