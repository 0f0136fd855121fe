import type { CallWindowReport } from '../../../../shared/ipc';
import { callEndpoint } from '../../api/client';
import type { ActiveCall } from './callState';

// What a call window tells the server: the user's joins and leaves, and (the teacher's
// window) the recording's state and link as the meeting reports them. The web window hears
// Jitsi in the page; the desktop window's events come over IPC; both report through
// createCallReporter, so that the server hears the same from either.

// The sessions' endpoint declarations come with zod; loaded at the first report, they stay out
// of the area chunk that every home waits for (the call host is part of every role area).
const sessionCalls = async () => (await import('../../../../shared/api/sessions')).sessionEndpoints;

const at = (call: ActiveCall) => ({
  school_id: call.schoolId,
  role: call.role,
  session_id: call.sessionId,
});

export const reportPresence = async (call: ActiveCall, event: 'joined' | 'left') =>
  callEndpoint((await sessionCalls()).presence, { params: at(call), body: { event } });

export const reportRecording = async (
  call: ActiveCall,
  report: { state?: 'on' | 'stopped' | 'failed'; link?: string },
) => callEndpoint((await sessionCalls()).recordingReport, { params: at(call), body: report });

/** Spec §7 `POST schools/{school_id}/teacher/sessions/record?room=…`. */
export const startCloudRecording = async (call: ActiveCall) =>
  callEndpoint((await sessionCalls()).record, {
    params: { school_id: call.schoolId, role: call.role },
    query: { room: call.room.room },
  });

export interface CallReporterOptions {
  /** After the server has heard something: refresh what the screens show of sessions. */
  refresh: () => void;
  presence?: (call: ActiveCall, event: 'joined' | 'left') => Promise<unknown>;
  recording?: (
    call: ActiveCall,
    report: { state?: 'on' | 'stopped' | 'failed'; link?: string },
  ) => Promise<unknown>;
}

/**
 * One call's reports to the server. A leave is told only after a join (and once); the
 * recording's state and link only from a call that may record (the host teacher's).
 */
export function createCallReporter(call: ActiveCall, options: CallReporterOptions) {
  const presence = options.presence ?? reportPresence;
  const recording = options.recording ?? reportRecording;
  const done = (sent: Promise<unknown>) =>
    void sent.then(options.refresh, (error: unknown) => console.error(error));
  let joined = false;
  return {
    joined(): void {
      if (joined) return;
      joined = true;
      done(presence(call, 'joined'));
    },
    left(): void {
      if (!joined) return;
      joined = false;
      done(presence(call, 'left'));
    },
    /** Jitsi's recordingStatusChanged: on, else failed (with an error) or stopped. */
    recordingStatus(event: { on: boolean; error: boolean }): void {
      if (!call.room.can_record) return;
      done(recording(call, { state: event.on ? 'on' : event.error ? 'failed' : 'stopped' }));
    },
    /** Jitsi's recordingLinkAvailable. */
    recordingLink(link: unknown): void {
      if (!call.room.can_record || typeof link !== 'string') return;
      done(recording(call, { link }));
    },
    get isJoined(): boolean {
      return joined;
    },
  };
}
export type CallReporter = ReturnType<typeof createCallReporter>;

/** What the desktop call window reported, told to the server; a closed window is a leave. */
export function applyCallWindowEvent(reporter: CallReporter, event: CallWindowReport['event']) {
  switch (event.kind) {
    case 'joined':
      return reporter.joined();
    case 'left':
    case 'closed':
      return reporter.left();
    case 'recording-status':
      return reporter.recordingStatus(event);
    case 'recording-link':
      return reporter.recordingLink(event.link);
  }
}

/**
 * The desktop's calls by room: each call opened gets its reporter, which hears the events
 * main forwards for its room until its window has closed (a call replaced by another still
 * reports its own closing).
 */
export function createDesktopCallRouter(reporterOf: (call: ActiveCall) => CallReporter) {
  const reporters = new Map<string, CallReporter>();
  return {
    track(call: ActiveCall): void {
      if (!reporters.has(call.room.room)) reporters.set(call.room.room, reporterOf(call));
    },
    /** Tells the server; answers whether this report closed its call. */
    handle({ roomName, event }: CallWindowReport): boolean {
      const reporter = reporters.get(roomName);
      if (!reporter) return false;
      applyCallWindowEvent(reporter, event);
      if (event.kind !== 'closed') return false;
      reporters.delete(roomName);
      return true;
    },
  };
}
