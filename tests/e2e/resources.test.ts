import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
  asUser,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;
let adminToken: string;
const school = 1;
const files = mkdtempSync(path.join(tmpdir(), 'mathema-import-'));

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

const admin = (route: string) => `${server.url}/admin/${school}/${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `resources-${name}.png`), fullPage: false });

async function studentsPage(width: number): Promise<Page> {
  const page = await openPage(browser, width);
  await page.goto(admin('students'));
  await page.getByTestId('list-count').waitFor();
  return page;
}

const countText = (page: Page) => page.getByTestId('list-count').textContent();

describe('the students list', () => {
  it('searches, sorts with direction markers and pages on as it scrolls', async () => {
    const page = await studentsPage(1280);
    const total = (
      await apiCall<unknown[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/students?per_page=1`,
      )
    ).totalCount!;
    expect(await countText(page)).toBe(`${total} results`);
    await shot(page, 'students-1280');

    const header = page.getByTestId('column-last_name');
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const lastDesc = (
      await apiCall<{ last_name: string }[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/students?sort=last_name&order=desc&per_page=1`,
      )
    ).data[0]!.last_name;
    await expect
      .poll(() => page.getByTestId('resource-row').first().locator('a').first().textContent())
      .toBe(lastDesc);

    // Only the rows near the viewport are in the page, yet scrolling reaches the end.
    expect(await page.getByTestId('resource-row').count()).toBeLessThan(60);
    const lastOfAll = (
      await apiCall<{ last_name: string; first_name: string }[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/students?sort=last_name&order=asc&per_page=1`,
      )
    ).data[0]!;
    await expect
      .poll(
        async () => {
          await page.evaluate(() => document.querySelector('main')!.scrollTo(0, 1e7));
          return page.getByTestId('resource-row').last().textContent();
        },
        { timeout: 20_000 },
      )
      .toContain(`${lastOfAll.last_name}${lastOfAll.first_name}`);
    expect(await page.getByTestId('resource-row').count()).toBeLessThan(60);
    expect(await page.getByTestId('scroll-helper').getAttribute('data-visible')).toBe('true');
    await page.getByTestId('scroll-helper').click();
    await expect.poll(() => page.evaluate(() => document.querySelector('main')!.scrollTop)).toBe(0);

    const someone = await apiCall<{ last_name: string }[]>(
      server.url,
      adminToken,
      'GET',
      `/schools/${school}/admin/students?search=${encodeURIComponent('Παπ')}&per_page=100`,
    );
    await page.getByTestId('list-search').fill('Παπ');
    await expect.poll(() => countText(page)).toBe(`${someone.totalCount} results`);

    await page.getByTestId('list-search').fill('zzzz-nobody');
    await page.getByTestId('nothing-found').waitFor();
    expect(await page.getByTestId('nothing-found').textContent()).toBe('Nothing Found');
    await page.close();
  });

  it('switches to cards at 375 px', async () => {
    const page = await studentsPage(375);
    await page.getByTestId('resource-cards').waitFor();
    expect(await page.getByTestId('resource-table').count()).toBe(0);
    const card = page.getByTestId('resource-card').first();
    const box = (await card.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shot(page, 'students-375');
    await page.close();
  });
});

describe('a student record', () => {
  it('is created, edited and deleted with the confirmation', async () => {
    const page = await studentsPage(1280);
    await page.getByTestId('list-new').click();
    await page.waitForURL('**/students/new');
    await page.getByTestId('form-save').click();
    await expect
      .poll(() => page.getByTestId('flash').textContent())
      .toBe('Required Fields Are Missing');

    await page.locator('#field-students-last_name').fill('Δοκιμαστικός');
    await page.locator('#field-students-first_name').fill('Ανδρέας');
    await page.locator('#field-students-email').fill('andreas.e2e@example.com');
    await page.locator('#field-students-code').fill('E2E-001');
    await shot(page, 'student-form-1280');
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/students\/\d+$/);
    await page.locator('.fui-ToastTitle', { hasText: 'Updated Successfully!' }).first().waitFor();
    const id = Number(page.url().split('/').pop());
    const stored = await apiCall<Record<string, unknown>>(
      server.url,
      adminToken,
      'GET',
      `/schools/${school}/admin/students/${id}`,
    );
    expect(stored.data).toMatchObject({
      last_name: 'Δοκιμαστικός',
      first_name: 'Ανδρέας',
      code: 'E2E-001',
    });

    await page.locator('#field-students-phone').fill('2101234567');
    // Leaving with a change asks first; staying keeps the change.
    await page.getByTestId('drawer-item-teachers').click();
    await page.getByTestId('leave-confirm').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByTestId('form-save').click();
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ phone: string }>(
              server.url,
              adminToken,
              'GET',
              `/schools/${school}/admin/students/${id}`,
            )
          ).data.phone,
      )
      .toBe('2101234567');

    await page.getByTestId('form-delete').click();
    const dialog = page.getByTestId('delete-confirm');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(
      'Are you sure you want to delete this?',
    );
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/students$/);
    const gone = await apiCall(
      server.url,
      adminToken,
      'GET',
      `/schools/${school}/admin/students/${id}`,
    );
    expect(gone.status).toBe(404);
    await page.close();
  });
});

describe('importing students', () => {
  it('previews the rows with their errors and writes nothing on cancel', async () => {
    const before = (
      await apiCall<unknown[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/students?per_page=1`,
      )
    ).totalCount!;
    const file = path.join(files, 'students.csv');
    writeFileSync(
      file,
      'Last name,First name,Email,Student code\n' +
        'Ιμπορτίδης,Νίκος,nikos.import@example.com,IMP-1\n' +
        ',Χωρίς Επώνυμο,not-an-email,IMP-2\n' +
        'Ιμπορτίδου,Μαρία,maria.import@example.com,IMP-3\n',
    );
    const page = await studentsPage(1280);
    await page.getByTestId('import-button').click();
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByTestId('import-preview').waitFor();
    expect(await page.getByTestId('import-row-error').count()).toBe(1);
    expect(await page.getByTestId('import-row').count()).toBe(2);
    expect(await page.getByTestId('import-row-error').textContent()).toContain('Last name');
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    await shot(page, 'import-preview-1280');
    await page.getByTestId('import-cancel').click();
    const after = (
      await apiCall<unknown[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/students?per_page=1`,
      )
    ).totalCount!;
    expect(after).toBe(before);

    // The corrected file goes in, all rows at once.
    writeFileSync(
      file,
      'Last name,First name,Email\nΙμπορτίδης,Νίκος,nikos.import@example.com\nΙμπορτίδου,Μαρία,maria.import@example.com\n',
    );
    await page.getByTestId('import-button').click();
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByTestId('import-preview').waitFor();
    await page.getByTestId('import-commit').click();
    await page.locator('.fui-ToastTitle', { hasText: '2 records imported' }).waitFor();
    await expect.poll(() => countText(page)).toBe(`${before + 2} results`);
    await page.close();
  });
});

describe('settings', () => {
  it('shows every setting the shell reads', async () => {
    for (const width of [1280, 375]) {
      const page = await openPage(browser, width);
      await page.goto(admin('settings'));
      await page.getByTestId('settings-name').waitFor();
      expect(await page.getByTestId('settings-name').inputValue()).toBe('Demo School Athens');
      await shot(page, `settings-${width}`);
      await page.close();
    }
  });

  it('saves a change the shell reads', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(admin('settings'));
    await page.getByTestId('settings-ai').waitFor();
    await page.getByTestId('settings-ai').click();
    await page.getByTestId('settings-save').click();
    await page.locator('.fui-ToastTitle', { hasText: 'Updated Successfully!' }).first().waitFor();
    const settings = await apiCall<{ name: string; data: string }[]>(
      server.url,
      adminToken,
      'GET',
      `/schools/${school}/settings`,
    );
    expect(settings.data.find((s) => s.name === 'ai_chatbot_enabled')?.data).toBe('false');
    await page.close();
  });
});

describe('other roles', () => {
  it('shows a parent only their own children, read-only', async () => {
    await asUser(server.url, DEMO_LOGINS.parent, 375, async (page) => {
      await page.waitForURL(/\/client\/1\/home$/);
      const token = await tokenOf(server.url, DEMO_LOGINS.parent);
      const children = await apiCall<{ id: number; last_name: string }[]>(
        server.url,
        token,
        'GET',
        `/schools/${school}/client/students?per_page=100`,
      );
      expect(children.totalCount).toBeGreaterThan(0);
      expect(children.totalCount).toBeLessThan(10);
      await page.goto(`${server.url}/client/${school}/students`);
      await expect.poll(() => countText(page)).toBe(`${children.totalCount} results`);
      expect(await page.getByTestId('list-new').count()).toBe(0);
      await page.getByTestId('resource-card').first().click();
      await page.waitForURL(/\/client\/1\/student\/\d+$/);
      await page.getByTestId('resource-form-students').waitFor();
      expect(await page.getByTestId('form-save').count()).toBe(0);
      expect(await page.locator('#field-students-last_name').isDisabled()).toBe(true);
    });
  });
});

describe('permissions', () => {
  it('hides the students list and its menu item once read is withdrawn', async () => {
    await asUser(server.url, 'secretary@demo.school', 1280, async (page) => {
      // Signing in restarts the app, which opens the secretary's only area.
      await page.waitForURL(/\/admin\/1\/home$/);
      await page.goto(admin('students'));
      await page.getByTestId('list-count').waitFor();
      expect(await page.getByTestId('drawer-item-students').count()).toBe(1);

      const groups = await apiCall<{ id: number; name: string }[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/permissions?per_page=100`,
      );
      const office = groups.data.find((g) => g.name === 'Office')!;
      const rules = await apiCall<{ id: number; resource: string }[]>(
        server.url,
        adminToken,
        'GET',
        `/schools/${school}/admin/permission_rules?group_id=${office.id}&per_page=100`,
      );
      const rule = rules.data.find((r) => r.resource === 'students')!;
      const changed = await apiCall(
        server.url,
        adminToken,
        'PUT',
        `/schools/${school}/admin/permission_rules/${rule.id}`,
        { can_read: false, can_write: false },
      );
      expect(changed.status).toBe(200);

      await page.reload();
      await page.getByTestId('no-permission').waitFor();
      expect(await page.getByTestId('resource-list-students').count()).toBe(0);
      expect(await page.getByTestId('drawer-item-students').count()).toBe(0);
    });
  });
});
