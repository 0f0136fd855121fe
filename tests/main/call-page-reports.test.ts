import { describe, expect, it, vi } from 'vitest';
import { reportMeetingEvents } from '../../src/main/call-window/page/meeting-reports';
import type { CallMeetingEvent } from '../../src/shared/ipc';

/** Jitsi's IFrame API as far as the page listens to it: events are emitted by the test. */
function fakeMeeting() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  return {
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    dispose: vi.fn(),
    emit(event: string, payload?: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listens: (event: string) => listeners.has(event),
  };
}

function fakeBridge() {
  const reports: CallMeetingEvent[] = [];
  return {
    reports,
    report: vi.fn(async (event: CallMeetingEvent) => {
      reports.push(event);
    }),
    readyToClose: vi.fn(async () => undefined),
  };
}

describe('the desktop call page’s reports', () => {
  it('passes joins, leaves and the teacher’s recording events to main', () => {
    const meeting = fakeMeeting();
    const bridge = fakeBridge();
    reportMeetingEvents(meeting, bridge, { canRecord: true });
    meeting.emit('videoConferenceJoined', { roomName: 'r', id: 'abc' });
    meeting.emit('recordingStatusChanged', { on: true, mode: 'file' });
    meeting.emit('recordingStatusChanged', {
      on: false,
      mode: 'file',
      error: 'service-unavailable',
    });
    meeting.emit('recordingStatusChanged', { on: false, mode: 'file' });
    meeting.emit('recordingLinkAvailable', {
      link: 'https://recordings.example.org/r1',
      ttl: 3600,
    });
    meeting.emit('recordingLinkAvailable', { link: 42 });
    meeting.emit('videoConferenceLeft', { roomName: 'r' });
    expect(bridge.reports).toEqual([
      { kind: 'joined' },
      { kind: 'recording-status', on: true, error: false },
      { kind: 'recording-status', on: false, error: true },
      { kind: 'recording-status', on: false, error: false },
      { kind: 'recording-link', link: 'https://recordings.example.org/r1' },
      { kind: 'left' },
    ]);
  });

  it('reports no recording events from a call that may not record, as the web window', () => {
    const meeting = fakeMeeting();
    const bridge = fakeBridge();
    reportMeetingEvents(meeting, bridge, { canRecord: false });
    expect(meeting.listens('recordingStatusChanged')).toBe(false);
    expect(meeting.listens('recordingLinkAvailable')).toBe(false);
    meeting.emit('videoConferenceJoined');
    expect(bridge.reports).toEqual([{ kind: 'joined' }]);
  });

  it('disposes of the meeting and asks main to close on readyToClose', () => {
    const meeting = fakeMeeting();
    const bridge = fakeBridge();
    reportMeetingEvents(meeting, bridge, { canRecord: false });
    meeting.emit('readyToClose');
    expect(meeting.dispose).toHaveBeenCalledOnce();
    expect(bridge.readyToClose).toHaveBeenCalledOnce();
  });
});
