import { describe, expect, it } from 'vitest';
import { CALL_PARTITION, MAIN_PARTITION } from '../../../src/main/app-identity';
import { CALL_PRELOAD, createWindowHarness, MAIN_PRELOAD } from '../fakes/window-harness';

// Electron's security checklist, item by item, for every kind of window the app opens.
const windows = [
  { kind: 'main', preload: MAIN_PRELOAD, partition: MAIN_PARTITION },
  { kind: 'call', preload: CALL_PRELOAD, partition: CALL_PARTITION },
] as const;

describe.each(windows)('the $kind window', ({ kind, preload, partition }) => {
  const preferences = () => createWindowHarness().open(kind).options.webPreferences;

  it('isolates the preload from the page (contextIsolation)', () => {
    expect(preferences().contextIsolation).toBe(true);
  });
  it('runs the renderer in the OS sandbox', () => {
    expect(preferences().sandbox).toBe(true);
  });
  it('gives the page no Node.js, in workers and subframes neither', () => {
    const web = preferences();
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
  });
  it('keeps the same-origin policy (webSecurity) and blocks mixed content', () => {
    expect(preferences().webSecurity).toBe(true);
    expect(preferences().allowRunningInsecureContent).toBe(false);
  });
  it('enables no experimental features and no <webview>', () => {
    expect(preferences().experimentalFeatures).toBe(false);
    expect(preferences().webviewTag).toBe(false);
  });
  it('does not navigate to a file dropped on the window', () => {
    expect(preferences().navigateOnDragDrop).toBe(false);
  });
  it('loads its own bundled preload in its own session partition', () => {
    expect(preferences().preload).toBe(preload);
    expect(preferences().partition).toBe(partition);
  });
  it('is registered, so that its IPC calls are recognised, until it closes', () => {
    const harness = createWindowHarness();
    const window = harness.open(kind);
    expect(harness.registry.roleOf(window.webContents.id)).toBe(kind);
    window.close();
    expect(harness.registry.roleOf(window.webContents.id)).toBeUndefined();
  });
  it('serves the app from the custom protocol in its session', () => {
    const harness = createWindowHarness();
    const window = harness.open(kind);
    expect(harness.sessionOf(window).protocolHandlers.has('app')).toBe(true);
  });
});

describe('window sessions', () => {
  it('prepares each partition once, however many windows it has', () => {
    const harness = createWindowHarness();
    harness.open('main');
    harness.open('call');
    harness.open('call');
    expect(harness.servedPartitions).toEqual([MAIN_PARTITION, CALL_PARTITION]);
  });
});
