import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, asUser, screenshotDir } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// What a role may not see of a record is declared once (`hiddenFrom`) and the server never
// sends it; the screens must not show it as an empty input or an always-empty column either.

let server: RunningServer;
const school = 1;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `visibility-${name}.png`), fullPage: true });

describe('fields hidden from a role', () => {
  it("leave a parent's view of their child without the office's notes and tags", async () => {
    for (const width of [1280, 375]) {
      await asUser(server.url, DEMO_LOGINS.parent, width, async (page) => {
        await page.goto(`${server.url}/client/${school}/students`);
        const open = page.getByTestId(width < 768 ? 'resource-card' : 'resource-row').first();
        await (width < 768 ? open : open.locator('a').first()).click();
        await page.waitForURL(/\/client\/1\/student\/\d+$/);
        const form = page.getByTestId('resource-form-students');
        await form.waitFor();
        // Shown: what a parent may see of their child.
        expect(await page.locator('#field-students-last_name').inputValue()).not.toBe('');
        expect(await form.getByText('Level', { exact: true }).count()).toBe(1);
        // Not shown at all: no label, no empty input.
        expect(await page.getByTestId('field-notes').count()).toBe(0);
        expect(await page.getByTestId('field-tag_ids').count()).toBe(0);
        expect(await form.getByText('Notes', { exact: true }).count()).toBe(0);
        expect(await form.getByText('Tags', { exact: true }).count()).toBe(0);
        await shot(page, `parent-child-${width}`);
      });
    }
  });

  it("leave a student's list of teachers without a phone column", async () => {
    await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
      await page.goto(`${server.url}/student/${school}/teachers`);
      await page.getByTestId('resource-row').first().waitFor();
      expect(await page.getByTestId('column-last_name').count()).toBe(1);
      expect(await page.getByTestId('column-subjects').count()).toBe(1);
      expect(await page.getByTestId('column-phone').count()).toBe(0);
      await shot(page, 'student-teachers-1280');

      await page.setViewportSize({ width: 375, height: 740 });
      const cards = page.getByTestId('resource-cards');
      await cards.waitFor();
      // The cards' label lines follow the same rule as the columns.
      expect(await cards.getByText('Subjects', { exact: true }).count()).toBeGreaterThan(0);
      expect(await cards.getByText('Phone', { exact: true }).count()).toBe(0);
      await shot(page, 'student-teachers-375');
    });
  });
});
