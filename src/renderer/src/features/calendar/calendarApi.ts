import { calendarEndpoints } from '../../../../shared/api/calendar';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the calendar starts here, so one invalidation reaches them all. */
export const calendarKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'calendar'] as const,
  range: (scope: TeachingScope, from: string, to: string) =>
    [...calendarKeys.all(scope), from, to] as const,
};

/** The caller's events from one day to another, both included (school days, YYYY-MM-DD). */
export const listEvents = async (
  scope: TeachingScope,
  from: string,
  to: string,
  signal?: AbortSignal,
) =>
  (await callEndpoint(calendarEndpoints.events, { params: at(scope), query: { from, to }, signal }))
    .data;

/** A new private iCalendar link; the previous one stops working. */
export const createFeed = async (scope: TeachingScope) =>
  (await callEndpoint(calendarEndpoints.createFeed, { params: at(scope) })).data.url;

export const revokeFeed = async (scope: TeachingScope) => {
  await callEndpoint(calendarEndpoints.revokeFeed, { params: at(scope) });
};
