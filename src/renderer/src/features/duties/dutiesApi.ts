import { calendarEndpoints } from '../../../../shared/api/calendar';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

/** The study guide's query keys; the chapters and tasks areas invalidate this prefix. */
export const dutyKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'duties'] as const,
  range: (scope: TeachingScope, from: string, to: string) =>
    [...dutyKeys.all(scope), from, to] as const,
};

/** A student's tasks due and chapters to read from one day to another, done or not. */
export const listDuties = async (
  scope: TeachingScope,
  from: string,
  to: string,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(calendarEndpoints.duties, {
      params: { school_id: scope.schoolId, role: scope.role },
      query: { from, to },
      signal,
    })
  ).data;
