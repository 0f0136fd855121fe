import { describe, expect, it, vi } from 'vitest';
import {
  createCallReporter,
  createDesktopCallRouter,
} from '../../src/renderer/src/components/callWindow/callReports';
import type { ActiveCall } from '../../src/renderer/src/components/callWindow/callState';

// What a call window tells the server, the web's and the desktop's alike: joins and leaves
// (a leave only after a join, once), and the host teacher's recording state and link.

const callOf = (room: string, canRecord: boolean, sessionId = 7): ActiveCall => ({
  sessionId,
  schoolId: 1,
  role: canRecord ? 'teacher' : 'student',
  room: {
    room,
    token: 'jwt',
    domain: 'meet.example.org',
    subject: 'Άλγεβρα',
    config_overwrite: {},
    can_record: canRecord,
  } as ActiveCall['room'],
});

function recorder() {
  const sent: string[] = [];
  const refresh = vi.fn();
  const options = {
    refresh,
    presence: vi.fn(async (call: ActiveCall, event: 'joined' | 'left') => {
      sent.push(`${call.room.room} ${event}`);
    }),
    recording: vi.fn(async (call: ActiveCall, report: { state?: string; link?: string }) => {
      sent.push(`${call.room.room} recording ${report.state ?? report.link}`);
    }),
  };
  return { sent, refresh, options };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a call window’s reports to the server', () => {
  it('tells a leave only after a join, and each once', async () => {
    const { sent, refresh, options } = recorder();
    const reporter = createCallReporter(callOf('r1', false), options);
    reporter.left();
    reporter.joined();
    reporter.joined();
    reporter.left();
    reporter.left();
    await settle();
    expect(sent).toEqual(['r1 joined', 'r1 left']);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('tells the recording’s state and link only from a call that may record', async () => {
    const host = recorder();
    const teacher = createCallReporter(callOf('r1', true), host.options);
    teacher.recordingStatus({ on: true, error: false });
    teacher.recordingStatus({ on: false, error: true });
    teacher.recordingStatus({ on: false, error: false });
    teacher.recordingLink('https://recordings.example.org/r1');
    teacher.recordingLink(undefined);
    const guest = recorder();
    const student = createCallReporter(callOf('r1', false), guest.options);
    student.recordingStatus({ on: true, error: false });
    student.recordingLink('https://recordings.example.org/r1');
    await settle();
    expect(host.sent).toEqual([
      'r1 recording on',
      'r1 recording failed',
      'r1 recording stopped',
      'r1 recording https://recordings.example.org/r1',
    ]);
    expect(guest.sent).toEqual([]);
  });

  it('keeps going when the server refuses one report', async () => {
    const { options } = recorder();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    options.presence.mockRejectedValueOnce(new Error('offline'));
    const reporter = createCallReporter(callOf('r1', false), options);
    reporter.joined();
    await settle();
    expect(error).toHaveBeenCalled();
    expect(options.refresh).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('the desktop call window’s events', () => {
  it('reach the server as the web window’s, a closed window being the last leave', async () => {
    const { sent, options } = recorder();
    const router = createDesktopCallRouter((call) => createCallReporter(call, options));
    router.track(callOf('lesson-room', true));
    expect(router.handle({ roomName: 'lesson-room', event: { kind: 'joined' } })).toBe(false);
    router.handle({
      roomName: 'lesson-room',
      event: { kind: 'recording-status', on: true, error: false },
    });
    router.handle({
      roomName: 'lesson-room',
      event: { kind: 'recording-link', link: 'https://recordings.example.org/1' },
    });
    // Another room's events are no business of this call.
    router.handle({ roomName: 'elsewhere', event: { kind: 'joined' } });
    expect(router.handle({ roomName: 'lesson-room', event: { kind: 'closed' } })).toBe(true);
    // After the close the room is forgotten.
    router.handle({ roomName: 'lesson-room', event: { kind: 'joined' } });
    await settle();
    expect(sent).toEqual([
      'lesson-room joined',
      'lesson-room recording on',
      'lesson-room recording https://recordings.example.org/1',
      'lesson-room left',
    ]);
  });

  it('report a left meeting once, even when the window closes after it', async () => {
    const { sent, options } = recorder();
    const router = createDesktopCallRouter((call) => createCallReporter(call, options));
    router.track(callOf('r1', false));
    router.handle({ roomName: 'r1', event: { kind: 'joined' } });
    router.handle({ roomName: 'r1', event: { kind: 'left' } });
    router.handle({ roomName: 'r1', event: { kind: 'closed' } });
    await settle();
    expect(sent).toEqual(['r1 joined', 'r1 left']);
  });

  it('let a call replaced by another report its own closing', async () => {
    const { sent, options } = recorder();
    const router = createDesktopCallRouter((call) => createCallReporter(call, options));
    router.track(callOf('first', false, 1));
    router.handle({ roomName: 'first', event: { kind: 'joined' } });
    router.track(callOf('second', false, 2));
    // Opening the first again keeps its reporter (and its join).
    router.track(callOf('first', false, 1));
    router.handle({ roomName: 'first', event: { kind: 'closed' } });
    router.handle({ roomName: 'second', event: { kind: 'joined' } });
    router.handle({ roomName: 'second', event: { kind: 'closed' } });
    await settle();
    expect(sent).toEqual(['first joined', 'first left', 'second joined', 'second left']);
  });
});
