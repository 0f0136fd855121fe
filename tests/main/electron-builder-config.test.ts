import { readFileSync } from 'node:fs';
import path from 'node:path';
// electron-builder's own loader and schema validation (app-builder-lib is its core package).
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, DEEP_LINK_SCHEME } from '../../src/main/app-identity';

const root = path.resolve(import.meta.dirname, '../..');
type Config = Awaited<ReturnType<typeof getConfig>>;
let config: Config;

beforeAll(async () => {
  config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
});

const targetsOf = (platform: unknown): string[] =>
  ((platform as { target: (string | { target: string })[] }).target ?? []).map((each) =>
    typeof each === 'string' ? each : each.target,
  );

describe('electron-builder.yml', () => {
  it('is valid for electron-builder', async () => {
    const debug = { isEnabled: false, add: () => undefined } as unknown as Parameters<
      typeof validateConfiguration
    >[1];
    await expect(validateConfiguration(config, debug)).resolves.toBeUndefined();
  });

  it('uses the app id main uses for notifications and the macOS bundle', () => {
    expect(config.appId).toBe(APP_ID);
  });

  it('builds MSI and NSIS for Windows, DMG for macOS, AppImage and deb for Linux', () => {
    expect(targetsOf(config.win)).toEqual(['msi', 'nsis']);
    expect(targetsOf(config.mac)).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(targetsOf(config.linux)).toEqual(['AppImage', 'deb']);
  });

  it('installs the MSI per machine with a stable upgrade code', () => {
    expect(config.msi).toMatchObject({ perMachine: true, oneClick: true });
    // Changing the upgrade code would make a new MSI install beside the old one.
    expect(config.msi?.upgradeCode).toBe('af2cdc12-3800-43a4-b20d-07e71f38e399');
  });

  it('packs the app into asar, with native modules unpacked and rebuilt for Electron', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.npmRebuild).toBe(true);
    // electron-builder normalises `files` into file sets with filters.
    const filters = [config.files ?? []]
      .flat()
      .flatMap((each) => (typeof each === 'string' ? [each] : [each.filter ?? []].flat()));
    expect(filters).toEqual(expect.arrayContaining(['out/**', 'package.json']));
  });

  it('flips the Electron fuses: no RunAsNode, no NODE_OPTIONS, no --inspect, asar integrity on', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('registers the mathema:// scheme for deep links', () => {
    const protocols = [config.protocols ?? []].flat();
    expect(protocols.flatMap((each) => each.schemes)).toContain(DEEP_LINK_SCHEME);
  });

  it('publishes to a generic update feed', () => {
    expect(config.publish).toMatchObject({ provider: 'generic' });
  });

  it('asks macOS users for camera and microphone with a reason', () => {
    expect(config.mac?.extendInfo).toMatchObject({
      NSCameraUsageDescription: expect.any(String),
      NSMicrophoneUsageDescription: expect.any(String),
    });
  });

  it('writes installers to a folder git ignores', () => {
    expect(config.directories?.output).toBe('release');
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toMatch(/^release\/$/m);
  });

  it('has an icon of at least 512 px, as macOS requires', () => {
    const png = readFileSync(path.join(root, 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(512);
  });
});
