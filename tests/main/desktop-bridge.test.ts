import { describe, expect, it, vi } from 'vitest';
import {
  bindCallPageApi,
  bindDesktopApi,
  CALL_PAGE_API_CHANNELS,
  DESKTOP_API_CHANNELS,
  IPC_CHANNELS,
  IPC_EVENTS,
  type CallWindowOptions,
  type DesktopApi,
} from '../../src/shared/ipc';

function recordingBridge() {
  const invoke = vi.fn(async (_channel: string, _request: unknown) => 'answer' as never);
  const subscribe = vi.fn((_event: string, _listener: (payload: never) => void) => () => undefined);
  const api = bindDesktopApi({ invoke }, { subscribe });
  return { api, invoke, subscribe };
}

const call: CallWindowOptions = {
  domain: 'meet.example.org',
  roomName: 'r',
  jwt: 'j',
  subject: 's',
  language: 'el',
  configOverwrite: {},
  canRecord: true,
};

// One example call per method, with the request main must receive on its channel.
const examples: { [M in keyof typeof DESKTOP_API_CHANNELS]: [Parameters<DesktopApi[M]>, unknown] } =
  {
    getToken: [[], undefined],
    setToken: [['token'], 'token'],
    loadCache: [['0.1.0'], { appVersion: '0.1.0' }],
    saveCache: [['0.1.0', '{}'], { appVersion: '0.1.0', value: '{}' }],
    clearCache: [[], undefined],
    notify: [[{ title: 't', body: 'b' }], { title: 't', body: 'b' }],
    openCall: [[call], call],
    closeCall: [[], undefined],
    checkForUpdates: [[], undefined],
    installUpdate: [[], undefined],
    saveFile: [['a.csv', 'x,y'], { name: 'a.csv', data: 'x,y' }],
    getConfig: [[], undefined],
    setConfig: [[{ language: 'el' }], { language: 'el' }],
  };

describe('the desktop bridge (window.mathema)', () => {
  it.each(Object.entries(examples))(
    'sends %s on its own channel',
    async (method, [args, request]) => {
      const { api, invoke } = recordingBridge();
      await (api[method as keyof typeof examples] as (...a: unknown[]) => Promise<unknown>)(
        ...args,
      );
      expect(invoke).toHaveBeenCalledWith(
        DESKTOP_API_CHANNELS[method as keyof typeof examples],
        request,
      );
    },
  );

  it('names every channel area:verb and maps each to one method', () => {
    for (const channel of [
      ...IPC_CHANNELS,
      ...Object.values(CALL_PAGE_API_CHANNELS),
      ...IPC_EVENTS,
    ]) {
      expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
    }
    expect(new Set(IPC_CHANNELS).size).toBe(IPC_CHANNELS.length);
  });

  it('exposes named functions only, frozen', () => {
    const { api } = recordingBridge();
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(DESKTOP_API_CHANNELS), 'on'].sort());
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('send');
  });

  it('subscribes to main-process events and hands back the unsubscribe', () => {
    const { api, subscribe } = recordingBridge();
    const listener = vi.fn();
    expect(typeof api.on('app:navigate', listener)).toBe('function');
    expect(subscribe).toHaveBeenCalledWith('app:navigate', listener);
    api.on('call:event', listener);
    expect(subscribe).toHaveBeenCalledWith('call:event', listener);
  });

  it('refuses to subscribe to anything that is not one of its events', () => {
    const { api, subscribe } = recordingBridge();
    const on = api.on as (event: string, listener: unknown) => unknown;
    expect(() => on('vault:get-token', () => undefined)).toThrow(/Unknown desktop event/);
    expect(() => on('app:navigate', 'not a function')).toThrow(/function/);
    expect(subscribe).not.toHaveBeenCalled();
  });
});

describe('the call page bridge (window.mathemaCall)', () => {
  it('has its three calls and nothing of the main window', async () => {
    const invoke = vi.fn(async () => null as never);
    const api = bindCallPageApi({ invoke });
    expect(Object.keys(api).sort()).toEqual(['getOptions', 'readyToClose', 'report']);
    expect(Object.isFrozen(api)).toBe(true);
    await api.getOptions();
    await api.readyToClose();
    await api.report({ kind: 'recording-status', on: true, error: false });
    expect(invoke.mock.calls).toEqual([
      ['call:get-options', undefined],
      ['call:ready-to-close', undefined],
      ['call:report', { kind: 'recording-status', on: true, error: false }],
    ]);
  });
});
