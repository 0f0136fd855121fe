import type { QueryClient } from '@tanstack/react-query';
import type { Setting } from '../../../shared/api';
import { type Language, ROLES, type Role } from '../../../shared/constants';
import { schoolLanguageOf } from '../app/area/schoolSettings';
import { prefetchHome } from '../features/home/homeApi';
import { preloadLanguage } from '../i18n';
import { accountQueries } from './accountQueries';
import { markAppStart, markAreaPrefetched } from './areaOpening';
import { prefetchArea, schoolQueries } from './schoolQueries';

const AREA_ADDRESS = /^\/([a-z]+)\/(\d+)(?:\/|$)(.*)$/;

/**
 * A signed-in start fetches what its first screen needs at once, while the screen's chunks are
 * still on their way: the account and schools, and on a role area's address that area's
 * settings, categories, periods and permissions (and on its home, the home's data), without waiting for the membership check (the
 * server checks it; a refused load is the area's usual failure). Sign-in restarts the app, so
 * this also serves the first screen after signing in.
 */
export function prefetchStartupQueries(
  queryClient: QueryClient,
  pathname: string,
  { languageChosen }: { languageChosen: boolean },
): void {
  const now = Date.now();
  markAppStart(now);
  // Unless the user has chosen one (loaded before the first render, main.tsx), the language in
  // force is named by the school or by the account (App.tsx): its texts are fetched as soon as
  // either answer is in, rather than once the screen has been drawn.
  const preload = (language: Language | null | undefined) => {
    if (language && !languageChosen) preloadLanguage(language);
  };
  void queryClient.prefetchQuery(accountQueries.account).then(() => {
    const account = queryClient.getQueryData<{ language: Language }>(
      accountQueries.account.queryKey,
    );
    preload(account?.language);
  });
  // The theme's colours: asked for here, the call does not wait for the restored offline cache.
  void queryClient.prefetchQuery(accountQueries.whiteLabel);
  void queryClient.prefetchQuery(accountQueries.schools);
  const [, role, school, rest = ''] = AREA_ADDRESS.exec(pathname) ?? [];
  if (!role || !(ROLES as readonly string[]).includes(role)) return;
  markAreaPrefetched(role as Role, Number(school), now);
  prefetchArea(queryClient, Number(school), role as Role);
  // The very request prefetchArea started, still in flight: prefetchQuery joins it rather than
  // asking again (tests/e2e/area-start.test.ts counts each load once).
  const settings = schoolQueries.settings(Number(school));
  void queryClient.prefetchQuery(settings).then(() => {
    const list = queryClient.getQueryData<Setting[]>(settings.queryKey);
    preload(list && schoolLanguageOf(list));
  });
  // The area's address alone opens its home.
  if (/^(home\/?)?$/.test(rest)) prefetchHome(queryClient, Number(school), role as Role);
}
