import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, apiToken, schoolEntries } from './support/api';
import {
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
  storedQueryCache,
} from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let athensId: number;
const profiles: string[] = [];

beforeAll(async () => {
  server = await startServer();
  const entries = await schoolEntries(server.url, DEMO_LOGINS.student);
  athensId = entries[0]!.school_id;
});

afterAll(async () => {
  await server?.cleanUp();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

const newProfile = () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'mathema-restart-'));
  profiles.push(profile);
  return profile;
};

const storedToken = (page: Page) =>
  page.evaluate(
    () => sessionStorage.getItem('mathema.token') ?? localStorage.getItem('mathema.token'),
  );

const accountStatus = async (token: string) =>
  (
    await fetch(`${server.url}/api/account`, {
      headers: { Token: token },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    })
  ).status;

/** Signs the student in (with or without "Remember me"), waits for the offline cache, quits. */
async function signInAndQuit(profile: string, remember: boolean) {
  const browser = await launchBrowser(profile);
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.student, { remember });
  await page.waitForURL(`**/student/${athensId}/home`);
  await page.getByTestId('home-school-name').waitFor();
  await expect
    .poll(async () => (await storedQueryCache(page)) ?? '', { timeout: 15_000 })
    .toContain('Demo School Athens');
  await closePage(page);
  await browser.close();
}

describe('remember me', () => {
  it('unticked: closing the browser signs out and erases the offline cache', async () => {
    const profile = newProfile();
    await signInAndQuit(profile, false);
    const browser = await launchBrowser(profile);
    try {
      const page = await openPage(browser);
      await page.goto(`${server.url}/`);
      await page.waitForURL('**/login');
      expect(await storedToken(page)).toBeNull();
      // The start erases it without waiting (nothing restores it without a session).
      await expect.poll(() => storedQueryCache(page), { timeout: 10_000 }).toBeNull();
      await page.goto(`${server.url}/student/${athensId}/home`);
      await page.waitForURL('**/login');
    } finally {
      await browser.close();
    }
  });

  it('ticked: the session and its cache survive a browser restart', async () => {
    const profile = newProfile();
    await signInAndQuit(profile, true);
    const browser = await launchBrowser(profile);
    try {
      const page = await openPage(browser);
      await page.goto(`${server.url}/`);
      await page.waitForURL(`**/student/${athensId}/home`);
      await page.getByTestId('home-school-name').waitFor();
      expect(await storedQueryCache(page)).toContain('Demo School Athens');
    } finally {
      await browser.close();
    }
  });
});

describe('a token in the address while signed in', () => {
  it('asks before switching; no keeps the session and drops the token', async () => {
    const browser = await launchBrowser();
    try {
      const page = await openPage(browser);
      await signIn(page, server.url, DEMO_LOGINS.admin);
      await page.waitForURL('**/dashboard');
      const adminToken = await storedToken(page);
      const studentToken = await apiToken(server.url, DEMO_LOGINS.student);

      await page.goto(`${server.url}/dashboard?token=${studentToken}`);
      const prompt = page.getByTestId('account-switch');
      await prompt.waitFor({ timeout: 15_000 });
      expect(await prompt.textContent()).toContain(
        'You are signed in as Ελένη Αλεξίου. Continue as the other account?',
      );
      expect(page.url()).not.toContain('token=');
      // Nothing changed while the question is open.
      expect(await storedToken(page)).toBe(adminToken);

      await page.getByTestId('account-switch-stay').click();
      await prompt.waitFor({ state: 'detached' });
      expect(await storedToken(page)).toBe(adminToken);
      expect(page.url()).not.toContain('token=');
      expect(await accountStatus(adminToken!)).toBe(200);
      // The dashboard is still the admin's (two schools).
      await page.reload();
      await page.getByTestId('school-entry').first().waitFor();
      expect(await page.getByTestId('account-switch').count()).toBe(0);
      await closePage(page);
    } finally {
      await browser.close();
    }
  });

  it('yes continues as the other account and revokes the session it leaves', async () => {
    const browser = await launchBrowser();
    try {
      const page = await openPage(browser);
      await signIn(page, server.url, DEMO_LOGINS.admin);
      await page.waitForURL('**/dashboard');
      const adminToken = (await storedToken(page))!;
      const studentToken = await apiToken(server.url, DEMO_LOGINS.student);

      await page.goto(`${server.url}/?token=${studentToken}`);
      await page.getByTestId('account-switch').waitFor({ timeout: 15_000 });
      await page.getByTestId('account-switch-continue').click();
      await page.waitForURL(`**/student/${athensId}/home`);
      await page.getByTestId('home-school-name').waitFor();
      expect(await storedToken(page)).toBe(studentToken);
      expect(await accountStatus(adminToken)).toBe(401);
      expect(await accountStatus(studentToken)).toBe(200);
      await closePage(page);
    } finally {
      await browser.close();
    }
  });

  it('speaks Greek, and takes screenshots at 1280 and 375', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    const browser = await launchBrowser();
    try {
      const first = await openPage(browser);
      await signIn(first, server.url, DEMO_LOGINS.teacher);
      await first.waitForURL(`**/teacher/${athensId}/home`);
      await first.evaluate(() => localStorage.setItem('mathema.language', '"el"'));
      await closePage(first);
      for (const width of [1280, 375]) {
        const page = await openPage(browser, width);
        const other = await apiToken(server.url, DEMO_LOGINS.parent);
        await page.goto(`${server.url}/?token=${other}`);
        await page.getByRole('button', { name: 'Αλλαγή λογαριασμού' }).waitFor({ timeout: 15_000 });
        // The dialog's fade-in, over before the picture.
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(screenshotDir, `switch-account-${width}.png`) });
        await page.getByTestId('account-switch-stay').click();
        await closePage(page);
      }
    } finally {
      await browser.close();
    }
  });
});
