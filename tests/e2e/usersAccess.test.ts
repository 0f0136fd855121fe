import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken } from './support/api';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { apiCall } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// The demo's admin without full access: a member of the "Office" permission group.
const LIMITED_ADMIN = 'secretary@demo.school';

let server: RunningServer;
let full: Browser;
let limited: Browser;
let athens: number;
let adminToken: string;
let fullAdminId: number;
let limitedAdminId: number;
let studentUserId: number;
let officeGroupId: number;

type UserRow = { id: number; email: string | null; roles: string[]; full_access: boolean };

beforeAll(async () => {
  server = await startServer();
  adminToken = await apiToken(server.url, DEMO_LOGINS.admin);
  const entries = await apiGet<{ school_id: number; role: string }[]>(
    server.url,
    adminToken,
    '/account/schools',
  );
  athens = entries.find((e) => e.role === 'admin')!.school_id;
  const base = `/schools/${athens}/admin`;
  const admins = await apiGet<UserRow[]>(server.url, adminToken, `${base}/users?roles=admin`);
  fullAdminId = admins.find((u) => u.email === DEMO_LOGINS.admin)!.id;
  limitedAdminId = admins.find((u) => u.email === LIMITED_ADMIN)!.id;
  expect(admins.find((u) => u.id === limitedAdminId)!.full_access).toBe(false);
  const students = await apiGet<UserRow[]>(server.url, adminToken, `${base}/users?roles=student`);
  studentUserId = students[0]!.id;
  const groups = await apiGet<{ id: number; name: string }[]>(
    server.url,
    adminToken,
    `${base}/permissions`,
  );
  officeGroupId = groups.find((g) => g.name === 'Office')!.id;
  // The office may manage users and permission groups, as far as its group goes: what it may
  // then do is the server's answer (no admin role, no full access, no group changes).
  for (const resource of ['users', 'permissions']) {
    const created = await apiCall(server.url, adminToken, 'POST', `${base}/permission_rules`, {
      group_id: officeGroupId,
      resource,
      can_read: true,
      can_write: true,
    });
    expect(created.status).toBe(200);
  }
  // More invitations than one page holds: new accounts are invited by e-mail.
  for (let i = 1; i <= 21; i++) {
    const created = await apiCall(server.url, adminToken, 'POST', `${base}/users`, {
      first_name: 'Invited',
      last_name: `Person ${String(i).padStart(2, '0')}`,
      email: `invited.${i}@example.com`,
      roles: ['student'],
    });
    expect(created.status).toBe(200);
  }
  full = await launchBrowser();
  limited = await launchBrowser();
  for (const [browser, login] of [
    [full, DEMO_LOGINS.admin],
    [limited, LIMITED_ADMIN],
  ] as const) {
    const page = await openPage(browser);
    await signIn(page, server.url, login);
    await closePage(page);
  }
}, 180_000);

afterAll(async () => {
  await full?.close();
  await limited?.close();
  await server?.cleanUp();
});

/** The row of an account, found through the screen's search (the list is paged). */
async function rowOf(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
  await row.waitFor();
  return row;
}

async function usersPage(browser: Browser, width = 1280): Promise<Page> {
  const page = await openPage(browser, width);
  await page.goto(`${server.url}/admin/${athens}/users`);
  await page.getByTestId('user-row').first().waitFor();
  return page;
}

describe('the users screen', () => {
  it('shows roles, full access for admins who hold it, and the groups of the others', async () => {
    const page = await usersPage(full);
    const fullAdmin = await rowOf(page, DEMO_LOGINS.admin);
    expect(await fullAdmin.getByTestId('user-role-admin').textContent()).toBe('Admin');
    expect(await fullAdmin.getByTestId('user-full-access').textContent()).toBe('Full access');
    const limitedAdmin = await rowOf(page, LIMITED_ADMIN);
    expect(await limitedAdmin.getByTestId('user-full-access').count()).toBe(0);
    expect(await limitedAdmin.getByTestId('user-groups').textContent()).toBe('Groups: Office');
    // The full admin may delete anyone here but has no delete on nobody.
    expect(await limitedAdmin.getByTestId('user-delete').count()).toBe(1);
    await closePage(page);
  });

  it('follows the rows’ abilities for a limited admin: no delete or save on a full admin', async () => {
    const page = await usersPage(limited);
    expect(await (await rowOf(page, DEMO_LOGINS.admin)).getByTestId('user-delete').count()).toBe(0);
    await page.goto(`${server.url}/admin/${athens}/users/${fullAdminId}`);
    await page.locator('#field-users-last_name').waitFor();
    expect(await page.locator('#field-users-last_name').isDisabled()).toBe(true);
    expect(await page.getByTestId('form-save').count()).toBe(0);
    await closePage(page);
  });

  it('offers full access in the form and the wizard only to an admin who holds it', async () => {
    for (const [browser, offered] of [
      [full, true],
      [limited, false],
    ] as const) {
      const page = await openPage(browser);
      await page.goto(`${server.url}/admin/${athens}/users/${studentUserId}`);
      await page.locator('#field-users-last_name').waitFor();
      // The caller's own row (what says whether they hold full access) has come by now.
      await expect
        .poll(() => page.locator('#field-users-full_access').count(), { timeout: 10_000 })
        .toBe(offered ? 1 : 0);

      await page.goto(`${server.url}/admin/${athens}/new-user-wizard`);
      await page.getByTestId('wizard-last_name').fill('Νέος');
      await page.getByTestId('wizard-first_name').fill('Διαχειριστής');
      await page.getByTestId('wizard-email').fill(`new.admin.${offered}@example.com`);
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-role-admin').click();
      await expect
        .poll(() => page.getByTestId('wizard-full-access').count(), { timeout: 10_000 })
        .toBe(offered ? 1 : 0);
      if (!offered) {
        // The server refuses the admin role to a limited admin, in words.
        await page.getByTestId('wizard-next').click();
        await page.getByTestId('wizard-create').click();
        await expect
          .poll(() => page.getByTestId('flash').textContent())
          .toContain('Granting, changing or removing the admin role needs full access.');
      }
      await closePage(page);
    }
  });
});

describe('the permission grid', () => {
  it('is read-only for an admin without full access, editable with it', async () => {
    for (const [browser, editable] of [
      [limited, false],
      [full, true],
    ] as const) {
      const page = await openPage(browser);
      await page.goto(`${server.url}/admin/${athens}/permissions/${officeGroupId}`);
      const usersRead = page.getByTestId('permission-users-read');
      await usersRead.waitFor();
      await expect.poll(() => usersRead.isDisabled()).toBe(!editable);
      expect(await page.getByTestId('permission-grid-read-only').count()).toBe(editable ? 0 : 1);
      await closePage(page);
    }
  });
});

describe('pending invitations', () => {
  it('lists them newest first, paged, and revokes one after asking', async () => {
    const page = await openPage(full);
    await page.goto(`${server.url}/admin/${athens}/users`);
    await page.getByTestId('users-tab-invitations').click();
    const rows = page.getByTestId('invitation-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain('invited.21@example.com');
    expect(await rows.first().getByTestId('invitation-status').textContent()).toBe('Pending');

    // Cancel: nothing revoked, the focus back on the button that asked.
    const revoke = rows.first().getByTestId('invitation-revoke');
    await revoke.click();
    await page.getByTestId('revoke-confirm').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('revoke-confirm').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Revoke the invitation of invited.21@example.com');

    await revoke.click();
    await page.getByTestId('revoke-confirm-button').click();
    await expect
      .poll(() => rows.first().getByTestId('invitation-status').textContent())
      .toBe('Revoked');
    expect(await rows.first().getByTestId('invitation-revoke').count()).toBe(0);
    const stored = await apiGet<{ email: string; status: string }[]>(
      server.url,
      adminToken,
      `/schools/${athens}/admin/invitations?status=revoked`,
    );
    expect(stored.map((i) => i.email)).toContain('invited.21@example.com');

    await page.getByTestId('page-next').click();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await rows.first().textContent()).toContain('invited.1@example.com');
    await closePage(page);
  });

  it('takes screenshots of the users screen and its invitations at 1280 and 375', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    for (const width of [1280, 375]) {
      const page = await usersPage(full, width);
      // The full admin among others of her name.
      await page.getByRole('searchbox', { name: 'Search' }).fill('Αλεξίου');
      await page.getByTestId('user-full-access').waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `users-${width}.png`) });
      await page.getByTestId('users-tab-invitations').click();
      await page.getByTestId('invitation-row').first().waitFor();
      await page.screenshot({ path: path.join(screenshotDir, `users-invitations-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await closePage(page);
    }
  });
});
