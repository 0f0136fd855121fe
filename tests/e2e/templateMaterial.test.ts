import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, DEMO_LOGINS, launchBrowser, openPage, signIn } from './support/browser';
import { seriousViolations } from './support/axe';
import { type RunningServer, startServer } from '../support/built-server';

// The office changes a lesson template's material one item at a time: a task's points and
// days in its dialog, and a chapter removed after asking; what it saved is what a teacher's
// template dialog then shows.

let server: RunningServer;
const school = 1;
const TEMPLATE = 1;
const TASK = 'Ασκήσεις: δευτεροβάθμιες εξισώσεις';
const CHAPTER = 'Τριγωνομετρικοί αριθμοί';

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

describe("a lesson template's material", () => {
  it('lets the office change a task and remove a chapter, and the teacher sees the change', async () => {
    // The demo admin holds two schools, so signing in opens the dashboard, not an area.
    const office = await launchBrowser();
    try {
      const page = await openPage(office, 1280);
      await signIn(page, server.url, DEMO_LOGINS.admin);
      await page.goto(`${server.url}/admin/${school}/lessons-templates/${TEMPLATE}`);
      const task = page.getByTestId('template-task').filter({ hasText: TASK });
      await expect.poll(() => task.count()).toBe(1);
      await task.getByTestId('template-item-edit').click();
      const dialog = page.getByTestId('template-item-dialog');
      await dialog.getByTestId('template-item-points').fill('25');
      await dialog.getByTestId('template-item-due').fill('10');
      // The editor loads lazily; the description is there before saving.
      await dialog.getByTestId('template-item-editor').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByTestId('template-item-save').click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => task.textContent())
        .toContain('25 points, opens on day 0, due on day 10');

      const chapter = page.getByTestId('template-chapter').filter({ hasText: CHAPTER });
      await chapter.getByTestId('template-item-delete').click();
      await page.getByTestId('delete-confirm-button').click();
      await expect.poll(() => chapter.count()).toBe(0);
    } finally {
      await office.close();
    }

    await asUser(server.url, DEMO_LOGINS.teacher, 375, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/lessons-templates`);
      await page.getByTestId('template-open').first().click();
      const dialog = page.getByTestId('template-dialog');
      await expect
        .poll(() => dialog.getByTestId('template-task').first().textContent())
        .toContain('25 points');
      expect(await dialog.getByTestId('template-chapter').allTextContents()).not.toContain(CHAPTER);
      // Teachers read the material; changing it is the office's.
      expect(await dialog.getByTestId('template-item-edit').count()).toBe(0);
    });
  });
});
