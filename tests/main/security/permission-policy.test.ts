import { describe, expect, it } from 'vitest';
import { createWindowHarness, JITSI_ORIGIN, SERVER_ORIGIN } from '../fakes/window-harness';

const APP_PAGE = 'app://mathema/index.html';
const JITSI_FRAME = `${JITSI_ORIGIN}/LessonRoom42`;

describe('permissions of the main window', () => {
  const session = () => {
    const harness = createWindowHarness();
    return harness.sessionOf(harness.open('main'));
  };

  it.each([
    'media',
    'display-capture',
    'geolocation',
    'notifications',
    'openExternal',
    'midiSysex',
  ])('refuses %s', (permission) => {
    expect(session().request(permission, { requestingUrl: APP_PAGE })).toBe(false);
    expect(session().check(permission, 'app://mathema', { requestingUrl: APP_PAGE })).toBe(false);
  });

  it('lets the app page copy to the clipboard, but not a server frame', () => {
    expect(session().request('clipboard-sanitized-write', { requestingUrl: APP_PAGE })).toBe(true);
    expect(
      session().request('clipboard-sanitized-write', { requestingUrl: `${SERVER_ORIGIN}/scorm/1` }),
    ).toBe(false);
  });

  it('never grants USB, HID or serial devices', () => {
    const harness = createWindowHarness();
    const target = harness.sessionOf(harness.open('main'));
    expect(target.deviceHandler?.({ deviceType: 'usb', origin: 'app://mathema' })).toBe(false);
  });
});

describe('permissions of the call window', () => {
  const session = () => {
    const harness = createWindowHarness();
    return harness.sessionOf(harness.open('call'));
  };

  it('gives the Jitsi frame camera and microphone', () => {
    expect(
      session().request('media', { requestingUrl: JITSI_FRAME, mediaTypes: ['audio', 'video'] }),
    ).toBe(true);
    expect(session().check('media', JITSI_ORIGIN, { requestingUrl: JITSI_FRAME })).toBe(true);
  });

  it('gives the Jitsi frame screen capture and fullscreen', () => {
    expect(session().request('display-capture', { requestingUrl: JITSI_FRAME })).toBe(true);
    expect(session().request('fullscreen', { requestingUrl: JITSI_FRAME })).toBe(true);
  });

  it('refuses media to any other origin', () => {
    expect(session().request('media', { requestingUrl: 'https://evil.example.com/' })).toBe(false);
    expect(session().request('media', { requestingUrl: `${SERVER_ORIGIN}/` })).toBe(false);
    expect(session().request('media', {})).toBe(false);
  });

  it('refuses unknown media types', () => {
    expect(
      session().request('media', { requestingUrl: JITSI_FRAME, mediaTypes: ['unknown'] }),
    ).toBe(false);
  });

  it.each(['geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal'])(
    'refuses %s even to Jitsi',
    (permission) => {
      expect(session().request(permission, { requestingUrl: JITSI_FRAME })).toBe(false);
    },
  );
});
