import type { Role } from '../../../shared/constants';

// When the loads of a role area's opening began. Spec §4 has an opening load its data again;
// data fetched since then already is that load, so mounting the area must not ask twice.
const prefetched = new Map<string, number>();
let appStartedAt: number | null = null;
let anAreaOpened = false;

/** The app has started signed in and is fetching the account and schools (startupQueries). */
export function markAppStart(at: number): void {
  appStartedAt = at;
}

/** The start-up prefetch began this area's loads. */
export function markAreaPrefetched(role: Role, schoolId: number, at: number): void {
  prefetched.set(`${role}/${schoolId}`, at);
}

/**
 * Since when data counts as loaded for an area being opened now: since its prefetch, or for the
 * first area of this start since the start (sign-in restarts the app, so the account and schools
 * the start fetched are this opening's); otherwise from now on, so everything loads again.
 * Only reads: a render may be thrown away (a lazy part suspends it) and run again.
 */
export function areaOpening(role: Role, schoolId: number, now: number): number {
  return prefetched.get(`${role}/${schoolId}`) ?? (anAreaOpened ? null : appStartedAt) ?? now;
}

/** The area has opened (committed): a later opening of it loads everything again. */
export function areaOpened(role: Role, schoolId: number): void {
  prefetched.delete(`${role}/${schoolId}`);
  anAreaOpened = true;
}

/** refetchOnMount for an opening: load again unless fetched since `openedAt`. */
export const reloadOlderThan =
  (openedAt: number) =>
  (query: { state: { dataUpdatedAt: number } }): 'always' | false =>
    query.state.dataUpdatedAt < openedAt ? 'always' : false;
