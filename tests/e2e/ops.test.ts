import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken } from './support/api';
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
import { settled } from './support/screens';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;
let athens: number;
let adminToken: string;
let student: { id: number; user_id: number; last_name: string };

const shots = path.join(screenshotDir, 'ops');

async function inLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer();
  adminToken = await apiToken(server.url, DEMO_LOGINS.admin);
  const entries = await apiGet<{ school_id: number; role: string }[]>(
    server.url,
    adminToken,
    '/account/schools',
  );
  athens = entries.find((e) => e.role === 'admin')!.school_id;
  const students = await apiGet<{ id: number; user_id: number; last_name: string }[]>(
    server.url,
    adminToken,
    `/schools/${athens}/admin/students?per_page=5&page=3`,
  );
  student = students[0]!;
  browser = await launchBrowser();
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

describe("a person's data", () => {
  it('exports a zip and erases the person after the typed confirmation', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/admin/${athens}/students/${student.id}`);
    const exportButton = page.getByTestId('person-export');
    await exportButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^person-${student.user_id}-.*\\.zip$`),
    );
    const saved = path.join(shots, 'export.zip');
    await download.saveAs(saved);
    // The export says it is done. The toaster comes with the first press (app/toaster.ts), so
    // its toast may still be sliding in as the dialog opens: wait for it, so that the check
    // below does not read a half-faded toast's contrast.
    await page.locator('.fui-ToastTitle', { hasText: 'The personal data was exported.' }).waitFor();

    await page.getByTestId('person-erase').click();
    const confirm = page.getByTestId('person-erase-confirm');
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('person-erase-confirmation').fill('ERASE');
    expect(await confirm.isDisabled()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'erase-dialog-1280.png') });
    await confirm.click();
    await page.getByText('The person was erased.').waitFor();
    const after = await apiGet<{ last_name: string; first_name: string }>(
      server.url,
      adminToken,
      `/schools/${athens}/admin/students/${student.id}`,
    );
    expect([after.first_name, after.last_name]).toEqual(['Erased', 'person']);
    await closePage(page);
  });
});

describe('the audit log', () => {
  for (const width of [375, 1280]) {
    for (const language of ['en', 'el'] as const) {
      it(`filters by action and person at ${width} px in ${language}`, async () => {
        const page = await openPage(browser, width);
        await page.goto(`${server.url}/admin/${athens}/settings/audit-log`);
        await inLanguage(page, language);
        await settled(page);
        const rows = page.getByTestId('audit-table').locator('tbody tr');
        await rows.first().waitFor();
        await page.getByTestId('audit-action').fill('erase');
        await expect
          .poll(async () => (await rows.allTextContents()).every((r) => r.includes('erase')))
          .toBe(true);
        expect(await rows.count()).toBeGreaterThan(0);
        // The person's name filters by them.
        await rows.first().getByRole('button').first().click();
        await page.getByTestId('audit-actor-clear').waitFor();
        await page.getByTestId('audit-action').fill('');
        await page.getByTestId('audit-search').fill('no-such-text-anywhere');
        await page.locator('main p').last().waitFor();
        await page.getByTestId('audit-search').fill('');
        await rows.first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(shots, `audit-log-${width}-${language}.png`),
          fullPage: true,
        });
        await inLanguage(page, 'en');
        await closePage(page);
      });
    }
  }
});
