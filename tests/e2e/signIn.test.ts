import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolEntries } from './support/api';
import { seriousViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
  storedQueryCache,
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

async function freshPage(width = 1280): Promise<Page> {
  const page = await openPage(browser, width);
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/login`);
  return page;
}

/** The dashboard's tab names in order (Fluent repeats each label once, hidden, for layout). */
const tabNames = (page: Page) =>
  page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).innerText.trim()));

describe('sign-in screens', () => {
  it('shows the validation messages of spec §5', async () => {
    const page = await freshPage();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Email is required!').isVisible()).toBe(true);
    expect(await page.getByText('Password is required!').isVisible()).toBe(true);

    await page.getByLabel(/^Email/).fill(`${'a'.repeat(316)}@x.gr`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByText('Email must be max 320 characters').isVisible())
      .toBe(true);
    await page.close();
  });

  it('loads the validation code when the user first types, not with the page (bench W4)', async () => {
    const page = await openPage(browser, 1280);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const validation = () => scripts.some((file) => /\/loginValidation-[\w-]+\.js$/.test(file));
    await page.goto(`${server.url}/login`);
    // The first field has focus as the page opens; focus alone loads nothing more.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.waitForLoadState('networkidle');
    expect(validation()).toBe(false);
    await page.keyboard.type('a');
    await expect.poll(validation).toBe(true);
    await page.close();
  });

  it('flashes the wrong-password error and clears it after 4 seconds', async () => {
    const page = await freshPage();
    await page.getByLabel(/^Email/).fill(DEMO_LOGINS.admin);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const flash = page.getByTestId('flash');
    await flash.waitFor();
    expect(await flash.textContent()).toBe('Wrong password Or Email');
    expect(new URL(page.url()).pathname).toBe('/login');
    await flash.waitFor({ state: 'detached', timeout: 6_000 });
    await page.close();
  });

  it('toggles the password visibility and links to the reset request', async () => {
    const page = await freshPage();
    const password = page.getByLabel(/^Password/);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/request-reset');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.getByText('Email is required!').count()).toBe(2); // field and warning
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/login');
    await page.close();
  });

  it('asks for the privacy policy and 8 characters on the reset-password screen', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/reset-password/some-token`);
    await page.getByLabel(/^New password/).fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect
      .poll(() => page.getByText('The password must be at least 8 characters').isVisible())
      .toBe(true);
    expect(await page.getByText('Please accept privacy policy').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'privacy policy' }).click();
    await page.getByRole('dialog', { name: 'Privacy policy' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.close();
  });

  it('signs the admin in to a dashboard with two schools, one tab per role held', async () => {
    const page = await freshPage();
    await signIn(page, server.url, DEMO_LOGINS.admin);
    await page.waitForURL('**/dashboard');
    await page.getByRole('tab').first().waitFor();
    expect(await tabNames(page)).toEqual(['Teacher', 'Admin']);
    const entry = page.getByTestId('school-entry');
    expect(await entry.textContent()).toContain('Demo School Thessaloniki');
    await page.getByRole('tab', { name: 'Admin' }).click();
    await expect.poll(() => entry.textContent()).toContain('Demo School Athens');
    expect(await entry.locator('img').count()).toBe(1);
    await entry.click();
    await page.waitForURL(`**/admin/${athensId}/home`);
    await page.getByTestId('drawer').waitFor();
    await page.close();
  });

  it.each([
    [DEMO_LOGINS.teacher, 'teacher'],
    [DEMO_LOGINS.student, 'student'],
    [DEMO_LOGINS.parent, 'client'],
  ])('opens the single entry of %s by itself', async (login, role) => {
    const page = await freshPage();
    await signIn(page, server.url, login);
    await page.waitForURL(`**/${role}/${athensId}/home`);
    await page.getByTestId('home-school-name').waitFor();
    expect(await page.getByTestId('home-school-name').textContent()).toContain(
      'Demo School Athens',
    );
    // One entry: no select-role in the profile menu.
    await page.getByTestId('profile-button').click();
    await page.getByTestId('logout').waitFor();
    expect(await page.getByRole('menuitem', { name: /Select role|Επιλογή ρόλου/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('logs out: token and cache gone, back to login, areas closed', async () => {
    const page = await freshPage();
    await signIn(page, server.url, DEMO_LOGINS.teacher);
    await page.waitForURL(`**/teacher/${athensId}/home`);
    await page.getByTestId('profile-button').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const cached = await storedQueryCache(page);
    expect(cached).toBeNull();
    await page.goto(`${server.url}/teacher/${athensId}/home`);
    await page.waitForURL('**/login');
    await page.close();
  });

  it('ends the session on a 401: storage cleared, back to login', async () => {
    const page = await freshPage();
    await signIn(page, server.url, DEMO_LOGINS.student);
    await page.waitForURL(`**/student/${athensId}/home`);
    await page.evaluate(() => localStorage.setItem('mathema.token', 'revoked-or-expired'));
    await page.goto(`${server.url}/student/${athensId}/home`);
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('mathema.token'))).toBeNull();
    await page.close();
  });

  it('starts at the dashboard with a token from the address', async () => {
    const page = await freshPage();
    const response = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO_LOGINS.admin, password: DEMO_PASSWORD }),
    });
    const { data } = (await response.json()) as { data: { token: string } };
    await page.goto(`${server.url}/?token=${data.token}`);
    await page.waitForURL('**/dashboard');
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('mathema.token'))).toBe(data.token);
    await page.close();
  });

  it('speaks Greek when chosen, on the sign-in screens and after', async () => {
    const page = await freshPage();
    await page.getByRole('button', { name: 'Ελληνικά' }).click();
    await page.getByRole('heading', { name: 'Σύνδεση' }).waitFor();
    await page.getByRole('button', { name: 'Σύνδεση' }).click();
    await expect.poll(() => page.getByText('Το email είναι υποχρεωτικό!').isVisible()).toBe(true);
    expect(await page.getByText('Ξεχάσατε τον κωδικό σας;').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    await page.getByLabel(/^Email/).fill(DEMO_LOGINS.admin);
    await page.getByLabel(/^Κωδικός/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Σύνδεση' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Επιλέξτε σχολείο και ρόλο' }).waitFor();
    expect(await tabNames(page)).toEqual(['Καθηγητής', 'Διαχειριστής']);
    await page.getByRole('tab', { name: 'Διαχειριστής' }).click();
    await page.getByTestId('school-entry').click();
    await page.waitForURL(`**/admin/${athensId}/home`);
    await page.getByTestId('drawer-item-students').waitFor();
    expect(await page.getByTestId('drawer-item-students').textContent()).toBe('Μαθητές');
    await expect.poll(() => page.getByTestId('top-bar-title').textContent()).toBe('Αρχική');
    await page.close();
  });

  it('has no serious or critical accessibility violation on the login screen', async () => {
    const page = await freshPage();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('takes the screenshots of the sign-in screens at 375 and 1280', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [375, 1280]) {
      const page = await freshPage(width);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `login-${width}.png`) });
      await page.goto(`${server.url}/create-user-password/some-token`);
      await page.getByRole('button', { name: 'Save password' }).click();
      await page.getByText('Please accept privacy policy').waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `create-password-${width}.png`) });
      await page.close();
    }
  });
});
