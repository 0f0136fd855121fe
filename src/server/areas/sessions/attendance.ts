import type { z } from 'zod';
import type { attendanceBody, AttendanceStatusName } from '../../../shared/api/attendance';
import type { AttendanceSuggestion } from '../../../shared/api/sessions';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { attendanceCaller } from '../attendance/policy';
import { registerOf, takeAttendance } from '../attendance/service';
import { localDate } from '../calendar/school-time';
import { abilitiesFor, stateOf, type SessionCaller } from './policy';
import { staySeconds } from './presenters';
import * as q from './queries';
import { loadSession } from './service';

// The lesson's register as a session's joins and leaves suggest it
// (docs/live-sessions.md, "Attendance from a session"). The attendance area owns the register:
// its service reads it and saves the teacher's confirmation with its own rules (roster, audit,
// the family's notice).

/** Joining this long after the session began suggests "late". */
export const LATE_AFTER_MS = 10 * 60_000;
/** Less time than this in the session suggests "absent" (a click in and out). */
export const PRESENT_AT_LEAST_SECONDS = 5 * 60;

async function heldSession(deps: ServerDeps, caller: SessionCaller, meetingId: number) {
  const { session, relation } = await loadSession(deps, caller, meetingId);
  const now = deps.now();
  const state = stateOf(session, now);
  const abilities = await abilitiesFor(deps.db, caller, relation, state, session, now);
  if (!abilities.attendance)
    throw forbidden("Only the lesson's teacher takes attendance from its session.");
  if (!session.started_at || session.lesson_id === null)
    throw new ApiError('conflict', 'This session has not been held.');
  const date = localDate(new Date(session.started_at), deps.config.timeZone);
  return {
    session: { ...session, started_at: session.started_at },
    lessonId: session.lesson_id,
    date,
  };
}

export async function suggestAttendance(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: SessionCaller,
  meetingId: number,
): Promise<AttendanceSuggestion> {
  const { session, lessonId, date } = await heldSession(deps, caller, meetingId);
  const [register, stays] = await Promise.all([
    registerOf(deps, await attendanceCaller(deps, ctx), lessonId, date),
    q.presenceOf(deps.db, caller.schoolId, meetingId),
  ]);
  const now = deps.now();
  const started = Date.parse(session.started_at);
  return {
    lesson_id: lessonId,
    date,
    register_taken: register.taken,
    entries: register.students.map((student) => {
      const own = stays.filter(
        (s) => s.membership_id === student.student_id && s.role === 'student',
      );
      const seconds = own.reduce((sum, s) => sum + staySeconds(s, session.ended_at, now), 0);
      const first = own[0]?.joined_at ?? null;
      let suggested: AttendanceStatusName = 'present';
      if (seconds < PRESENT_AT_LEAST_SECONDS) suggested = 'absent';
      else if (first && Date.parse(first) - started > LATE_AFTER_MS) suggested = 'late';
      return {
        student_id: student.student_id,
        first_name: student.first_name,
        last_name: student.last_name,
        seconds,
        first_joined_at: first,
        suggested,
        recorded: student.recorded ? student.status : null,
      };
    }),
  };
}

/** The teacher's confirmation (as suggested or corrected) saved by the attendance area. */
export async function confirmAttendance(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: SessionCaller,
  meetingId: number,
  body: z.infer<typeof attendanceBody>,
) {
  const { lessonId, date } = await heldSession(deps, caller, meetingId);
  return takeAttendance(deps, ctx, await attendanceCaller(deps, ctx), lessonId, date, body);
}
