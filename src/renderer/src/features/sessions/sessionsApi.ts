import type { AttendanceStatusName } from '../../../../shared/api/attendance';
import { sessionEndpoints, type CreateMeetingBody } from '../../../../shared/api/sessions';
import type { Role } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';
import { sessionQueryRoot } from '../../components/callWindow/callState';

export interface SessionScope {
  schoolId: number;
  role: Role;
}

const at = (scope: SessionScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the sessions screens starts here, so one invalidation reaches them all. */
export const sessionKeys = {
  all: (scope: SessionScope) => sessionQueryRoot(scope.schoolId, scope.role),
  meetings: (scope: SessionScope, list: string, page: number) =>
    [...sessionKeys.all(scope), 'meetings', list, page] as const,
  meeting: (scope: SessionScope, id: number) => [...sessionKeys.all(scope), 'meeting', id] as const,
  session: (scope: SessionScope, id: number) => [...sessionKeys.all(scope), 'session', id] as const,
  lesson: (scope: SessionScope, lessonId: number) =>
    [...sessionKeys.all(scope), 'lesson', lessonId] as const,
  dashboard: (scope: SessionScope, id: number) =>
    [...sessionKeys.all(scope), 'dashboard', id] as const,
  attendance: (scope: SessionScope, id: number) =>
    [...sessionKeys.all(scope), 'attendance', id] as const,
};

export const listMeetings = async (
  scope: SessionScope,
  options: { list: 'upcoming' | 'live' | 'past'; page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(sessionEndpoints.meetings, {
    params: at(scope),
    query: { list: options.list, page: options.page, per_page: options.perPage },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const createMeeting = async (scope: SessionScope, body: CreateMeetingBody) =>
  (await callEndpoint(sessionEndpoints.createMeeting, { params: at(scope), body })).data;

export const getMeeting = async (scope: SessionScope, id: number, signal?: AbortSignal) =>
  (
    await callEndpoint(sessionEndpoints.meeting, {
      params: { ...at(scope), meeting_id: id },
      signal,
    })
  ).data;

export const endMeeting = async (scope: SessionScope, id: number) =>
  (await callEndpoint(sessionEndpoints.endMeeting, { params: { ...at(scope), meeting_id: id } }))
    .data;

export const getSession = async (scope: SessionScope, id: number, signal?: AbortSignal) =>
  (
    await callEndpoint(sessionEndpoints.session, {
      params: { ...at(scope), session_id: id },
      signal,
    })
  ).data;

export const joinSession = async (scope: SessionScope, id: number) =>
  (await callEndpoint(sessionEndpoints.join, { params: { ...at(scope), session_id: id } })).data;

export const listLessonSessions = async (
  scope: SessionScope,
  lessonId: number,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(sessionEndpoints.lessonSessions, {
      params: { ...at(scope), lesson_id: lessonId },
      signal,
    })
  ).data;

export const getDashboard = async (scope: SessionScope, id: number, signal?: AbortSignal) =>
  (
    await callEndpoint(sessionEndpoints.dashboard, {
      params: { ...at(scope), session_id: id },
      signal,
    })
  ).data;

export const getAttendanceSuggestion = async (
  scope: SessionScope,
  id: number,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(sessionEndpoints.attendanceSuggestion, {
      params: { ...at(scope), meeting_id: id },
      signal,
    })
  ).data;

export const confirmAttendance = async (
  scope: SessionScope,
  id: number,
  entries: { student_id: number; status: AttendanceStatusName }[],
) =>
  (
    await callEndpoint(sessionEndpoints.confirmAttendance, {
      params: { ...at(scope), meeting_id: id },
      body: { entries },
    })
  ).data;
