import { attendanceEndpoints, type AttendanceStatusName } from '../../../../shared/api/attendance';
import { LIST_MAX_PAGE_SIZE } from '../../../../shared/constants';
import { apiRequest, callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of attendance starts here, so one invalidation reaches them all. */
export const attendanceKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'attendance'] as const,
  register: (scope: TeachingScope, lessonId: number, date: string) =>
    [...attendanceKeys.all(scope), 'register', lessonId, date] as const,
  list: (scope: TeachingScope, query: AbsencesFilter) =>
    [...attendanceKeys.all(scope), 'list', query] as const,
  student: (scope: TeachingScope, studentId: number) =>
    [...attendanceKeys.all(scope), 'student', studentId] as const,
  levels: (scope: TeachingScope) => [...attendanceKeys.all(scope), 'levels'] as const,
};

export const getRegister = async (
  scope: TeachingScope,
  lessonId: number,
  date: string,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(attendanceEndpoints.register, {
      params: { ...at(scope), lesson_id: lessonId, date },
      signal,
    })
  ).data;

/** Saves the whole register: only who is not present is sent (the rest are present). */
export const saveRegister = async (
  scope: TeachingScope,
  lessonId: number,
  date: string,
  statuses: Map<number, AttendanceStatusName>,
) =>
  (
    await callEndpoint(attendanceEndpoints.take, {
      params: { ...at(scope), lesson_id: lessonId, date },
      body: {
        entries: [...statuses]
          .filter(([, status]) => status !== 'present')
          .map(([student_id, status]) => ({ student_id, status })),
      },
    })
  ).data;

/** The office's list query as the screen keeps it (the server parses and checks it). */
export interface AbsencesFilter {
  page: number;
  per_page: number;
  from?: string;
  to?: string;
  lesson_id?: number;
  level_id?: number;
  justified?: boolean;
  over_threshold?: boolean;
  search?: string;
}

export const listAbsences = async (
  scope: TeachingScope,
  query: AbsencesFilter,
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(attendanceEndpoints.absences, {
    params: at(scope),
    query: { ...query, order: 'desc' },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

/** One student's absences: the office by `absences/:id`, a parent by `students/:id/absences`. */
export const getStudentAbsences = async (
  scope: TeachingScope,
  studentId: number,
  signal?: AbortSignal,
) =>
  scope.role === 'client'
    ? (
        await callEndpoint(attendanceEndpoints.childAbsences, {
          params: { ...at(scope), student_id: studentId },
          signal,
        })
      ).data
    : (
        await callEndpoint(attendanceEndpoints.studentAbsences, {
          params: { ...at(scope), user_id: studentId },
          signal,
        })
      ).data;

export const justifyAbsence = async (
  scope: TeachingScope,
  studentId: number,
  recordId: number,
  body: { justified: boolean; note: string | null },
) =>
  (
    await callEndpoint(attendanceEndpoints.justify, {
      params: { ...at(scope), user_id: studentId, record_id: recordId },
      body,
    })
  ).data;

export interface LevelChoice {
  id: number;
  name: string;
}

/** The school's levels, for the office's filter (a school has a few dozen at most). */
export const listLevels = async (scope: TeachingScope, signal?: AbortSignal) => {
  const answer = await apiRequest<LevelChoice[]>(
    'GET',
    `/schools/${scope.schoolId}/${scope.role}/levels`,
    { query: { per_page: LIST_MAX_PAGE_SIZE, sort: 'name', order: 'asc' }, signal },
  );
  return answer.data.map(({ id, name }) => ({ id, name }));
};
