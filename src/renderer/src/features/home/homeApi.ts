import type { QueryClient } from '@tanstack/react-query';
import type { calendarEndpoints } from '../../../../shared/api/calendar';
import type { Role } from '../../../../shared/constants';
import { callRoute, type EndpointRoute } from '../../api/client';
import { myAccountQuery } from '../finance/myAccountQuery';
import { payerDocumentsQuery } from '../invoices/documentCalls';
import { adminHomeQuery } from '../office/officeApi';

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

/** The home's query, for RoleHome and for the start's prefetch (the very same cache entry). */
export const homeQuery = (schoolId: number, role: Role) => ({
  queryKey: homeKey(schoolId, role),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getHome(schoolId, role, takeLastVisit(schoolId, role), signal),
});

const prefetchedAt = new Map<string, number>();
const openingKey = (schoolId: number, role: Role) => `${role}/${schoolId}`;

/**
 * A start on the home's address fetches it with the area's other loads (api/startupQueries.ts),
 * so that the home's data arrives in the same round instead of after the area's chunk.
 */
export function prefetchHome(queryClient: QueryClient, schoolId: number, role: Role): void {
  prefetchedAt.set(openingKey(schoolId, role), Date.now());
  // Every call the home makes as it opens: a card whose data came later would push the rest of
  // the home down when it arrived (a layout shift) and hold up its largest paint.
  if (role === 'admin') void queryClient.prefetchQuery(adminHomeQuery(schoolId));
  else void queryClient.prefetchQuery(homeQuery(schoolId, role));
  if (role === 'client') {
    void queryClient.prefetchQuery(myAccountQuery(schoolId, role));
    void queryClient.prefetchQuery(payerDocumentsQuery({ schoolId, role }));
  }
}

/**
 * Since when the home's data counts as this opening's: since the start's prefetch of it, else
 * from now (the home asks again on every opening). Only reads, like api/areaOpening.ts.
 */
export const homeOpening = (schoolId: number, role: Role, now: number): number =>
  prefetchedAt.get(openingKey(schoolId, role)) ?? now;

/** The home has opened: a later opening loads it again. */
export function homeOpened(schoolId: number, role: Role): void {
  prefetchedAt.delete(openingKey(schoolId, role));
}
