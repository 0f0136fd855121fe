import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/shared/finance/money';
import { wcagViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  asUser,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// The office at the desk: a parent's account, a payment typed the Greek way and recorded once,
// the ledger and the funds; then the parent sees the new balance on their home. Prices read
// `1.234,50 €` everywhere.

let server: RunningServer;
let browser: Browser;
let parentToken: string;
const school = 1;
const PRICE = /^-?\d{1,3}(\.\d{3})*,\d{2} €$/;

interface Account {
  client: { id: number };
  balance_cents: number;
  payments: { id: number; amount_cents: number }[];
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  parentToken = await tokenOf(server.url, DEMO_LOGINS.parent);
  mkdirSync(screenshotDir, { recursive: true });
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

const admin = (route: string) => `${server.url}/admin/${school}/${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `finance-${name}.png`) });
/** The area scrolls inside its frame: bring the account section into the picture first. */
const shotOfAccount = async (page: Page, name: string) => {
  await page
    .getByTestId('client-account')
    .evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await shot(page, name);
};
const myAccount = async () =>
  (
    await apiCall<Account>(
      server.url,
      parentToken,
      'GET',
      `/schools/${school}/client/finance/my-account`,
    )
  ).data;

describe('the finance desk', () => {
  it('takes a payment at the desk, once, and shows it in the account and the ledger', async () => {
    const before = await myAccount();
    const page = await openPage(browser, 1280);
    await page.goto(admin(`clients/${before.client.id}`));
    const balance = page.getByTestId('account-balance');
    await expect
      .poll(() => balance.textContent(), { timeout: 20_000 })
      .toBe(formatMoney(before.balance_cents));
    expect(await balance.textContent()).toMatch(PRICE);
    expect(await wcagViolations(page)).toEqual([]);
    await shotOfAccount(page, 'account-1280');

    await page.getByTestId('take-payment').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.getByTestId('payment-amount').fill('1.234,50');
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'payment-dialog-1280');
    // A double click records one payment: the dialog's key is the same for both.
    await dialog.getByTestId('payment-save').dblclick();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => balance.textContent()).toBe(formatMoney(before.balance_cents - 123450));
    const after = await myAccount();
    expect(after.payments.length).toBe(before.payments.length + 1);
    expect(after.payments[0]!.amount_cents).toBe(123450);
    await expect
      .poll(() => page.getByTestId('payment-row').first().textContent())
      .toContain('1.234,50 €');

    // The ledger shows the payment with the filtered rows' totals.
    await page.goto(admin(`transactions?client_id=${before.client.id}`));
    await expect
      .poll(() => page.getByTestId('transaction-row').count(), { timeout: 20_000 })
      .toBe(after.payments.length);
    expect(await page.getByTestId('totals-income').textContent()).toMatch(PRICE);
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'transactions-1280');
    await page.getByTestId('transaction-row').first().getByRole('link').click();
    await expect
      .poll(() => page.getByTestId('transaction-amount').textContent())
      .toBe('1.234,50 €');
    await closePage(page);
  });

  it('lists prices and fund balances as 1.234,50 €', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(admin('pricing_items'));
    await expect
      .poll(() => page.getByText(/^\d{1,3},\d{2} €$/).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'pricing-items-1280');
    await page.goto(admin('funds'));
    const total = page.getByTestId('funds-total');
    await expect.poll(() => total.textContent(), { timeout: 20_000 }).toMatch(PRICE);
    expect(await page.getByTestId('fund-row').count()).toBe(3);
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'funds-1280');
    await page.getByTestId('fund-row').first().getByRole('link').click();
    await expect
      .poll(() => page.getByTestId('transaction-row').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'fund-1280');
    // A supplier's page lists its expenses; a pricing item's offers to charge the enrolled.
    await page.goto(admin('suppliers'));
    await page.getByTestId('resource-row').first().getByRole('link').first().click();
    await expect
      .poll(() => page.getByTestId('transaction-row').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await wcagViolations(page)).toEqual([]);
    await page.goto(admin('pricing_items'));
    await page.getByTestId('resource-row').first().getByRole('link').first().click();
    await expect
      .poll(() => page.getByTestId('charge-enrolled').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'pricing-item-1280');
    await closePage(page);
  });

  it('works at 375 wide for the office', async () => {
    const account = await myAccount();
    const page = await openPage(browser, 375);
    await page.goto(admin(`clients/${account.client.id}`));
    // The offline cache may show the account as it was first; wait for today's answer.
    await expect
      .poll(() => page.getByTestId('account-balance').textContent(), { timeout: 20_000 })
      .toBe(formatMoney(account.balance_cents));
    expect(await wcagViolations(page)).toEqual([]);
    await shotOfAccount(page, 'account-375');
    await page.goto(admin('transactions'));
    await expect
      .poll(() => page.getByTestId('transaction-row').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await wcagViolations(page)).toEqual([]);
    await shot(page, 'transactions-375');
    await closePage(page);
  });

  it("shows the parent their family's balance and what is due next", async () => {
    const account = await myAccount();
    await asUser(server.url, DEMO_LOGINS.parent, 375, async (page) => {
      const card = page.getByTestId('home-account');
      await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await page.getByTestId('account-balance').textContent()).toBe(
        formatMoney(account.balance_cents),
      );
      expect(await page.getByTestId('home-payments').textContent()).toContain('1.234,50 €');
      expect(await wcagViolations(page)).toEqual([]);
      await shot(page, 'parent-home-375');
    });
  });
});
