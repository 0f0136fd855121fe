import { sessionEndpoints } from '../../../../shared/api/sessions';
import { callEndpoint } from '../../api/client';
import type { ActiveCall } from './callState';

// What the call window tells the server: the user's joins and leaves, and (the teacher's
// window) the recording's state and link as the meeting reports them.

const at = (call: ActiveCall) => ({
  school_id: call.schoolId,
  role: call.role,
  session_id: call.sessionId,
});

export const reportPresence = (call: ActiveCall, event: 'joined' | 'left') =>
  callEndpoint(sessionEndpoints.presence, { params: at(call), body: { event } });

export const reportRecording = (
  call: ActiveCall,
  report: { state?: 'on' | 'stopped' | 'failed'; link?: string },
) => callEndpoint(sessionEndpoints.recordingReport, { params: at(call), body: report });

/** Spec §7 `POST schools/{school_id}/teacher/sessions/record?room=…`. */
export const startCloudRecording = (call: ActiveCall) =>
  callEndpoint(sessionEndpoints.record, {
    params: { school_id: call.schoolId, role: call.role },
    query: { room: call.room.room },
  });
