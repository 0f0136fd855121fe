import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/shared/finance/plan';
import { wcagViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// The office's choices at the desk: which installments a payment pays, a charge's discount
// added, changed and removed (never below what was paid), and the receipts and invoices in the
// menu; in English and Greek, at 1280 and 375 wide.

let server: RunningServer;
let browser: Browser;
let adminToken: string;
const school = 1;

interface Account {
  balance_cents: number;
  credit_cents: number;
  installments: { id: number; paid_cents: number; amount_cents: number }[];
  charges: {
    id: number;
    discount_kind: string | null;
    discount_value: number;
    discount_cents: number;
    net_cents: number;
  }[];
}

const admin = (route: string) => `${server.url}/admin/${school}/${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `finance-${name}.png`) });
const api = async <T>(method: string, route: string, body?: unknown) => {
  const res = await apiCall<T>(
    server.url,
    adminToken,
    method,
    `/schools/${school}/admin${route}`,
    body,
  );
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return res.data;
};
const accountOf = (client: number) => api<Account>('GET', `/clients/${client}/account`);

/** The language the login screen and the profile menu write; the page reloads into it. */
async function speak(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language, {
    timeout: 20_000,
  });
}

/** A family of its own: a payer, their child, and three installments of 100,00 € from two months ago. */
async function familyOwing(name: string) {
  const client = await api<{ id: number }>('POST', '/clients', {
    first_name: 'Μαρία',
    last_name: name,
  });
  const student = await api<{ id: number }>('POST', '/students', {
    first_name: 'Γιάννης',
    last_name: name,
    guardian_ids: [client.id],
  });
  const today = new Date().toISOString().slice(0, 10);
  await api('POST', `/clients/${client.id}/charges`, {
    description: 'Φροντιστήριο Φυσικής',
    amount_cents: 30000,
    schedule: 'installments',
    installments: 3,
    start_date: `${addMonths(today, -2).slice(0, 7)}-05`,
    student_id: student.id,
  });
  return client.id;
}

async function openAccount(page: Page, client: number, balance: string) {
  await page.goto(admin(`clients/${client}`));
  await expect
    .poll(() => page.getByTestId('account-balance').textContent(), { timeout: 20_000 })
    .toBe(balance);
  await page
    .getByTestId('client-account')
    .evaluate((section) => section.scrollIntoView({ block: 'start' }));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await tokenOf(server.url, DEMO_LOGINS.admin);
  mkdirSync(screenshotDir, { recursive: true });
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

describe("the office's choices at the desk", () => {
  it('pays the installments the office ticks, the rest as credit', async () => {
    const client = await familyOwing('Επιλογή');
    const page = await openPage(browser, 1280);
    await openAccount(page, client, '300,00 €');
    await page.getByTestId('take-payment').click();
    const dialog = page.getByTestId('payment-dialog');
    // Oldest first unless the office chooses.
    await dialog.getByRole('radio', { name: 'The installments I choose' }).check();
    const rows = dialog.getByTestId('installment-choice-row');
    await expect.poll(() => rows.count()).toBe(3);
    const summary = dialog.getByTestId('payment-choice-summary');
    expect(await summary.textContent()).toBe('Tick the installments this payment pays');
    expect(await dialog.getByTestId('payment-save').isDisabled()).toBe(true);
    // The last installment: the amount follows what is ticked.
    await rows.nth(2).getByRole('checkbox').check();
    await expect.poll(() => dialog.getByTestId('payment-amount').inputValue()).toBe('100,00');
    const part = rows.nth(2).getByTestId('installment-choice-amount');
    await part.fill('60');
    await expect.poll(() => summary.textContent()).toBe('Chosen: 60,00 €.');
    await expect.poll(() => dialog.getByTestId('payment-amount').inputValue()).toBe('60,00');
    // More than it owes is refused before it is sent.
    await part.fill('150');
    await expect
      .poll(() => summary.textContent())
      .toBe('Correct the amounts of the installments ticked');
    expect(await dialog.getByTestId('payment-save').isDisabled()).toBe(true);
    await part.fill('60');
    // A payment above what is ticked: the rest becomes credit.
    await dialog.getByTestId('payment-amount').fill('80');
    await expect
      .poll(() => summary.textContent())
      .toBe('Chosen: 60,00 €; the rest, 20,00 €, becomes credit.');
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'payment-choice-1280');
    await dialog.getByTestId('payment-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('220,00 €');
    const after = await accountOf(client);
    expect(after.installments.map((i) => i.paid_cents)).toEqual([0, 0, 6000]);
    expect(after.credit_cents).toBe(2000);
    await closePage(page);
  });

  it('chooses installments in Greek at 375 wide', async () => {
    const client = await familyOwing('Στενή');
    const page = await openPage(browser, 375);
    await page.goto(admin(`clients/${client}`));
    await speak(page, 'el');
    try {
      await openAccount(page, client, '300,00 €');
      await page.getByTestId('take-payment').click();
      const dialog = page.getByTestId('payment-dialog');
      await dialog.getByRole('radio', { name: 'Τις δόσεις που επιλέγω' }).check();
      await dialog.getByTestId('installment-choice-row').nth(1).getByRole('checkbox').check();
      await expect
        .poll(() => dialog.getByTestId('payment-choice-summary').textContent())
        .toBe('Επιλέχθηκαν 100,00 €.');
      expect(await wcagViolations(page)).toEqual([]);
      await shot(page, 'payment-choice-375-el');
      await dialog.getByTestId('payment-save').click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect((await accountOf(client)).installments.map((i) => i.paid_cents)).toEqual([
        0, 10000, 0,
      ]);
    } finally {
      await speak(page, 'en');
      await closePage(page);
    }
  });

  it('adds, changes and removes a discount without touching what was paid', async () => {
    const client = await familyOwing('Έκπτωση');
    const [first] = (await accountOf(client)).installments;
    await api('POST', `/clients/${client}/payments`, {
      amount_cents: 6000,
      method: 'cash',
      fund_id: (await api<{ id: number; kind: string }[]>('GET', '/finance/funds')).find(
        (f) => f.kind === 'cash',
      )!.id,
      date: new Date().toISOString().slice(0, 10),
      allocations: [{ installment_id: first!.id, amount_cents: 6000 }],
    });
    const page = await openPage(browser, 1280);
    await openAccount(page, client, '240,00 €');
    const row = page.getByTestId('charge-row').first();
    await row.getByTestId('charge-discount').click();
    let dialog = page.getByTestId('discount-dialog');
    await dialog.getByTestId('discount-kind').click();
    await page.getByRole('option', { name: 'Percentage' }).click();
    await dialog.getByTestId('discount-value').fill('10');
    await dialog.getByTestId('discount-reason').fill('Έκπτωση αδελφών');
    await expect
      .poll(() => dialog.getByTestId('discount-preview').textContent())
      .toBe('300,00 € less 30,00 €: 270,00 € to pay, of which 60,00 € is paid.');
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'discount-dialog-1280');
    await dialog.getByTestId('discount-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('210,00 €');
    expect(await row.textContent()).toContain('30,00 € (10%) · Έκπτωση αδελφών');
    await shot(page, 'account-discount-1280');
    let charge = (await accountOf(client)).charges[0]!;
    expect(charge).toMatchObject({
      discount_kind: 'percent',
      discount_value: 10,
      net_cents: 27000,
    });

    // Changed to an amount: one that would leave less than was paid is refused in the dialog.
    await row.getByTestId('charge-discount').click();
    dialog = page.getByTestId('discount-dialog');
    expect(await dialog.getByTestId('discount-value').inputValue()).toBe('10');
    await dialog.getByTestId('discount-kind').click();
    await page.getByRole('option', { name: 'Amount' }).click();
    await dialog.getByTestId('discount-value').fill('250');
    await expect
      .poll(() => dialog.getByTestId('discount-preview').textContent())
      .toBe(
        'More has been paid (60,00 €) than the charge would come to (50,00 €): record a refund instead.',
      );
    expect(await dialog.getByTestId('discount-save').isDisabled()).toBe(true);
    await dialog.getByTestId('discount-value').fill('50');
    await dialog.getByTestId('discount-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    charge = (await accountOf(client)).charges[0]!;
    expect(charge).toMatchObject({
      discount_kind: 'amount',
      discount_cents: 5000,
      net_cents: 25000,
    });

    // Removed: the whole amount again; the 60,00 € paid stays on the first installment.
    await row.getByTestId('charge-discount').click();
    await page.getByTestId('discount-dialog').getByTestId('discount-remove').click();
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('240,00 €');
    const after = await accountOf(client);
    expect(after.charges[0]).toMatchObject({ discount_kind: null, net_cents: 30000 });
    expect(after.installments.map((i) => i.paid_cents)).toEqual([6000, 0, 0]);
    await closePage(page);
  });

  it('gives a discount in Greek at 375 wide', async () => {
    const client = await familyOwing('Κινητό');
    const page = await openPage(browser, 375);
    await page.goto(admin(`clients/${client}`));
    await speak(page, 'el');
    try {
      await openAccount(page, client, '300,00 €');
      await page
        .getByTestId('charge-row')
        .first()
        .evaluate((card) => card.scrollIntoView({ block: 'center' }));
      expect(await wcagViolations(page)).toEqual([]);
      await shot(page, 'account-charges-375-el');
      await page.getByTestId('charge-row').first().getByTestId('charge-discount').click();
      const dialog = page.getByTestId('discount-dialog');
      await dialog.getByTestId('discount-kind').click();
      await page.getByRole('option', { name: 'Ποσό' }).click();
      await dialog.getByTestId('discount-value').fill('45');
      await dialog.getByTestId('discount-reason').fill('Υποτροφία');
      await expect
        .poll(() => dialog.getByTestId('discount-preview').textContent())
        .toBe('300,00 € μείον 45,00 €: 255,00 € προς πληρωμή, από τα οποία έχουν πληρωθεί 0,00 €.');
      expect(await wcagViolations(page)).toEqual([]);
      await shot(page, 'discount-dialog-375-el');
      await dialog.getByTestId('discount-save').click();
      await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('255,00 €');
    } finally {
      await speak(page, 'en');
      await closePage(page);
    }
  });

  it('lists the receipts and invoices in the admin menu', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(admin('home'));
    const item = page.getByTestId('drawer-item-invoices');
    await expect.poll(() => item.textContent(), { timeout: 20_000 }).toBe('Receipts and invoices');
    await item.click();
    await page.waitForURL(/\/admin\/1\/invoices$/);
    await expect.poll(() => item.getAttribute('aria-current'), { timeout: 20_000 }).toBe('page');
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'invoices-menu-1280');
    await speak(page, 'el');
    try {
      await expect
        .poll(() => page.getByTestId('drawer-item-invoices').textContent())
        .toBe('Αποδείξεις και τιμολόγια');
      await page.getByTestId('drawer-item-invoices').scrollIntoViewIfNeeded();
      await shot(page, 'invoices-menu-1280-el');
      // At 375 the drawer opens from the menu button.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByTestId('menu-button').click();
      const narrow = page.getByTestId('drawer-item-invoices');
      await expect.poll(() => narrow.isVisible()).toBe(true);
      await narrow.scrollIntoViewIfNeeded();
      expect(await wcagViolations(page)).toEqual([]);
      await shot(page, 'invoices-menu-375-el');
    } finally {
      await speak(page, 'en');
      await closePage(page);
    }
  });
});
