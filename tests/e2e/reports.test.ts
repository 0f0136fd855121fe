import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  signIn,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// The office reads a report: its chart and table at 1280 and 375 px, in English and Greek,
// and exports it in the background with a progress bar and a download. axe runs on each.
// Screenshots go outside the repository (SHOTS_DIR, else the temp folder).

let server: RunningServer;
let browser: Browser;
const school = 1;
const shotsDir = process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'reports-shots');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language, {
    timeout: 20_000,
  });
}

describe('reports', () => {
  it('shows a report with its chart and table, and exports it with a progress bar', async () => {
    const page = await openPage(browser, 1280);
    try {
      await signIn(page, server.url, DEMO_LOGINS.admin);
      await page.goto(`${server.url}/admin/${school}/reporting`);
      await page.getByTestId('reports-list').waitFor();
      await page.getByRole('link', { name: 'Attendance by lesson and month' }).click();
      await page.waitForURL(/reporting\/attendance-by-lesson-month/);
      const chart = page.getByTestId('report-chart').locator('canvas');
      await chart.waitFor();
      expect(await chart.getAttribute('aria-label')).toContain('Attendance by lesson and month');
      const table = page.getByTestId('report-table');
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
      expect(await page.getByTestId('report-totals').textContent()).toContain('Total');
      await shot(page, 'report-attendance-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      // A filter narrows the rows through the address.
      const lessonSelect = page.getByTestId('filter-lesson_id');
      const firstLesson = await lessonSelect.locator('option').nth(1).getAttribute('value');
      await lessonSelect.selectOption(firstLesson!);
      await page.waitForURL(new RegExp(`lesson_id=${firstLesson}`));

      // The export runs in the background: a progress bar, then the download.
      await page.getByTestId('export-xlsx').click();
      await page.getByTestId('export-progress').waitFor({ timeout: 10_000 });
      await shot(page, 'report-export-progress-1280-en');
      await page.getByTestId('export-download').waitFor({ timeout: 30_000 });
      const downloading = page.waitForEvent('download');
      await page.getByTestId('export-download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^attendance-by-lesson-month-.*\.xlsx$/);
      await shot(page, 'report-export-ready-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      // Greek, on a phone.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${server.url}/admin/${school}/reporting/grades-distribution`);
      await chooseLanguage(page, 'el');
      await page.getByTestId('report-chart').locator('canvas').waitFor();
      expect(await page.getByRole('heading', { name: 'Κατανομή βαθμών' }).count()).toBe(1);
      expect(await page.getByTestId('report-table').textContent()).toContain('Κάτω από τη βάση');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'report-grades-375-el');
      await page
        .getByTestId('report-table')
        .screenshot({ path: path.join(shotsDir, 'report-grades-table-375-el.png') });
      expect(await wcagViolations(page)).toEqual([]);

      await page.goto(`${server.url}/admin/${school}/reporting`);
      await page.getByTestId('reports-list').waitFor();
      await shot(page, 'reports-list-375-el');
      expect(await wcagViolations(page)).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it('shows the finance and live-session reports and exports one to PDF', async () => {
    const page = await openPage(browser, 1280);
    try {
      // Signed in (remembered) by the first test, which left the app in Greek.
      await page.goto(`${server.url}/admin/${school}/reporting/outstanding-balances`);
      await chooseLanguage(page, 'en');
      await page.getByTestId('report-chart').locator('canvas').waitFor();
      expect(await page.getByTestId('report-table').textContent()).toContain('Over 90 days');
      expect(await page.getByTestId('report-totals').textContent()).toMatch(/€/);
      await shot(page, 'report-ageing-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      await page.getByTestId('export-pdf').click();
      await page.getByTestId('export-progress').waitFor({ timeout: 10_000 });
      await page.getByTestId('export-download').waitFor({ timeout: 30_000 });
      const downloading = page.waitForEvent('download');
      await page.getByTestId('export-download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^outstanding-balances-.*\.pdf$/);
      await download.saveAs(path.join(shotsDir, 'outstanding-balances.pdf'));

      await page.goto(`${server.url}/admin/${school}/reporting/live-sessions-by-lesson`);
      await page.getByTestId('report-chart').locator('canvas').waitFor();
      expect(await page.getByTestId('report-table').textContent()).toContain('Recordings');
      await shot(page, 'report-live-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${server.url}/admin/${school}/reporting/mydata-not-accepted`);
      await chooseLanguage(page, 'el');
      await page.getByTestId('report-chart').locator('canvas').waitFor();
      // The states are words the reader's language translates.
      expect(await page.getByTestId('report-table').textContent()).toContain('Απορρίφθηκε');
      await shot(page, 'report-mydata-375-el');
      expect(await wcagViolations(page)).toEqual([]);
      await page.goto(`${server.url}/admin/${school}/reporting/income-expense-by-month`);
      await page.getByTestId('report-chart').locator('canvas').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'report-income-375-el');
      expect(await wcagViolations(page)).toEqual([]);
    } finally {
      await closePage(page);
    }
  });

  it("makes a level's report cards with a progress bar, and a student's card on their page", async () => {
    const page = await openPage(browser, 1280);
    try {
      await page.goto(`${server.url}/admin/${school}/reporting`);
      await chooseLanguage(page, 'en');
      await page.getByTestId('reports-list').waitFor();
      await page.getByRole('link', { name: 'Report cards' }).click();
      await page.waitForURL(/reporting\/report-cards$/);
      await page.getByTestId('report-cards-level').waitFor();
      await shot(page, 'report-cards-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      await page.getByTestId('report-cards-start').click();
      await page.getByTestId('report-cards-progress').waitFor({ timeout: 10_000 });
      await shot(page, 'report-cards-progress-1280-en');
      await page.getByTestId('report-cards-ready').waitFor({ timeout: 60_000 });
      const downloading = page.waitForEvent('download');
      await page.getByTestId('report-cards-ready').getByRole('button').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(
        /^report-cards-level-\d+-sub-period-\d+-.*\.pdf$/,
      );
      await download.saveAs(path.join(shotsDir, 'report-cards-level.pdf'));
      await shot(page, 'report-cards-ready-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 375, height: 800 });
      await chooseLanguage(page, 'el');
      await page.getByTestId('report-cards-level').waitFor();
      expect(await page.getByRole('heading', { name: 'Έλεγχοι προόδου', level: 2 }).count()).toBe(
        1,
      );
      // The finished batch stays listed for its asker, in the new language too.
      await page.getByRole('heading', { name: 'Έτοιμοι για λήψη' }).waitFor();
      await shot(page, 'report-cards-375-el');
      expect(await wcagViolations(page)).toEqual([]);

      // One student's card, from the student's page.
      await page.setViewportSize({ width: 1280, height: 800 });
      await chooseLanguage(page, 'en');
      const token = await tokenOf(server.url, DEMO_LOGINS.admin);
      const found = await apiCall<{ id: number; email: string }[]>(
        server.url,
        token,
        'GET',
        `/schools/${school}/admin/students?search=${encodeURIComponent(DEMO_LOGINS.student)}`,
      );
      const student = found.data.find((s) => s.email === DEMO_LOGINS.student)!;
      await page.goto(`${server.url}/admin/${school}/students/${student.id}`);
      const download2 = page.getByTestId('student-report-card-download');
      await download2.waitFor();
      await download2.scrollIntoViewIfNeeded();
      const saving = page.waitForEvent('download');
      await download2.click();
      const card = await saving;
      expect(card.suggestedFilename()).toMatch(/^report-card-\d+-sub-period-\d+\.pdf$/);
      await card.saveAs(path.join(shotsDir, 'report-card-student.pdf'));
      await page
        .locator('section[aria-labelledby="student-report-card"]')
        .screenshot({ path: path.join(shotsDir, 'student-report-card-1280-en.png') });
      expect(await wcagViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      await page
        .locator('section[aria-labelledby="student-report-card"]')
        .screenshot({ path: path.join(shotsDir, 'student-report-card-375-en.png') });
    } finally {
      await closePage(page);
    }
  });
});
