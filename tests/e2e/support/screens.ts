import type { Page } from 'playwright-core';
import { matchPath } from 'react-router-dom';
import type { Role } from '../../../src/shared/constants';
import type { AreaRoute } from '../../../src/renderer/src/app/area/areaTypes';
import { adminRoutes } from '../../../src/renderer/src/features/admin/adminRoutes';
import { clientRoutes } from '../../../src/renderer/src/features/client/clientScreens';
import { studentRoutes } from '../../../src/renderer/src/features/student/studentScreens';
import { teacherRoutes } from '../../../src/renderer/src/features/teacher/teacherScreens';
import { DEMO_LOGINS } from './browser';

// The screens a browser test walks, read from the renderer's own route tables: a screen added to
// a table is walked the day it is added, with nothing to register here.

export interface RoleScreens {
  role: Role;
  login: string;
  routes: AreaRoute[];
}

export const ROLE_SCREENS: RoleScreens[] = [
  { role: 'admin', login: DEMO_LOGINS.admin, routes: adminRoutes },
  { role: 'teacher', login: DEMO_LOGINS.teacher, routes: teacherRoutes },
  { role: 'student', login: DEMO_LOGINS.student, routes: studentRoutes },
  { role: 'client', login: DEMO_LOGINS.parent, routes: clientRoutes },
];

// The app's route table imports the stored-state atoms, which read localStorage when loaded; in
// Node an empty one stands in (only the paths are read here).
if (!('localStorage' in globalThis)) {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  });
}
const { appRoutes } = await import('../../../src/renderer/src/app/routes');

export const hasParams = (path: string) => path.includes(':');

/**
 * The app-level screens outside the role areas (login, dashboard, manual, reset pages): every
 * path of `appRoutes` but the redirects and the areas' wildcards. A parameter gets a sample value
 * (a reset page with an unknown token still shows its form).
 */
export function appScreenPaths(): string[] {
  return appRoutes
    .map((route) => route.path ?? '')
    .filter((path) => path !== '/' && !path.includes('*'))
    .map((path) => path.replace(/:[a-z_]+/g, 'sample-token'));
}

/** The route pattern of an area that a path inside it (relative to the area) matches. */
export function routeOf(routes: AreaRoute[], relative: string): AreaRoute | undefined {
  return routes.find((route) =>
    matchPath({ path: `/${route.path}`, end: true }, `/${relative.replace(/\/$/, '')}`),
  );
}

/**
 * Moves to a path inside the running app without reloading it (as a link would): the history
 * changes and react-router, which listens to popstate, renders the new screen. Reloading for
 * each of hundreds of screens would mostly measure the area's start-up.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** Waits until the screen has stopped loading: a heading there and no spinner for a moment. */
export async function settled(page: Page): Promise<void> {
  const ready = () =>
    page.waitForFunction(
      () =>
        !document.querySelector('.fui-Spinner') &&
        Boolean(document.querySelector('main h2, main h1, form h1, h1')),
      null,
      { timeout: 20_000, polling: 50 },
    );
  await ready();
  await page.waitForTimeout(120);
  await ready();
}

/** The in-app paths of every link on the screen (drawer, rows, cards, parts). */
export function linkPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((anchor) => new URL(anchor.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}
