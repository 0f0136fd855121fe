import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './support/axe';
import {
  type Browser,
  closePage,
  DEMO_LOGINS,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// Attendance end to end: a teacher takes the register of a lesson and marks the demo student
// absent; the student's parent, in a browser of their own, gets the same-day notice (the grace
// period set to none) and finds the absence on the child's page; the office justifies it with a
// document, which the parent then sees. Every screen is checked with axe at 375 and 1280 px.

let server: RunningServer;
let teacherBrowser: Browser;
let parentBrowser: Browser;
let adminBrowser: Browser;
const school = 1;
const LESSON = 'Mathematics A1';
// The demo student, as the teacher's roll call writes her (last name first).
const STUDENT = 'Γεωργίου Σοφία';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  server = await startServer({ env: { JOBS_POLL_MS: '200' } });
  // The notice goes at once rather than after ten minutes (a school setting).
  const admin = await tokenOf(server.url, DEMO_LOGINS.admin);
  const set = await apiCall(server.url, admin, 'PUT', `/schools/${school}/admin/settings`, {
    settings: { absence_notice_grace_minutes: '0' },
  });
  expect(set.status).toBe(200);
  [teacherBrowser, parentBrowser, adminBrowser] = await Promise.all([
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await Promise.all([teacherBrowser?.close(), parentBrowser?.close(), adminBrowser?.close()]);
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `attendance-${name}.png`), fullPage: true });

async function noViolations(page: Page, where: string) {
  const found = await wcagViolations(page);
  expect(
    found.map((v) => `${where}: ${v.id} ${v.targets.join(' | ')}`),
    'axe violations',
  ).toEqual([]);
}

/** Each width in turn: the page resized, the body run (screenshots, axe). */
async function atWidths(page: Page, body: (width: number) => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
    await body(width);
  }
}

describe('attendance with the family’s same-day notice', () => {
  let studentId = 0;

  it('a teacher marks a student absent in one save from the lesson page', async () => {
    const page = await openPage(teacherBrowser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.teacher);
    await page.goto(`${server.url}/teacher/${school}/lessons`);
    await page.getByRole('link', { name: LESSON, exact: true }).first().click();
    await page.waitForURL(/\/teacher\/1\/lesson\/\d+$/);
    await page.getByTestId('lesson-tab-attendance').click();
    await page.getByTestId('attendance-panel').getByTestId('roll-call-row').first().waitFor();
    expect(await page.getByTestId('attendance-state').textContent()).toContain('Not taken yet');
    // Everyone starts present.
    const rows = page.getByTestId('roll-call-row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="roll-call-row"][data-status="present"]').count()).toBe(
      count,
    );
    const sofia = rows.filter({ hasText: STUDENT });
    await sofia.getByTestId('roll-call-absent').click();
    expect(await sofia.getAttribute('data-status')).toBe('absent');
    expect(await page.getByTestId('attendance-counts').textContent()).toContain('1 absent');
    await atWidths(page, async (width) => {
      await shot(page, `roll-call-${width}`);
      await noViolations(page, `roll call ${width}`);
    });
    await page.getByTestId('attendance-save').click();
    await page.getByTestId('attendance-saved').waitFor();
    expect(await page.getByTestId('attendance-state').textContent()).toContain(
      'Attendance was taken',
    );
    // A reload shows what was recorded (after the cached register, the server's).
    await page.reload();
    await page.getByTestId('attendance-panel').getByTestId('roll-call-row').first().waitFor();
    await expect
      .poll(() =>
        page.getByTestId('roll-call-row').filter({ hasText: STUDENT }).getAttribute('data-status'),
      )
      .toBe('absent');
    await shot(page, 'roll-call-saved-1280');
    await closePage(page);
  });

  it('the parent gets the notice and sees the absence on the child page', async () => {
    const page = await openPage(parentBrowser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.parent);
    await page.waitForURL(/\/client\/\d+\/home$/);
    // parent@demo.school reads Greek; the notice names the child.
    const button = page.getByTestId('notifications-button');
    await expect
      .poll(() => button.getByTestId('count-badge').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await button.click();
    const notice = page
      .getByTestId('notification-row')
      .filter({ hasText: 'Απουσία: Σοφία Γεωργίου' });
    await notice.waitFor();
    await shot(page, 'parent-notice-1280');
    await notice.click();
    await page.waitForURL(/\/client\/1\/student\/\d+$/);
    studentId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const section = page.getByTestId('child-absences');
    await section.getByTestId('absence-record').filter({ hasText: LESSON }).first().waitFor();
    await atWidths(page, async (width) => {
      await section.scrollIntoViewIfNeeded();
      await shot(page, `parent-child-${width}`);
      await noViolations(page, `child page ${width}`);
    });
  });

  it('the office justifies the absence with a document, and the parent sees it', async () => {
    const page = await openPage(adminBrowser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.admin);
    await page.goto(`${server.url}/admin/${school}/absences`);
    await page.getByTestId('absence-row').first().waitFor();
    await page.getByTestId('absences-search').fill('Γεωργίου');
    await expect
      .poll(async () =>
        (await page.getByTestId('absence-row').allTextContents()).every((row) =>
          row.includes('Γεωργίου'),
        ),
      )
      .toBe(true);
    await page.getByTestId('absences-search').fill('');
    await atWidths(page, async (width) => {
      await shot(page, `admin-absences-${width}`);
      await noViolations(page, `absences ${width}`);
    });

    await page.goto(`${server.url}/admin/${school}/absence/${studentId}`);
    const today = page
      .getByTestId('absence-record')
      .filter({ hasText: LESSON })
      .filter({ hasText: 'Unjustified' })
      .first();
    await today.waitFor();
    await today.getByTestId('absence-justify').click();
    const dialog = page.getByTestId('justify-dialog');
    await dialog.getByTestId('justify-note').fill('Ιατρική βεβαίωση');
    await dialog
      .getByTestId('justify-files-input')
      .setInputFiles([{ name: 'βεβαίωση-γιατρού.png', mimeType: 'image/png', buffer: PNG }]);
    await dialog.getByTestId('justify-files-file').waitFor();
    await shot(page, 'admin-justify-1280');
    await noViolations(page, 'justify dialog');
    await dialog.getByTestId('justify-save').click();
    await dialog.waitFor({ state: 'detached' });
    // The modal hid the rest of the page from screen readers; closing it gives the page back.
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('aria-hidden'));
    await page
      .getByTestId('absence-note')
      .filter({ hasText: 'Ιατρική βεβαίωση' })
      .first()
      .waitFor();
    await atWidths(page, async (width) => {
      await shot(page, `admin-student-${width}`);
      await noViolations(page, `student absences ${width}`);
    });
    await closePage(page);

    // The parent's child page now shows the justification and its document.
    const parent = parentBrowser.context.pages().at(-1)!;
    await parent.setViewportSize({ width: 1280, height: 800 });
    await parent.reload();
    const section = parent.getByTestId('child-absences');
    const doc = section.getByTestId('absence-document').filter({ hasText: 'βεβαίωση-γιατρού.png' });
    await doc.waitFor();
    const href = await doc.getAttribute('href');
    const opened = await fetch(new URL(href!, server.url));
    expect(opened.status).toBe(200);
    await doc.scrollIntoViewIfNeeded();
    await shot(parent, 'parent-justified-1280');
  });
});
