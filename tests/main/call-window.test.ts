import { describe, expect, it, vi } from 'vitest';
import type { CallWindowOptions, CallWindowReport } from '../../src/shared/ipc';
import { CALL_PAGE_URL, CALL_PARTITION } from '../../src/main/app-identity';
import { callPageHtml } from '../../src/main/call-window/call-page-html';
import {
  callWindowBounds,
  createCallWindowController,
} from '../../src/main/call-window/call-window';
import {
  buildJitsiMeetingOptions,
  jitsiOriginOf,
} from '../../src/main/call-window/jitsi-meeting-options';
import { callWindowProfile } from '../../src/main/windows/window-profiles';
import { FakeBrowserWindow } from './fakes/electron-fakes';
import { CALL_PRELOAD, createWindowHarness } from './fakes/window-harness';

const lesson: CallWindowOptions = {
  domain: 'meet.example.org',
  roomName: 'algebra-b2-0412',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
  subject: 'Algebra B2',
  language: 'el',
  configOverwrite: { startWithAudioMuted: true },
  canRecord: false,
};

function setup() {
  const harness = createWindowHarness();
  const setupScreenSharing = vi.fn();
  const published: CallWindowReport[] = [];
  const calls = createCallWindowController({
    factory: harness.factory,
    profile: () =>
      callWindowProfile({ preload: CALL_PRELOAD, jitsiOrigin: () => calls.jitsiOrigin() }),
    pageUrl: CALL_PAGE_URL,
    setupScreenSharing,
    publish: (report) => published.push(report),
    log: () => undefined,
  });
  const main = harness.open('main');
  main.bounds = { x: 100, y: 50, width: 1600, height: 900 };
  main.show();
  calls.followMainWindow(main);
  const openCall = (options: CallWindowOptions = lesson) => {
    const before = FakeBrowserWindow.created.length;
    calls.open(options);
    const window = FakeBrowserWindow.created[before];
    if (!window) throw new Error('no call window was created');
    return window;
  };
  return { harness, calls, main, openCall, setupScreenSharing, published };
}

describe('the call window', () => {
  it('starts at a quarter of the main window’s width, in its bottom-right corner', () => {
    expect(callWindowBounds({ x: 100, y: 50, width: 1600, height: 900 })).toEqual({
      width: 400,
      height: 300,
      x: 100 + 1600 - 400 - 24,
      y: 50 + 900 - 300 - 24,
    });
    expect(callWindowBounds({ x: 0, y: 0, width: 800, height: 600 }).width).toBe(320);
  });

  it('is a hardened window of its own, in the call session, loading the call page', () => {
    const { openCall, harness } = setup();
    const window = openCall();
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      partition: CALL_PARTITION,
      preload: CALL_PRELOAD,
    });
    expect(window.loaded).toEqual([CALL_PAGE_URL]);
    expect(window.options.width).toBe(400);
    expect(harness.registry.roleOf(window.webContents.id)).toBe('call');
  });

  it('sets up the Jitsi SDK’s screen sharing on that window', () => {
    const { openCall, setupScreenSharing } = setup();
    const window = openCall();
    expect(setupScreenSharing).toHaveBeenCalledWith(window);
  });

  it('trusts the call’s Jitsi domain for media only while the call is open', () => {
    const { openCall, calls, harness } = setup();
    const window = openCall();
    const session = harness.sessionOf(window);
    const frame = { requestingUrl: 'https://meet.example.org/algebra-b2-0412' };
    expect(session.request('media', frame)).toBe(true);
    window.close();
    expect(calls.jitsiOrigin()).toBeNull();
    expect(session.request('media', frame)).toBe(false);
  });

  it('refuses a domain that is not a plain host name', () => {
    const { calls } = setup();
    for (const domain of [
      'https://meet.example.org',
      'meet.example.org/evil',
      'evil.com@meet.example.org',
      '',
    ]) {
      expect(() => calls.open({ ...lesson, domain })).toThrow(/Not a Jitsi domain/);
    }
  });

  it('stays on top only while the main window is hidden or minimised', () => {
    const { openCall, main } = setup();
    const window = openCall();
    window.emit('ready-to-show');
    expect(window.alwaysOnTop).toBe(false);
    main.minimize();
    expect(window.alwaysOnTop).toBe(true);
    main.restore();
    expect(window.alwaysOnTop).toBe(false);
    main.hide();
    expect(window.alwaysOnTop).toBe(true);
    main.show();
    expect(window.alwaysOnTop).toBe(false);
  });

  it('floats on top from the start when the app is minimised', () => {
    const { openCall, main } = setup();
    main.minimize();
    const window = openCall();
    window.emit('ready-to-show');
    expect(window.alwaysOnTop).toBe(true);
  });

  it('closes on Jitsi’s ready-to-close event', () => {
    const { openCall, calls } = setup();
    const window = openCall();
    calls.readyToClose();
    expect(window.isDestroyed()).toBe(true);
    expect(calls.currentCall()).toBeNull();
  });

  it('focuses the open window when the same call is opened again, replaces it for another', () => {
    const { openCall, calls } = setup();
    const first = openCall();
    calls.open(lesson);
    expect(first.isDestroyed()).toBe(false);
    expect(first.focused).toBe(true);
    const second = openCall({ ...lesson, roomName: 'geometry-a1' });
    expect(first.isDestroyed()).toBe(true);
    expect(calls.currentCall()?.roomName).toBe('geometry-a1');
    expect(calls.isCallWindow(second.webContents.id)).toBe(true);
    expect(calls.isCallWindow(first.webContents.id)).toBe(false);
  });
});

describe('the call window’s reports to the main window', () => {
  it('passes the meeting’s events on, named by the call’s room', () => {
    const { openCall, calls, published } = setup();
    openCall();
    calls.report({ kind: 'joined' });
    calls.report({ kind: 'recording-status', on: true, error: false });
    calls.report({ kind: 'recording-link', link: 'https://recordings.example.org/r1' });
    calls.report({ kind: 'left' });
    expect(published).toEqual([
      { roomName: 'algebra-b2-0412', event: { kind: 'joined' } },
      { roomName: 'algebra-b2-0412', event: { kind: 'recording-status', on: true, error: false } },
      {
        roomName: 'algebra-b2-0412',
        event: { kind: 'recording-link', link: 'https://recordings.example.org/r1' },
      },
      { roomName: 'algebra-b2-0412', event: { kind: 'left' } },
    ]);
  });

  it('says once that the window closed, however it closed', () => {
    // On Jitsi's readyToClose.
    const first = setup();
    first.openCall();
    first.calls.readyToClose();
    expect(first.published).toEqual([{ roomName: 'algebra-b2-0412', event: { kind: 'closed' } }]);
    // Closed by the user with the window's own button.
    const second = setup();
    second.openCall().close();
    expect(second.published).toEqual([{ roomName: 'algebra-b2-0412', event: { kind: 'closed' } }]);
    // Replaced by another call: the old room closes, the new one speaks for itself.
    const third = setup();
    third.openCall();
    third.openCall({ ...lesson, roomName: 'geometry-a1' });
    third.calls.report({ kind: 'joined' });
    third.calls.close();
    expect(third.published).toEqual([
      { roomName: 'algebra-b2-0412', event: { kind: 'closed' } },
      { roomName: 'geometry-a1', event: { kind: 'joined' } },
      { roomName: 'geometry-a1', event: { kind: 'closed' } },
    ]);
  });

  it('says nothing for a call that is not open', () => {
    const { openCall, calls, published } = setup();
    calls.report({ kind: 'joined' });
    openCall().close();
    calls.report({ kind: 'left' });
    expect(published.map((r) => r.event.kind)).toEqual(['closed']);
  });
});

describe('the Jitsi meeting options', () => {
  it('take the school’s overrides and the call’s room, token and language', () => {
    const options = buildJitsiMeetingOptions(lesson);
    expect(options).toMatchObject({ roomName: 'algebra-b2-0412', jwt: lesson.jwt, lang: 'el' });
    expect(options.configOverwrite).toMatchObject({
      startWithAudioMuted: true,
      subject: 'Algebra B2',
    });
  });

  it('hide recording unless the call may record', () => {
    const withButtons = {
      ...lesson,
      configOverwrite: { toolbarButtons: ['microphone', 'recording', 'hangup'] },
    };
    expect(buildJitsiMeetingOptions(withButtons).configOverwrite).toMatchObject({
      toolbarButtons: ['microphone', 'hangup'],
      recordingService: { enabled: false },
    });
    expect(
      buildJitsiMeetingOptions({ ...withButtons, canRecord: true }).configOverwrite,
    ).toMatchObject({
      toolbarButtons: ['microphone', 'recording', 'hangup'],
      recordingService: { enabled: true },
    });
  });

  it('know the https origin of a domain', () => {
    expect(jitsiOriginOf('Meet.Example.org:8443')).toBe('https://meet.example.org:8443');
    expect(jitsiOriginOf('javascript:alert(1)')).toBeNull();
  });

  it('render a page whose title cannot inject markup', () => {
    const html = callPageHtml({
      title: '</title><script>alert(1)</script>',
      language: 'el',
      scriptSrc: '/call-window.js',
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<script type="module" src="/call-window.js"></script>');
  });
});
