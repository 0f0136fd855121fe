import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/built-server';
import { wcagViolations } from './support/axe';
import {
  asUser,
  closePage,
  DEMO_LOGINS,
  launchBrowser,
  openPage,
  signIn,
  type Browser,
} from './support/browser';
import { settled } from './support/screens';

// Receipts and invoices through the screens of the built app, on the demo data (no myDATA
// configured, so the office is told why): the office's list and a rejected document's page
// with AADE's errors in words, a sent receipt's PDF; the parent's receipts on their home.
// Screenshots go outside the repository (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
/** The office's browser: the demo admin holds two roles, so sign-in ends on the dashboard. */
let office: Browser;
const school = 1;
const shotsDir = process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'invoices-shots');
mkdirSync(shotsDir, { recursive: true });

beforeAll(async () => {
  server = await startServer();
  office = await launchBrowser();
  const page = await openPage(office);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
});
afterAll(async () => {
  await office?.close();
  await server?.cleanUp();
});

/** A page of the office's signed-in browser at a width. */
async function asOffice<T>(width: number, body: (page: Page) => Promise<T>): Promise<T> {
  const page = await openPage(office, width);
  try {
    return await body(page);
  } finally {
    await closePage(page);
  }
}

const WAIT = { timeout: 20_000 };

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

async function savedPdf(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await click();
  const saved = await download;
  return fs.readFile((await saved.path())!);
}

describe('receipts and invoices', () => {
  for (const width of [1280, 375]) {
    it(`the office sees documents with their myDATA status and why they are not sent (${width} px)`, async () => {
      await asOffice(width, async (page) => {
        await page.goto(`${server.url}/admin/${school}/invoices`);
        await settled(page);
        await expect.poll(() => page.getByTestId('invoice-row').count(), WAIT).toBeGreaterThan(5);
        await expect
          .poll(() => page.getByTestId('mydata-readiness').textContent(), WAIT)
          .toContain('MYDATA_URL');
        const statuses = await page.getByTestId('mydata-status').allTextContents();
        expect(statuses).toContain('Sent to myDATA');
        expect(await wcagViolations(page)).toEqual([]);
        await shot(page, `office-list-${width}`);

        // The school's issuer details, where the office completes what myDATA needs.
        await page.getByTestId('invoicing-profile-open').click();
        const dialog = page.getByTestId('invoicing-profile');
        await expect
          .poll(() => dialog.getByLabel('Legal name').inputValue(), WAIT)
          .toBe('Φροντιστήριο Μάθημα Ι.Κ.Ε.');
        expect(await wcagViolations(page)).toEqual([]);
        await shot(page, `office-profile-${width}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        // The rejected one, found with the status filter: AADE's errors in words.
        await page.getByTestId('invoices-status').click();
        await page.getByRole('option', { name: 'Rejected by myDATA' }).click();
        await expect.poll(() => page.getByTestId('invoice-row').count(), WAIT).toBe(1);
        await page.getByTestId('invoice-row').getByRole('link').click();
        await settled(page);
        await expect
          .poll(() => page.getByTestId('mydata-errors').textContent(), WAIT)
          .toContain('myDATA expects a card (POS) payment for this document.');
        // No myDATA on this server: no resend to offer (the list's banner says why).
        expect(await page.getByTestId('invoice-send').count()).toBe(0);
        expect(await wcagViolations(page)).toEqual([]);
        await shot(page, `office-rejected-${width}`);
      });
    });
  }

  it('the office downloads a sent receipt as a PDF with its MARK; in Greek too', async () => {
    await asOffice(1280, async (page) => {
      await page.goto(`${server.url}/admin/${school}/invoices`);
      await settled(page);
      await page.getByTestId('invoices-status').click();
      await page.getByRole('option', { name: 'Sent to myDATA' }).click();
      await expect
        .poll(() => page.getByTestId('mydata-status').first().getAttribute('data-status'), WAIT)
        .toBe('sent');
      await page.getByTestId('invoice-row').first().getByRole('link').click();
      await settled(page);
      await expect
        .poll(() => page.getByTestId('mydata-mark').textContent(), WAIT)
        .toMatch(/^MARK \d{15}$/);
      const bytes = await savedPdf(page, () => page.getByTestId('invoice-pdf').click());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      await shot(page, 'office-sent-1280');
      await chooseLanguage(page, 'el');
      await settled(page);
      await expect
        .poll(() => page.getByTestId('mydata-mark').textContent(), WAIT)
        .toMatch(/^ΜΑΡΚ \d{15}$/);
      expect(await wcagViolations(page)).toEqual([]);
      await shot(page, 'office-sent-el-1280');
    });
  }, 120_000);

  for (const width of [360, 1280]) {
    it(`a parent sees their receipts on their home and downloads one (${width} px)`, async () => {
      await asUser(server.url, DEMO_LOGINS.parent, width, async (page) => {
        await settled(page);
        const receipts = page.getByTestId('payer-receipt');
        // The home shows them before the area's route table has loaded (no click needed).
        await expect.poll(() => receipts.count(), WAIT).toBeGreaterThan(2);
        await expect.poll(() => receipts.first().textContent(), WAIT).toMatch(/\d,\d{2} €/);
        const bytes = await savedPdf(page, () =>
          receipts.first().getByTestId('payer-receipt-pdf').click(),
        );
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(await wcagViolations(page)).toEqual([]);
        await shot(page, `parent-home-${width}`);
      });
    });
  }
});
