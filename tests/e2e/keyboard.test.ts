import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  screenshotDir,
} from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// A keyboard-only walk through the frame every screen shares: sign in, choose a school, open the
// students list, open a student, edit and save, open and cancel the delete confirmation, open and
// close the phone drawer and navigate from it. After each step the test asserts where focus is;
// nothing is clicked.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

/** Whether the locator's element has focus. */
const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement).catch(() => false);

/** A short description of the focused element, for failure messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
    return `${element.tagName.toLowerCase()} "${name ?? ''}"`;
  });

/** Presses Tab until the locator's element has focus; returns how many presses it took. */
async function tabTo(
  page: Page,
  target: Locator,
  limit = 80,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return presses;
  }
  throw new Error(`Tab never reached the element; focus is on ${await focusedElement(page)}`);
}

/** Waits until focus is on the locator's element. */
async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(async () => ((await isFocused(target)) ? 'there' : await focusedElement(page)), {
      timeout: 10_000,
    })
    .toBe('there');
}

const liveRegion = (page: Page) => page.getByTestId('live-region');

describe('the keyboard alone', () => {
  it('signs in, opens a student, saves, cancels a delete and uses the phone drawer', async () => {
    const page = await openPage(browser, 1280);

    // Sign-in: focus starts in the first field.
    await page.goto(`${server.url}/login`);
    const email = page.getByLabel(/^Email/);
    await expectFocusOn(page, email);
    await page.keyboard.type(DEMO_LOGINS.admin);
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByLabel(/^Password/));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    // The dashboard: focus on its heading, the screen announced.
    await page.waitForURL('**/dashboard');
    const dashboardHeading = page.getByRole('heading', { name: 'Choose a school and role' });
    await expectFocusOn(page, dashboardHeading);
    await expect.poll(() => liveRegion(page).textContent()).toBe('Choose a school and role');

    // Choosing a school: the Admin tab, then its school.
    await tabTo(page, page.getByRole('tab', { name: 'Teacher' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('school-entry').first());
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/\d+\/home$/);
    const homeHeading = page.locator('main').getByRole('heading', { name: 'Home', exact: true });
    await expectFocusOn(page, homeHeading);
    await expect.poll(() => liveRegion(page).textContent()).toBe('Home');

    // The skip link is the first stop, and leads past the drawer and the top bar.
    await page.reload();
    await page.getByTestId('home-school-name').waitFor();
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByTestId('skip-link'));
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-skip-link-1280.png') });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, homeHeading);

    // The students list from the drawer: focus on the list's heading.
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, page.getByTestId('drawer-item-students'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/students');
    const studentsHeading = page.locator('main').getByRole('heading', { name: 'Students' });
    await expectFocusOn(page, studentsHeading);
    await page.getByTestId('resource-row').first().waitFor();

    // From the list's heading the first student is past the list's own controls only (search,
    // filters, export, import, New, select all, the sort buttons): 20 Tabs at 1280, where it
    // took 51 from the top of the page before the skip link and the focus on the heading.
    const firstStudent = page.getByTestId('resource-row').first().getByRole('link');
    const presses = await tabTo(page, firstStudent, 40);
    expect(presses).toBeLessThanOrEqual(24);
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-row-link-1280.png') });
    const studentName = (await firstStudent.textContent())!.trim();

    // Opening the student: focus on the record's heading.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/students\/\d+$/);
    const recordHeading = page.locator('main h2').first();
    await expectFocusOn(page, recordHeading);
    await expect.poll(() => liveRegion(page).textContent()).toBe(await recordHeading.textContent());

    // Editing and saving: focus stays on Save, the result is announced.
    const firstName = page.getByTestId('resource-form-students').getByLabel(/^First name/);
    await tabTo(page, firstName);
    await page.keyboard.press('End');
    await page.keyboard.type('a');
    const save = page.getByTestId('form-save');
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect.poll(() => liveRegion(page).textContent()).toBe('Updated Successfully!');
    await expectFocusOn(page, save);
    expect(studentName).not.toBe('');

    // The delete confirmation: opened and cancelled, focus back on Delete.
    const remove = page.getByTestId('form-delete');
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('delete-confirm');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, remove);

    // The phone drawer: opened from the menu button, closed with Escape, focus back on the button.
    await page.setViewportSize({ width: 375, height: 740 });
    const menuButton = page.getByTestId('menu-button');
    await menuButton.waitFor();
    // The menu button is above the form: backwards.
    await tabTo(page, menuButton, 80, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog');
    await overlay.getByTestId('drawer-item-teachers').waitFor();
    await expect
      .poll(() => overlay.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await expectFocusOn(page, menuButton);
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-menu-button-375.png') });

    // Navigating from the drawer: the drawer closes and focus lands on the new screen's heading.
    await page.keyboard.press('Enter');
    await overlay.getByTestId('drawer-item-teachers').waitFor();
    await tabTo(page, overlay.getByTestId('drawer-item-teachers'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/teachers');
    await overlay.waitFor({ state: 'detached' });
    const teachersHeading = page.locator('main').getByRole('heading', { name: 'Teachers' });
    await expectFocusOn(page, teachersHeading);
    await expect.poll(() => liveRegion(page).textContent()).toBe('Teachers');
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-heading-375.png') });
  }, 180_000);
});
