import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, apiGet, apiToken } from './support/api';
import { DEMO_LOGINS, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// Task books and the study guide, through the screens: the teacher builds a book of two tasks
// and a chapter, moves the chapter to the top with the keyboard and publishes it; the student
// finds the chapter in the study guide, reads it, and the teacher's progress table shows it.
// Screenshots go outside the repository (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
const school = 1;
const LESSON = 'Mathematics A1';
const STUDENT_NAME = 'Γεωργίου Σοφία';
const CHILD_RECORD = 4;
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'taskbooks-shots');
const CHAPTER = 'Το Πυθαγόρειο θεώρημα';
const TASK_A = 'Πυθαγόρειο: ασκήσεις 1–3';
const TASK_B = 'Πυθαγόρειο: πρόβλημα με σκάλα';
const BOOK = 'Ενότητα: ορθογώνια τρίγωνα';

beforeAll(async () => {
  server = await startServer();
  mkdirSync(shotsDir, { recursive: true });
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

async function apiPost(token: string, url: string, body: unknown) {
  const response = await fetch(`${server.url}/api${url}`, {
    method: 'POST',
    headers: { Token: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const answer = (await response.json()) as { status: string; data: { id: number } };
  if (answer.status !== 'ok') throw new Error(`POST ${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const paragraph = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text }] }],
  },
});

/** The book's steps as the editor lists them, "kind:id" in order. */
const stepOrder = (page: Page) =>
  page
    .getByTestId('taskbook-step')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step')));

// One story over several tests (each opens browsers of its own on a shared, busy machine).
let chapter: { id: number };
let taskA: { id: number };
let taskB: { id: number };
let bookPath = '';
const STEP_TIMEOUT = 240_000;

describe('task books and the study guide, through the screens', () => {
  it(
    'the teacher builds a book of two tasks and a chapter, reorders it by keyboard and publishes',
    async () => {
      // The material: a chapter and two tasks of the lesson, published today.
      const teacherToken = await apiToken(server.url, DEMO_LOGINS.teacher);
      const lessons = await apiGet<{ id: number; name: string }[]>(
        server.url,
        teacherToken,
        `/schools/${school}/teacher/lessons?per_page=100`,
      );
      const lessonId = lessons.find((l) => l.name === LESSON)!.id;
      const base = `/schools/${school}/teacher`;
      chapter = await apiPost(teacherToken, `${base}/chapters`, {
        lesson_id: lessonId,
        title: CHAPTER,
        content: paragraph('Σε κάθε ορθογώνιο τρίγωνο, α² = β² + γ².'),
        published: true,
      });
      const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
      taskA = await apiPost(teacherToken, `${base}/tasks`, {
        lesson_id: lessonId,
        title: TASK_A,
        due_at: due(3),
        points: 10,
        published: true,
      });
      taskB = await apiPost(teacherToken, `${base}/tasks`, {
        lesson_id: lessonId,
        title: TASK_B,
        due_at: due(4),
        points: 10,
        published: true,
      });

      bookPath = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
        await page.goto(`${server.url}/teacher/${school}/taskbooks`);
        await page.getByTestId('taskbook-row').first().waitFor();
        await page.getByTestId('taskbook-new').click();
        await page.getByTestId('taskbook-title').fill(BOOK);
        await page.getByTestId('lesson-picker').click();
        await page.getByRole('option', { name: LESSON }).click();
        await page
          .getByTestId('taskbook-description')
          .fill('Διάβασε το θεώρημα, μετά οι ασκήσεις.');
        for (const title of [TASK_A, TASK_B, CHAPTER]) {
          const picker = page.getByTestId('taskbook-step-picker');
          await expect.poll(() => picker.isEnabled(), { timeout: 15_000 }).toBe(true);
          await picker.click();
          await page.getByRole('option', { name: new RegExp(`: ${title}$`) }).click();
          await page.getByTestId('taskbook-step-add').click();
        }
        expect(await stepOrder(page)).toEqual([
          `task:${taskA.id}`,
          `task:${taskB.id}`,
          `chapter:${chapter.id}`,
        ]);
        // The keyboard: focus the chapter's row and move it up twice.
        const chapterRow = page.locator(`[data-step="chapter:${chapter.id}"]`);
        await chapterRow.focus();
        await page.keyboard.press('Alt+ArrowUp');
        await page.keyboard.press('Alt+ArrowUp');
        expect(await stepOrder(page)).toEqual([
          `chapter:${chapter.id}`,
          `task:${taskA.id}`,
          `task:${taskB.id}`,
        ]);
        // The focus stayed with the moved step, and a screen reader heard where it went.
        expect(await chapterRow.evaluate((row) => row === document.activeElement)).toBe(true);
        await expect
          .poll(() => page.getByTestId('live-region').textContent())
          .toContain('moved to place 1 of 3');
        // The buttons move too: task B up and back down.
        await page
          .locator(`[data-step="task:${taskB.id}"]`)
          .getByTestId('taskbook-step-up')
          .click();
        expect((await stepOrder(page))[1]).toBe(`task:${taskB.id}`);
        await page
          .locator(`[data-step="task:${taskB.id}"]`)
          .getByTestId('taskbook-step-down')
          .click();
        await page.getByTestId('taskbook-published').click();
        await expect
          .poll(() => page.getByTestId('taskbook-published').isChecked(), { timeout: 15_000 })
          .toBe(true);
        await page.getByTestId('taskbook-save').click();
        await page.waitForURL(/\/teacher\/1\/taskbooks\/\d+$/);
        // Saved as shown: reloaded from the server, the order and the switch stay.
        await page.reload();
        await page.getByTestId('taskbook-step').first().waitFor();
        expect(await stepOrder(page)).toEqual([
          `chapter:${chapter.id}`,
          `task:${taskA.id}`,
          `task:${taskB.id}`,
        ]);
        expect(await page.getByTestId('taskbook-published').isChecked()).toBe(true);
        const row = page.getByTestId('taskbook-progress-row').filter({ hasText: STUDENT_NAME });
        expect(await row.getByTestId('taskbook-progress-percent').textContent()).toBe(
          '0 of 3 (0%)',
        );
        await shot(page, 'teacher-taskbook-new-1280-en');
        return new URL(page.url()).pathname;
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'the student finds the chapter in the study guide, reads it, and the book counts it',
    async () => {
      for (const [width, language] of [
        [1280, 'en'],
        [375, 'el'],
      ] as const) {
        await asUser(server.url, DEMO_LOGINS.student, width, async (page) => {
          await page.goto(`${server.url}/student/${school}/duties`);
          if (language === 'el') await chooseLanguage(page, 'el');
          const item = page.getByTestId('duty').filter({ hasText: CHAPTER });
          await item.waitFor();
          // Published today, not read yet: today's, and open.
          expect(
            await page.getByTestId('duties-group-today').getByTestId('duty').allTextContents(),
          ).toEqual(expect.arrayContaining([expect.stringContaining(CHAPTER)]));
          expect(await item.getAttribute('data-done')).toBe(width === 1280 ? 'false' : 'true');
          // The demo student has work in the other groups too.
          for (const group of ['overdue', 'tomorrow', 'week', 'later'])
            await page.getByTestId(`duties-group-${group}`).waitFor();
          await shot(page, `student-duties-top-${width}-${language}`);
          const book = page.getByTestId('student-taskbook').filter({ hasText: BOOK });
          await book.getByRole('button').first().click();
          await book.getByTestId('student-taskbook-step').first().waitFor();
          expect(await book.getByTestId('student-taskbook-step').allTextContents()).toEqual([
            expect.stringContaining(CHAPTER),
            expect.stringContaining(TASK_A),
            expect.stringContaining(TASK_B),
          ]);
          await shot(page, `student-duties-${width}-${language}`);
          if (width !== 1280) return;
          expect(await book.getByTestId('student-taskbook-progress').textContent()).toBe(
            '0 of 3 (0%)',
          );
          // Opening the chapter from the study guide reads it.
          await item.getByRole('link', { name: CHAPTER }).click();
          await page.waitForURL(new RegExp(`/student/1/chapters/${chapter.id}$`));
          await page.getByTestId('chapter-read').waitFor();
          await page.goBack();
          await expect
            .poll(() =>
              page.getByTestId('duty').filter({ hasText: CHAPTER }).getAttribute('data-done'),
            )
            .toBe('true');
          await expect
            .poll(() =>
              page
                .getByTestId('student-taskbook')
                .filter({ hasText: BOOK })
                .getByTestId('student-taskbook-progress')
                .textContent(),
            )
            .toBe('1 of 3 (33%)');
          // "Hide done" leaves it out, and the address keeps the choice.
          await page.getByTestId('duties-hide-done').click();
          await expect
            .poll(() => page.getByTestId('duty').filter({ hasText: CHAPTER }).count())
            .toBe(0);
          expect(page.url()).toContain('hide_done=1');
          expect(await page.locator('[data-testid="duty"][data-done="true"]').count()).toBe(0);
        });
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "the teacher's progress table and the parent's child show it",
    async () => {
      for (const [width, language] of [
        [1280, 'en'],
        [375, 'en'],
        [1280, 'el'],
        [375, 'el'],
      ] as const) {
        await asUser(server.url, DEMO_LOGINS.teacher, width, async (page) => {
          await page.goto(`${server.url}${bookPath}`);
          if (language === 'el') await chooseLanguage(page, 'el');
          const row = page.getByTestId('taskbook-progress-row').filter({ hasText: STUDENT_NAME });
          await row.waitFor();
          expect(await row.getByTestId('taskbook-progress-percent').textContent()).toBe(
            language === 'en' ? '1 of 3 (33%)' : '1 από 3 (33%)',
          );
          if (width === 1280)
            // The chapter's column (the first) is marked for her, the tasks' are not.
            expect(await row.getByRole('img').count()).toBe(1);
          await shot(page, `teacher-taskbook-${width}-${language}`);
          // The progress itself, in the viewport (a phone's page is long).
          await row.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: path.join(shotsDir, `teacher-taskbook-progress-${width}-${language}.png`),
          });
        });
      }

      await asUser(server.url, DEMO_LOGINS.parent, 375, async (page) => {
        await page.goto(`${server.url}/client/${school}/student/${CHILD_RECORD}`);
        const row = page.getByTestId('child-taskbook-row').filter({ hasText: BOOK });
        await row.waitFor();
        expect(await row.getByTestId('child-taskbook-progress').textContent()).toBe('1 of 3 (33%)');
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shotsDir, 'parent-child-taskbooks-375.png') });
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'the teacher list at both widths',
    async () => {
      for (const width of [1280, 375])
        await asUser(server.url, DEMO_LOGINS.teacher, width, async (page) => {
          await page.goto(`${server.url}/teacher/${school}/taskbooks`);
          await page.getByTestId('taskbook-row').first().waitFor();
          expect(await page.getByTestId('taskbook-row').count()).toBeGreaterThan(1);
          await shot(page, `teacher-taskbooks-${width}`);
        });
    },
    STEP_TIMEOUT,
  );
});
