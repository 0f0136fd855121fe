import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, schoolEntries } from './support/api';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
} from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;
let athensId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const entries = await schoolEntries(server.url, DEMO_LOGINS.student);
  athensId = entries[0]!.school_id;
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

/** A page of the app signed in as `username` (the token stored as a remembered sign-in does). */
async function pageAs(username: string, width = 1280): Promise<Page> {
  const token = await apiToken(server.url, username);
  const page = await openPage(browser, width);
  await page.goto(`${server.url}/login`);
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('mathema.token', value);
  }, token);
  return page;
}

/** Opens an address the area lacks: the not-found page, in place, linking home. */
async function expectNotFound(page: Page, address: string, role: string) {
  await page.goto(`${server.url}${address}`);
  await page.getByTestId('not-found').waitFor({ timeout: 15_000 });
  // Inside the role's shell, not a blank page.
  expect(await page.getByTestId('drawer').count()).toBeGreaterThan(0);
  expect(new URL(page.url()).pathname).toBe(address);
  expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL(`**/${role}/${athensId}/home`);
}

describe('an address the role area does not have', () => {
  it.each([
    ['teacher', DEMO_LOGINS.teacher, 'nonexistent'],
    ['admin', DEMO_LOGINS.admin, 'nonexistent/deeper'],
    ['client', DEMO_LOGINS.parent, 'tasks'],
    // A route other roles have (teachers' announcements) but students do not.
    ['student', DEMO_LOGINS.student, 'announcements'],
  ])(
    'shows the %s a not-found page with a link home, without looping',
    async (role, login, rest) => {
      const page = await pageAs(login);
      await expectNotFound(page, `/${role}/${athensId}/${rest}`, role);
      await closePage(page);
    },
  );

  it('speaks Greek and fits a phone', async () => {
    const page = await pageAs(DEMO_LOGINS.teacher, 375);
    await page.evaluate(() => localStorage.setItem('mathema.language', '"el"'));
    await page.goto(`${server.url}/teacher/${athensId}/nonexistent`);
    await page.getByRole('heading', { name: 'Η σελίδα δεν βρέθηκε' }).waitFor();
    expect(await page.getByRole('link', { name: 'Μετάβαση στην αρχική σελίδα' }).isVisible()).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await closePage(page);
  });

  it('takes screenshots at 1280 and 375', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [1280, 375]) {
      const page = await pageAs(DEMO_LOGINS.teacher, width);
      await page.goto(`${server.url}/teacher/${athensId}/nonexistent`);
      await page.getByTestId('not-found').waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `not-found-${width}.png`) });
      await closePage(page);
    }
  });
});
