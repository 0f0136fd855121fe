import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
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

// The office's start in the browser: the admin's home with its cards, the first-steps
// checklist and one notification opened by its id, in English and Greek at 375 and 1280 px.

let server: RunningServer;
let browser: Browser;
const school = 1;
/** A 1×1 PNG. */
const PNG_LOGO = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc000000301010018dd8db00000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-start-${name}.png`), fullPage: true });

async function noViolations(page: Page, where: string) {
  const found = await wcagViolations(page);
  expect(
    found.map((v) => `${where}: ${v.id} ${v.targets.join(' | ')}`),
    'axe violations',
  ).toEqual([]);
}

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

describe("the admin's start", () => {
  it('shows today at a glance and the first steps, in English and Greek at 375 and 1280 px', async () => {
    const page = await openPage(browser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.admin);
    await page.goto(`${server.url}/admin/${school}/home`);
    for (const language of ['en', 'el'] as const) {
      await chooseLanguage(page, language);
      await page.getByTestId('home-card-announcements_latest').waitFor();
      const heading = language === 'en' ? 'Latest announcements' : 'Τελευταίες ανακοινώσεις';
      expect(await page.getByRole('heading', { name: heading }).count()).toBe(1);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
        await shot(page, `home-${language}-${width}`);
        await noViolations(page, `home ${language} ${width}`);
      }
    }
    // The demo school has pricing items, but this server no myDATA credentials: the home leads
    // to the checklist, whose open myDATA step links to the receipts screen.
    await page.getByTestId('home-first-steps').getByRole('link').click();
    await page.waitForURL(/\/admin\/1\/firs-steps$/);
    await page.getByTestId('first-steps').waitFor();
    expect(await page.getByTestId('first-step-levels').getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('first-step-pricing_items').getAttribute('data-done')).toBe(
      'true',
    );
    const mydata = page.getByTestId('first-step-mydata');
    expect(await mydata.getAttribute('data-done')).toBe('false');
    expect(await mydata.getByRole('link').getAttribute('href')).toMatch(/\/admin\/1\/invoices$/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
      await shot(page, `first-steps-el-${width}`);
      await noViolations(page, `first steps ${width}`);
    }

    // The list ticks itself from the school's data: without a logo the school's details are
    // open; once the office uploads one, they are done on the next visit.
    const details = page.getByTestId('first-step-school_details');
    const database = new SQLite(path.join(server.dataDir, 'mathema.db'));
    try {
      database.pragma('busy_timeout = 5000');
      database.prepare('update schools set logo = null where id = ?').run(school);
    } finally {
      database.close();
    }
    await page.reload();
    await page.getByTestId('first-steps').waitFor();
    await expect.poll(() => details.getAttribute('data-done'), { timeout: 10_000 }).toBe('false');
    const form = new FormData();
    form.append('file', new Blob([PNG_LOGO], { type: 'image/png' }), 'logo.png');
    const token = await tokenOf(server.url, DEMO_LOGINS.admin);
    const uploaded = await fetch(`${server.url}/api/schools/${school}/admin/settings/logo`, {
      method: 'POST',
      headers: { Token: token },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    await page.reload();
    await page.getByTestId('first-steps').waitFor();
    await expect.poll(() => details.getAttribute('data-done'), { timeout: 10_000 }).toBe('true');
    await closePage(page);
  });

  it('opens one notification by its id, marks it seen and links to what it refers to', async () => {
    const token = await tokenOf(server.url, DEMO_LOGINS.admin);
    const list = await apiCall<
      { id: number; title: string; entity: string | null; seen: boolean }[]
    >(server.url, token, 'GET', `/schools/${school}/admin/notifications?per_page=50`);
    const target = list.data.find((n) => n.entity === 'announcements') ?? list.data[0];
    expect(target).toBeDefined();
    const page = await openPage(browser, 375);
    await page.goto(`${server.url}/admin/${school}/notifications/${target!.id}`);
    await chooseLanguage(page, 'en');
    await page.getByRole('heading', { name: target!.title }).waitFor();
    await shot(page, 'notification-en-375');
    await noViolations(page, 'notification 375');
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ seen: boolean }>(
              server.url,
              token,
              'GET',
              `/schools/${school}/admin/notifications/${target!.id}`,
            )
          ).data.seen,
      )
      .toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, 'el');
    await page.getByRole('heading', { name: target!.title }).waitFor();
    await shot(page, 'notification-el-1280');
    await noViolations(page, 'notification 1280');
    // Another id is not found.
    await page.goto(`${server.url}/admin/${school}/notifications/999999`);
    await page.getByRole('alert').waitFor();
    await closePage(page);
  });
});
