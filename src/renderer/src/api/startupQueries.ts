import type { QueryClient } from '@tanstack/react-query';
import { ROLES, type Role } from '../../../shared/constants';
import { prefetchHome } from '../features/home/homeApi';
import { accountQueries } from './accountQueries';
import { markAppStart, markAreaPrefetched } from './areaOpening';
import { prefetchArea } from './schoolQueries';

const AREA_ADDRESS = /^\/([a-z]+)\/(\d+)(?:\/|$)(.*)$/;

/**
 * A signed-in start fetches what its first screen needs at once, while the screen's chunks are
 * still on their way: the account and schools, and on a role area's address that area's
 * settings, categories, periods and permissions (and on its home, the home's data), without waiting for the membership check (the
 * server checks it; a refused load is the area's usual failure). Sign-in restarts the app, so
 * this also serves the first screen after signing in.
 */
export function prefetchStartupQueries(queryClient: QueryClient, pathname: string): void {
  const now = Date.now();
  markAppStart(now);
  void queryClient.prefetchQuery(accountQueries.account);
  // The theme's colours: asked for here, the call does not wait for the restored offline cache.
  void queryClient.prefetchQuery(accountQueries.whiteLabel);
  void queryClient.prefetchQuery(accountQueries.schools);
  const [, role, school, rest = ''] = AREA_ADDRESS.exec(pathname) ?? [];
  if (!role || !(ROLES as readonly string[]).includes(role)) return;
  markAreaPrefetched(role as Role, Number(school), now);
  prefetchArea(queryClient, Number(school), role as Role);
  // The area's address alone opens its home.
  if (/^(home\/?)?$/.test(rest)) prefetchHome(queryClient, Number(school), role as Role);
}
