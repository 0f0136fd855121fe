import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken, schoolEntries } from './support/api';
import { seriousViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;
let athensId: number;
let adminHome: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const entries = await schoolEntries(server.url, DEMO_LOGINS.admin);
  athensId = entries.find((entry) => entry.role === 'admin')!.school_id;
  adminHome = `${server.url}/admin/${athensId}/home`;
  // One signed-in admin for the whole file (the profile shares its storage between pages).
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

async function adminPage(width: number): Promise<Page> {
  const page = await openPage(browser, width);
  await page.goto(`${server.url}/dashboard`);
  await page.evaluate(() => localStorage.setItem('mathema.drawer', '"big"'));
  await page.goto(adminHome);
  await page.getByTestId('home-school-name').waitFor();
  return page;
}

const widthOf = async (page: Page, testId: string) =>
  Math.round((await page.getByTestId(testId).first().boundingBox())?.width ?? 0);

describe('the shell', () => {
  it('at 1280 keeps a permanent drawer that switches between 300 and 100', async () => {
    const page = await adminPage(1280);
    const drawer = page.getByTestId('drawer');
    expect(await widthOf(page, 'drawer')).toBe(300);
    expect(await page.getByTestId('drawer-item-students').textContent()).toBe('Students');
    expect(await page.getByTestId('drawer-user-name').textContent()).toBe('Ελένη Αλεξίου');
    expect(await page.getByTestId('drawer-item-home').getAttribute('aria-current')).toBe('page');
    // The 22 admin items of spec §2, the receipts and invoices, and the school's embedded page.
    expect(await page.locator('[data-testid^="drawer-item-"]').count()).toBe(24);

    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => drawer.getAttribute('data-size')).toBe('small');
    await expect.poll(() => widthOf(page, 'drawer')).toBe(100);
    expect(await page.getByTestId('drawer-item-students').textContent()).toBe('');
    await page.getByTestId('drawer-item-students').click();
    await page.waitForURL('**/students');
    await expect
      .poll(() => page.getByTestId('drawer-item-students').getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => page.getByTestId('top-bar-title').textContent()).toBe('Students');
    await page.getByTestId('resource-list-students').waitFor();

    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => widthOf(page, 'drawer')).toBe(300);
    // Messages button over 768, tools over 400.
    expect(await page.getByTestId('messages-button').isVisible()).toBe(true);
    expect(await page.getByTestId('tools-button').isVisible()).toBe(true);
    expect(await page.getByTestId('menu-button').count()).toBe(0);
    await page.close();
  });

  it('at 1000 shows the icon rail, whose button opens the big drawer over the page', async () => {
    const page = await adminPage(1000);
    expect(await page.getByTestId('drawer').count()).toBe(1);
    expect(await widthOf(page, 'drawer')).toBe(100);
    await page.getByTestId('drawer-toggle').click();
    const overlay = page.getByRole('dialog');
    await overlay.waitFor();
    expect(await overlay.getByTestId('drawer-item-teachers').textContent()).toBe('Teachers');
    expect(Math.round((await overlay.getByTestId('drawer').boundingBox())?.width ?? 0)).toBe(300);
    await overlay.getByTestId('drawer-item-teachers').click();
    await page.waitForURL('**/teachers');
    await overlay.waitFor({ state: 'detached' });
    await page.close();
  });

  it('at 375 hides the drawer behind the menu button and drops messages and tools', async () => {
    const page = await adminPage(375);
    expect(await page.getByTestId('drawer').count()).toBe(0);
    expect(await page.getByTestId('messages-button').count()).toBe(0);
    expect(await page.getByTestId('tools-button').count()).toBe(0);
    await page.getByTestId('menu-button').click();
    const overlay = page.getByRole('dialog');
    await overlay.getByTestId('drawer-item-clients').waitFor();
    expect(await overlay.getByTestId('drawer-item-clients').textContent()).toBe('Clients');
    await overlay.getByTestId('drawer-item-clients').click();
    await page.waitForURL('**/clients');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('top-bar-title').textContent()).toBe('Clients');
    await page.close();
  });

  it("lists the school's embedded pages in the drawer and opens them", async () => {
    const page = await adminPage(1280);
    const item = page.getByTestId('drawer-item-embed-school-rules');
    expect(await item.textContent()).toBe('School rules');
    await item.click();
    await page.waitForURL('**/embed/school-rules');
    await expect.poll(() => page.getByTestId('top-bar-title').textContent()).toBe('School rules');
    expect(await page.locator('iframe[title="School rules"]').getAttribute('src')).toBe(
      'https://example.org/school-rules',
    );
    await page.close();
  });

  it('offers the calculator and the Athens weather in the tools menu', async () => {
    const page = await adminPage(1280);
    await page.getByTestId('tools-button').click();
    await page.getByRole('menuitem', { name: 'Calculator' }).click();
    for (const key of ['7', 'Multiply', '6', 'Equals']) {
      await page.getByRole('button', { name: key, exact: true }).click();
    }
    await expect.poll(() => page.getByTestId('calculator-display').textContent()).toContain('42');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('tools-button').click();
    await page.getByRole('menuitem', { name: 'Weather in Athens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weather in Athens' });
    await expect
      .poll(
        async () =>
          (await dialog.getByText('No Data').count()) +
          (await dialog.getByTestId('weather-days').count()),
      )
      .toBe(1);
    const days = await dialog.locator('[data-testid="weather-days"] li').count();
    expect(days).toBeLessThanOrEqual(8);
    await page.close();
  });

  it('shows the unseen notifications capped at +9 and marks them seen when the list opens', async () => {
    const page = await adminPage(1280);
    const button = page.getByTestId('notifications-button');
    await expect.poll(() => button.getByTestId('count-badge').textContent()).toBe('+9');
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByTestId('notification-row').first().waitFor();
    expect(await panel.getByRole('columnheader').allTextContents()).toEqual(['Title', 'Date']);
    await panel.getByRole('searchbox').fill('Payment');
    await expect.poll(() => panel.getByTestId('notification-row').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getByTestId('count-badge').count()).toBe(0);
    await page.close();
  });

  it('lets an admin view the app as a teacher from the teachers list, and close it back to the dashboard', async () => {
    const teacherToken = await apiToken(server.url, DEMO_LOGINS.teacher);
    const teacher = await apiGet<{ id: number; first_name: string; last_name: string }>(
      server.url,
      teacherToken,
      '/account',
    );
    const name = `${teacher.first_name} ${teacher.last_name}`;
    const page = await adminPage(1280);
    await page.goto(`${server.url}/admin/${athensId}/teachers`);
    await page.getByRole('searchbox').fill(`${teacher.last_name} ${teacher.first_name}`);
    await expect.poll(() => page.getByTestId('row-menu').count()).toBe(1);
    await page.getByTestId('row-menu').click();
    await page.getByTestId('row-act-as').click();
    await page.waitForURL(`**/teacher/${athensId}/home`);
    await page.getByTestId('home-school-name').waitFor();
    expect(await page.getByTestId('top-bar-title').textContent()).toBe('Home (mocking)');
    expect(await page.getByTestId('drawer-user-name').textContent()).toBe(name);
    // The teacher's own lessons, as the teacher sees them.
    const own = await apiGet<{ id: number }[]>(
      server.url,
      teacherToken,
      `/schools/${athensId}/teacher/lessons?per_page=100`,
    );
    await page.goto(`${server.url}/teacher/${athensId}/lessons`);
    await expect
      .poll(() =>
        page
          .getByTestId('resource-list-lessons')
          .getByText(/results?$/)
          .textContent(),
      )
      .toBe(`${own.length} results`);
    await page.getByTestId('close-impersonation').click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('mathema.impersonation'))).toBe('null');
    await page.close();
  });

  it('has no serious or critical accessibility violation on the dashboard and the admin home', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('school-entry').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(adminHome);
    await page.getByTestId('home-school-name').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('fits the dashboard and the admin home in 375 and 1280 px, and takes their screenshots', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [375, 1280]) {
      const page = await openPage(browser, width);
      await page.goto(`${server.url}/dashboard`);
      await page.getByTestId('school-entry').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: path.join(screenshotDir, `dashboard-${width}.png`) });
      await page.goto(adminHome);
      await page.getByTestId('home-school-name').waitFor();
      // Nothing runs off the side at this width (the screenshot is for people; this is the check).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: path.join(screenshotDir, `admin-home-${width}.png`) });
      if (width < 768) {
        await page.getByTestId('menu-button').click();
        await page.getByRole('dialog').getByTestId('drawer').waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(screenshotDir, `admin-drawer-${width}.png`) });
      }
      await page.close();
    }
  });
});
