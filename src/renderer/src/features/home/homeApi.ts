import type { calendarEndpoints } from '../../../../shared/api/calendar';
import type { Role } from '../../../../shared/constants';
import { callRoute, type EndpointRoute } from '../../api/client';

// Method and path only: the home is the first screen of an area, so it carries no zod.
const HOME_ROUTE: EndpointRoute<typeof calendarEndpoints.home> = {
  method: 'GET',
  path: '/schools/:school_id/:role/home',
};

export const homeKey = (schoolId: number, role: Role) =>
  ['schools', schoolId, role, 'home'] as const;

/** Today's timetable, the next tasks due and what is new since the last visit. */
export const getHome = async (
  schoolId: number,
  role: Role,
  since: string | null,
  signal?: AbortSignal,
) =>
  (
    await callRoute(HOME_ROUTE, {
      params: { school_id: schoolId, role },
      query: { since: since ?? undefined },
      signal,
    })
  ).data;

const visitsTaken = new Map<string, string | null>();

const visitKey = (schoolId: number, role: Role) => `mathema.homeVisit.${schoolId}.${role}`;

/**
 * The previous visit of this home (what "new" is measured from), and this visit remembered for
 * the next. The server keeps nothing of it, so that reading the home never writes (decisions.md).
 */
export function takeLastVisit(schoolId: number, role: Role): string | null {
  const key = visitKey(schoolId, role);
  // Once per page load: coming back to the home within a session keeps the same "new".
  if (visitsTaken.has(key)) return visitsTaken.get(key)!;
  let previous: string | null = null;
  try {
    previous = localStorage.getItem(key);
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Storage refused (private mode): "new" falls back to the server's last seven days.
  }
  const since = previous && !Number.isNaN(Date.parse(previous)) ? previous : null;
  visitsTaken.set(key, since);
  return since;
}
