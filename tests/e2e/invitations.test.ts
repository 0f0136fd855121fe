import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken } from './support/api';
import {
  type Browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { invitationLink, mailsTo } from './support/outbox';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let admin: Browser;
let athensId: number;
let thessalonikiId: number;
/** A student of Thessaloniki only, whom Athens will invite by e-mail. */
let invitee: { email: string; first_name: string; last_name: string };

beforeAll(async () => {
  server = await startServer();
  admin = await launchBrowser();
  const adminToken = await apiToken(server.url, DEMO_LOGINS.admin);
  const entries = await apiGet<{ school_id: number; role: string; name: string }[]>(
    server.url,
    adminToken,
    '/account/schools',
  );
  athensId = entries.find((e) => e.name === 'Demo School Athens')!.school_id;
  thessalonikiId = entries.find((e) => e.name === 'Demo School Thessaloniki')!.school_id;
  // The admin teaches in Thessaloniki, so sees students there; none of them is in Athens.
  const students = await apiGet<{ email: string | null; first_name: string; last_name: string }[]>(
    server.url,
    adminToken,
    `/schools/${thessalonikiId}/teacher/students?per_page=50`,
  );
  for (const student of students) {
    if (!student.email) continue;
    const inAthens = await apiGet<unknown[]>(
      server.url,
      adminToken,
      `/schools/${athensId}/admin/users?search=${encodeURIComponent(student.email)}`,
    );
    if (inAthens.length === 0) {
      invitee = {
        email: student.email,
        first_name: student.first_name,
        last_name: student.last_name,
      };
      break;
    }
  }
  expect(invitee).toBeDefined();
  const page = await openPage(admin);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
});

afterAll(async () => {
  await admin?.close();
  await server?.cleanUp();
});

/** Signs in on the login screen the app is showing (keeping its address, `?next=` included). */
async function signInHere(page: Page, username: string) {
  await page.getByLabel(/^Email/).fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('an invitation to another school', () => {
  it('is mailed when the admin adds a student of another school, and accepted by that student', async () => {
    // The admin adds the Thessaloniki student to Athens by e-mail.
    const page = await openPage(admin);
    await page.goto(`${server.url}/admin/${athensId}/students/new`);
    await page.locator('#field-students-last_name').fill(invitee.last_name);
    await page.locator('#field-students-first_name').fill(invitee.first_name);
    await page.locator('#field-students-email').fill(invitee.email);
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/students\/\d+$/);
    await closePage(page);

    // The mail carries the link.
    await expect.poll(() => mailsTo(server.dataDir, invitee.email).length).toBeGreaterThan(0);
    const link = invitationLink(mailsTo(server.dataDir, invitee.email).at(-1)!);
    expect(link).toMatch(/\/invitation\//);
    const address = new URL(link!).pathname;

    const student = await launchBrowser();
    try {
      const tab = await openPage(student);
      // Signed out: asked to sign in first, and brought back after.
      await tab.goto(`${server.url}${address}`);
      await tab.getByRole('heading', { name: 'An invitation to a school' }).waitFor();
      await tab.getByTestId('invitation-sign-in').click();
      await tab.waitForURL('**/login?next=*');
      await signInHere(tab, invitee.email);
      await tab.waitForURL(`**${address}`);

      // Signed in: accepting says which school was joined.
      await tab.getByTestId('invitation-accept').click();
      const accepted = tab.getByTestId('invitation-accepted');
      await accepted.waitFor();
      expect(await accepted.textContent()).toContain('You joined Demo School Athens.');
      await tab.getByRole('link', { name: 'Go to the dashboard' }).click();
      await tab.waitForURL('**/dashboard');
      await expect
        .poll(() => tab.getByTestId('school-entry').allTextContents())
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining('Demo School Athens'),
            expect.stringContaining('Demo School Thessaloniki'),
          ]),
        );

      // The same link again: no longer valid, in words.
      await tab.goto(`${server.url}${address}`);
      await tab.getByTestId('invitation-accept').click();
      await tab.getByTestId('invitation-error').waitFor();
      expect(await tab.getByTestId('invitation-error').textContent()).toContain(
        'This invitation link is no longer valid',
      );
      await closePage(tab);
    } finally {
      await student.close();
    }
  });

  it('says a bad link is no longer valid in Greek, at 1280 and 375', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    const browser = await launchBrowser();
    try {
      const first = await openPage(browser);
      await signIn(first, server.url, DEMO_LOGINS.student);
      await first.waitForURL('**/student/*/home');
      await first.evaluate(() => localStorage.setItem('mathema.language', '"el"'));
      await closePage(first);
      for (const width of [1280, 375]) {
        const page = await openPage(browser, width);
        await page.goto(`${server.url}/invitation/not-a-real-invitation-token`);
        await page.getByRole('button', { name: 'Αποδοχή της πρόσκλησης' }).waitFor();
        await page.screenshot({ path: path.join(screenshotDir, `invitation-${width}.png`) });
        await page.getByRole('button', { name: 'Αποδοχή της πρόσκλησης' }).click();
        await page.getByTestId('invitation-error').waitFor();
        expect(await page.getByTestId('invitation-error').textContent()).toContain(
          'Αυτός ο σύνδεσμος πρόσκλησης δεν ισχύει πλέον',
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        await page.screenshot({
          path: path.join(screenshotDir, `invitation-refused-${width}.png`),
        });
        await closePage(page);
      }
    } finally {
      await browser.close();
    }
  });
});
