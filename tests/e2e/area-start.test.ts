import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../src/renderer/src/platform/web';
import { schoolEntries } from './support/api';
import { type Browser, closePage, DEMO_LOGINS, launchBrowser, openPage } from './support/browser';
import { tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

describe("a role's home opened signed in", () => {
  // Each home's own calls: a card fetched after the rest would push the home down on arrival.
  const homeCalls = {
    student: ['/student/home'],
    parent: ['/client/home', '/client/finance/my-account', '/client/invoices'],
    admin: ['/admin/admin-home'],
  } as const;

  it.each(Object.keys(homeCalls) as (keyof typeof homeCalls)[])(
    "asks for each of its loads once, all before the first answer is back (the %s's home)",
    async (role) => {
      const token = await tokenOf(server.url, DEMO_LOGINS[role]);
      const entries = await schoolEntries(server.url, DEMO_LOGINS[role]);
      const areaRole = role === 'parent' ? 'client' : role;
      const schoolId = entries.find((entry) => entry.role === areaRole)!.school_id;
      const page = await openPage(browser, 1280);
      await page.goto(`${server.url}/favicon.svg`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        TOKEN_STORAGE_KEY,
        token,
      ] as const);

      // The API's paths in the order asked, and when the first answer came.
      const asked: string[] = [];
      let firstAnswerAt = Number.POSITIVE_INFINITY;
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) asked.push(pathname.slice('/api'.length));
      });
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/'))
          firstAnswerAt = Math.min(firstAnswerAt, asked.length);
      });
      await page.goto(`${server.url}/${areaRole}/${schoolId}/home`);
      await page.getByTestId('home-period').waitFor();

      const loads = [
        '/account',
        '/account/schools',
        // The theme's colours: not held back by the offline cache's restoring.
        '/whitelabel',
        `/schools/${schoolId}/settings`,
        `/schools/${schoolId}/categories`,
        `/schools/${schoolId}/${areaRole}/period`,
        `/schools/${schoolId}/${areaRole}/school/user-permissions`,
        // The home's own data comes in the same round (api/startupQueries.ts).
        ...homeCalls[role].map((call) => `/schools/${schoolId}${call}`),
      ];
      for (const path of loads)
        expect(
          asked.filter((p) => p === path),
          path,
        ).toHaveLength(1);
      // Nothing of the area's opening waits for another of its answers.
      const askedBeforeFirstAnswer = asked.slice(0, firstAnswerAt);
      expect(askedBeforeFirstAnswer).toEqual(expect.arrayContaining(loads));
      await closePage(page);
    },
  );

  it("fetches the role's other screens only once the user goes for them", async () => {
    const token = await tokenOf(server.url, DEMO_LOGINS.student);
    const entries = await schoolEntries(server.url, DEMO_LOGINS.student);
    const schoolId = entries.find((entry) => entry.role === 'student')!.school_id;
    const page = await openPage(browser, 1280);
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      token,
    ] as const);
    const routeTable = /\/assets\/studentScreens-[\w-]+\.js$/;
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));

    await page.goto(`${server.url}/student/${schoolId}/home`);
    await page.getByTestId('home-period').waitFor();
    // The top bar's buttons come after the first paint; the screens do not come by themselves.
    await page.getByTestId('profile-button').waitFor();
    await page.waitForTimeout(500);
    expect(fetched.filter((path) => routeTable.test(path))).toEqual([]);

    await page.getByTestId('drawer-item-tasks').click();
    await page.waitForURL(`**/student/${schoolId}/tasks`);
    await expect.poll(() => fetched.some((path) => routeTable.test(path))).toBe(true);
    await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
    await closePage(page);
  });
});
