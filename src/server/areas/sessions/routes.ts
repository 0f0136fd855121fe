import type { FastifyInstance } from 'fastify';
import { sessionEndpoints as api } from '../../../shared/api/sessions';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { confirmAttendance, suggestAttendance } from './attendance';
import { sessionDashboard } from './dashboard';
import { sessionCaller } from './policy';
import { reportRecording, startRecording } from './recording';
import {
  createMeeting,
  endMeeting,
  getMeeting,
  getSession,
  joinSession,
  lessonSessions,
  listMeetings,
  reportPresence,
} from './service';

/** Live sessions: meetings, joining, presence, recording, the dashboard, attendance. */
export function sessionRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const who = (ctx: Parameters<typeof sessionCaller>[1]) => sessionCaller(deps, ctx);
  route(app, deps, api.meetings, async ({ ctx, query }) =>
    listMeetings(deps, await who(ctx), query),
  );
  route(app, deps, api.createMeeting, async ({ ctx, body }) =>
    createMeeting(deps, await who(ctx), body),
  );
  route(app, deps, api.meeting, async ({ ctx, params }) =>
    getMeeting(deps, await who(ctx), params.meeting_id),
  );
  route(app, deps, api.endMeeting, async ({ ctx, params }) =>
    endMeeting(deps, await who(ctx), params.meeting_id),
  );
  route(app, deps, api.attendanceSuggestion, async ({ ctx, params }) =>
    suggestAttendance(deps, ctx, await who(ctx), params.meeting_id),
  );
  route(app, deps, api.confirmAttendance, async ({ ctx, params, body }) =>
    confirmAttendance(deps, ctx, await who(ctx), params.meeting_id, body),
  );
  route(app, deps, api.lessonSessions, async ({ ctx, params }) =>
    lessonSessions(deps, await who(ctx), params.lesson_id),
  );
  route(app, deps, api.session, async ({ ctx, params }) =>
    getSession(deps, await who(ctx), params.session_id),
  );
  route(app, deps, api.join, async ({ ctx, params }) =>
    joinSession(deps, await who(ctx), params.session_id),
  );
  route(app, deps, api.presence, async ({ ctx, params, body }) =>
    reportPresence(deps, await who(ctx), params.session_id, body.event),
  );
  route(app, deps, api.record, async ({ ctx, query }) =>
    startRecording(deps, await who(ctx), query.room),
  );
  route(app, deps, api.recordingReport, async ({ ctx, params, body }) =>
    reportRecording(deps, await who(ctx), params.session_id, body),
  );
  route(app, deps, api.dashboard, async ({ ctx, params }) =>
    sessionDashboard(deps, await who(ctx), params.session_id),
  );
}
