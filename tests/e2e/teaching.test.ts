import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// The daily flow of teaching, through the screens: a teacher writes and publishes a chapter with
// an equation and a table, and a student reads it; a task goes from creation to a grade the parent sees.
// Screenshots go outside the repository (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
const school = 1;
// The demo student (Sofia Georgiou) attends Mathematics A1; her record is student 4 to her parent.
const LESSON = 'Mathematics A1';
const STUDENT_NAME = 'Γεωργίου Σοφία';
const CHILD_RECORD = 4;
// Each flow signs in several people in turn, each in a browser of their own.
const FLOW_TIMEOUT = 120_000;
const shotsDir = process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'teaching-shots');

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function chooseLesson(page: Page) {
  await page.getByTestId('lesson-picker').click();
  await page.getByRole('option', { name: LESSON }).click();
}

async function typeInEditor(page: Page, editor: string, text: string) {
  const content = page.getByTestId(editor).getByTestId('editor-content');
  await content.click();
  await page.keyboard.type(text);
}

describe('teaching, through the screens', () => {
  it(
    'a chapter with an equation, published by the teacher, read by the student',
    async () => {
      const title = 'Quadratic equations, by hand';
      const chapterPath = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
        await page.goto(`${server.url}/teacher/${school}/chapters`);
        await page.getByTestId('chapter-row').first().waitFor();
        await page.getByTestId('chapter-new').click();
        await page.getByTestId('chapter-title').fill(title);
        await chooseLesson(page);
        await typeInEditor(page, 'chapter-editor', 'The roots are ');
        await page.getByTestId('editor-tool-equation').click();
        await page.getByTestId('equation-source').fill('x=\\frac{-b\\pm\\sqrt{\\Delta}}{2a}');
        // Insert once the dialog's preview shows the equation (KaTeX loaded, the text taken).
        await page.getByRole('dialog').locator('.katex').first().waitFor();
        await page.getByTestId('equation-insert').click();
        await page.getByTestId('chapter-editor').locator('.katex').first().waitFor();
        // A table of two rows and three columns after the equation.
        await page.getByTestId('chapter-editor').getByTestId('editor-tool-table').click();
        await page.getByTestId('table-rows').fill('2');
        await page.getByTestId('table-columns').fill('3');
        await page.getByTestId('table-insert').click();
        await page.getByTestId('chapter-editor').locator('table').waitFor();
        await page.getByTestId('chapter-published').click();
        // Save once the switch shows the change (a loaded machine renders it a moment later).
        await expect
          .poll(() => page.getByTestId('chapter-published').isChecked(), { timeout: 15_000 })
          .toBe(true);
        await page.getByTestId('chapter-save').click();
        await page.waitForURL(/\/teacher\/1\/chapters\/\d+$/);
        // Saved and reloaded from the server: still published, still the equation.
        await page.reload();
        await page.getByTestId('chapter-editor').locator('.katex').first().waitFor();
        await expect
          .poll(() => page.getByTestId('chapter-published').isChecked(), { timeout: 15_000 })
          .toBe(true);
        // The list shows it as published.
        await page.goto(`${server.url}/teacher/${school}/chapters`);
        const row = page.getByTestId('chapter-row').filter({ hasText: title });
        await row.waitFor();
        expect(await row.textContent()).toContain('Published');
        const href = await row.locator('a').first().getAttribute('href');
        return new URL(href!, server.url).pathname.replace('/teacher/', '/student/');
      });

      for (const width of [1280, 375]) {
        await asUser(server.url, DEMO_LOGINS.student, width, async (page) => {
          await page.goto(`${server.url}/student/${school}/chapters`);
          const row = page.getByTestId('chapter-row').filter({ hasText: title });
          await row.waitFor();
          await row.getByRole('link', { name: title }).click();
          await page.waitForURL((url) => url.pathname === chapterPath);
          const reader = page.getByTestId('chapter-reader');
          const katex = reader.locator('.katex');
          await katex.first().waitFor();
          expect(
            await katex.locator('annotation[encoding="application/x-tex"]').textContent(),
          ).toBe('x=\\frac{-b\\pm\\sqrt{\\Delta}}{2a}');
          expect(await reader.textContent()).toContain('The roots are');
          // The table arrives too, two rows of three cells.
          const table = reader.locator('table');
          expect(await table.locator('tr').count()).toBe(2);
          expect(await table.locator('tr').first().locator('td, th').count()).toBe(3);
          // Read-only: nothing to type into.
          expect(await reader.locator('[contenteditable="true"]').count()).toBe(0);
          // Opening it marked it read.
          await page.getByTestId('chapter-read').waitFor();
          await shot(page, `student-chapter-${width}`);
        });
      }
    },
    FLOW_TIMEOUT,
  );

  it(
    'a task from creation to a graded submission the parent sees',
    async () => {
      const title = 'Exercises 1–4, with every step';
      const taskId = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
        await page.goto(`${server.url}/teacher/${school}/tasks`);
        await page.getByTestId('task-row').first().waitFor();
        await page.getByTestId('task-new').click();
        await page.getByTestId('task-title').fill(title);
        await chooseLesson(page);
        await page.getByTestId('task-due_at').fill('2030-06-01T10:00');
        await page.getByTestId('task-points').fill('20');
        await typeInEditor(page, 'task-editor', 'Solve exercises 1 to 4.');
        await page.getByTestId('task-published').click();
        await page.getByTestId('task-save').click();
        await page.waitForURL(/\/teacher\/1\/tasks\/\d+$/);
        return Number(new URL(page.url()).pathname.split('/').pop());
      });

      await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
        await page.goto(`${server.url}/student/${school}/tasks`);
        const row = page.getByTestId('task-row').filter({ hasText: title });
        await row.waitFor();
        expect(await row.getByTestId('task-state').textContent()).toContain('Missing');
        await row.getByRole('link', { name: title }).click();
        await page.waitForURL(new RegExp(`/student/1/task/${taskId}$`));
        expect(await page.getByTestId('task-description').textContent()).toContain(
          'Solve exercises 1 to 4.',
        );
        await typeInEditor(page, 'submission-editor', 'x = 2 and x = 3, because (x-2)(x-3) = 0.');
        await page.getByTestId('submission-submit').click();
        await expect
          .poll(() => page.getByTestId('task-state').first().textContent())
          .toContain('Submitted');
      });

      for (const width of [1280, 375]) {
        await asUser(server.url, DEMO_LOGINS.teacher, width, async (page) => {
          await page.goto(`${server.url}/teacher/${school}/tasks/${taskId}?tab=submissions`);
          const row = page.getByTestId('submission-row').filter({ hasText: STUDENT_NAME });
          await row.waitFor();
          if (width === 1280) {
            expect(await row.getByTestId('task-state').textContent()).toContain('Submitted');
            // Every other student of the lesson is listed as missing.
            expect(
              await page.getByTestId('submission-row').filter({ hasText: 'Missing' }).count(),
            ).toBeGreaterThan(5);
            await row.getByTestId('submission-open').click();
            const dialog = page.getByTestId('grade-dialog');
            expect(await dialog.getByTestId('grade-work').textContent()).toContain(
              'x = 2 and x = 3',
            );
            await dialog.getByTestId('grade-points').fill('17');
            await dialog.getByTestId('grade-feedback').fill('Well argued; check the signs in 3.');
            await dialog.getByTestId('grade-save').click();
            await dialog.waitFor({ state: 'detached' });
            await expect.poll(() => row.textContent()).toContain('17 / 20');
            expect(await row.getByTestId('task-state').textContent()).toContain('Graded');
          }
          await shot(page, `teacher-task-submissions-${width}`);
        });
      }

      await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
        await page.goto(`${server.url}/student/${school}/task/${taskId}`);
        const grade = page.getByTestId('task-grade');
        await grade.waitFor();
        expect(await grade.textContent()).toContain('17 / 20');
        expect(await grade.textContent()).toContain('Well argued; check the signs in 3.');
        // Graded work is final: no more Submit.
        expect(await page.getByTestId('submission-submit').count()).toBe(0);
      });

      for (const width of [1280, 375]) {
        await asUser(server.url, DEMO_LOGINS.parent, width, async (page) => {
          await page.goto(`${server.url}/client/${school}/student/${CHILD_RECORD}`);
          const row = page.getByTestId('child-task-row').filter({ hasText: title });
          await row.waitFor();
          expect(await row.getByTestId('child-grade').textContent()).toBe('17 / 20');
          expect(await row.getByTestId('task-state').textContent()).toContain('Graded');
          // The child's week of lessons sits with the tasks (the demo school year runs from
          // September to June: in the summer the week is empty).
          await page.locator('#child-week-heading').waitFor();
          const month = new Date().getMonth();
          if (month !== 6 && month !== 7)
            await page.getByTestId('child-week-row').first().waitFor();
          await shot(page, `parent-child-${width}`);
        });
      }
    },
    FLOW_TIMEOUT,
  );
});
