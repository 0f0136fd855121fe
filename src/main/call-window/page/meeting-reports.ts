import type { CallMeetingEvent, CallPageApi, CallWindowOptions } from '../../../shared/ipc';

// The desktop call window hears the same Jitsi events as the web call window and passes them
// to main, which forwards them to the main window; the renderer there reports them to the
// server as the web window does (joins and leaves, the teacher's recording state and link).

/** The part of Jitsi's IFrame API this listens to. */
export interface MeetingEventSource {
  on(event: string, listener: (...args: unknown[]) => void): void;
  dispose(): void;
}

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * Wires the meeting's events to the bridge: joined and left always; the recording's state and
 * link only in a call that may record (the teacher's, like the web window). readyToClose
 * disposes of the meeting and asks main to close the window.
 */
export function reportMeetingEvents(
  api: MeetingEventSource,
  bridge: Pick<CallPageApi, 'report' | 'readyToClose'>,
  call: Pick<CallWindowOptions, 'canRecord'>,
): void {
  const send = (event: CallMeetingEvent) => {
    void bridge.report(event).catch((error: unknown) => console.error(error));
  };
  api.on('videoConferenceJoined', () => send({ kind: 'joined' }));
  api.on('videoConferenceLeft', () => send({ kind: 'left' }));
  api.on('readyToClose', () => {
    api.dispose();
    void bridge.readyToClose();
  });
  if (!call.canRecord) return;
  api.on('recordingStatusChanged', (payload) => {
    const event = recordOf(payload);
    send({ kind: 'recording-status', on: event['on'] === true, error: Boolean(event['error']) });
  });
  api.on('recordingLinkAvailable', (payload) => {
    const link = recordOf(payload)['link'];
    if (typeof link === 'string') send({ kind: 'recording-link', link });
  });
}
