import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './support/axe';
import { DEMO_LOGINS, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// The lesson page: a teacher walks its tabs (each listing the lesson's own material), reloads
// on one and goes back; a student gets the read-only tabs, from a select on a phone; a teacher
// makes a lesson from a template. Screenshots go outside the repository (SHOTS_DIR, else the
// system's temporary folder).

let server: RunningServer;
const school = 1;
// Mathematics A1 is taught by the demo teacher and attended by the demo student; the demo holds
// chapters, tasks, files and an announcement for it.
const LESSON = 'Mathematics A1';
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'lesson-page-shots');

beforeAll(async () => {
  server = await startServer();
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

/** Opens the lesson from the role's lessons list; returns the lesson page's path. */
async function openLesson(page: Page, role: 'teacher' | 'student'): Promise<string> {
  await page.goto(`${server.url}/${role}/${school}/lessons`);
  await page.getByRole('link', { name: LESSON, exact: true }).first().click();
  await page.waitForURL(new RegExp(`/${role}/${school}/lesson/\\d+$`));
  await page.getByTestId('lesson-week').waitFor();
  return new URL(page.url()).pathname;
}

async function noViolations(page: Page, where: string) {
  const found = await wcagViolations(page);
  expect(
    found.map((v) => `${where}: ${v.id} ${v.targets.join(' | ')}`),
    'axe violations',
  ).toEqual([]);
}

describe('the lesson page', () => {
  it('a teacher walks every tab of their lesson, reloads on one and goes back', async () => {
    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      const lessonPath = await openLesson(page, 'teacher');
      // The header: the class, the teachers, the week.
      expect(await page.getByRole('heading', { name: LESSON }).count()).toBe(1);
      expect(await page.getByTestId('lesson-class').textContent()).toContain('Mathematics');
      expect(await page.getByTestId('lesson-teachers').textContent()).toContain('Παπαδάκης');
      // The week's slots arrive with their own call.
      await expect
        .poll(() => page.getByTestId('lesson-week').textContent())
        .toMatch(/\d\d:\d\d–\d\d:\d\d/);
      await page.getByTestId('lesson-timetable').waitFor();

      const rows: Record<string, string> = {
        students: 'lesson-student-row',
        chapters: 'lesson-chapter-row',
        tasks: 'lesson-task-row',
        files: 'lesson-file-row',
        announcements: 'lesson-announcement-row',
        sessions: 'lesson-session-row',
        quizzes: 'lesson-quiz-row',
        scorm: 'lesson-scorm-row',
      };
      for (const tab of [
        'students',
        'chapters',
        'tasks',
        'quizzes',
        'sessions',
        'files',
        'scorm',
        'announcements',
      ]) {
        await page.getByTestId(`lesson-tab-${tab}`).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === tab);
        const panel = page.getByTestId(`lesson-panel-${tab}`);
        await panel.getByTestId(rows[tab]!).first().waitFor();
        await noViolations(page, `teacher ${tab}`);
      }
      // The lesson's quizzes, each with the way to its answers.
      await page.getByTestId('lesson-tab-quizzes').click();
      const quiz = page.getByTestId('lesson-quiz-row').first();
      expect(await quiz.getByRole('link', { name: 'Answers' }).getAttribute('href')).toMatch(
        /\/teacher\/1\/quizanswers\/\d+$/,
      );
      expect(await page.getByTestId('lesson-quiz-new').count()).toBe(1);
      await shot(page, 'teacher-quizzes-1280-en');
      // The teacher sees the lesson's drafts too (the demo's term project).
      await page.getByTestId('lesson-tab-tasks').click();
      await page.getByTestId('lesson-task-row').first().waitFor();
      expect(
        await page
          .getByTestId('lesson-task-row')
          .filter({ hasText: 'Project τριμήνου' })
          .filter({ hasText: 'Draft' })
          .count(),
      ).toBe(1);
      // A reload keeps the tab; Back returns to the one before.
      await page.reload();
      await page.getByTestId('lesson-task-row').first().waitFor();
      expect(await page.getByTestId('lesson-tab-tasks').getAttribute('aria-selected')).toBe('true');
      await shot(page, 'teacher-tasks-1280-en');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'quizzes');
      await page.getByTestId('lesson-panel-quizzes').waitFor();
      await page.goto(`${server.url}${lessonPath}?tab=files`);
      await page.getByTestId('lesson-file-row').first().waitFor();
      const fileLink = page.getByTestId('lesson-file-row').first().locator('a').first();
      expect(await fileLink.getAttribute('href')).toMatch(/\/api\/files\/\d+\?expires=/);
      await shot(page, 'teacher-files-1280-en');

      // The lesson's material saved as a template of the school.
      await page.getByTestId('lesson-save-template').click();
      const save = page.getByTestId('save-template-dialog');
      await save.waitFor();
      expect(await save.getByTestId('save-template-name').inputValue()).toBe(
        `${LESSON} (template)`,
      );
      await noViolations(page, 'save as template');
      await shot(page, 'teacher-save-template-1280-en');
      await save.getByTestId('save-template-confirm').click();
      await save.waitFor({ state: 'detached' });
      await page.goto(`${server.url}/teacher/${school}/lessons-templates`);
      await page
        .getByTestId('template-row')
        .filter({ hasText: `${LESSON} (template)` })
        .waitFor();

      await chooseLanguage(page, 'el');
      await page.goto(`${server.url}${lessonPath}?tab=chapters`);
      await page.getByTestId('lesson-chapter-row').first().waitFor();
      expect(await page.getByTestId('lesson-tab-chapters').textContent()).toBe('Κεφάλαια');
      await noViolations(page, 'teacher chapters (el)');
      await shot(page, 'teacher-chapters-1280-el');
      await chooseLanguage(page, 'en');
    });
  });

  it('a student sees the read-only tabs, chosen from a select on a phone', async () => {
    await asUser(server.url, DEMO_LOGINS.student, 375, async (page) => {
      const lessonPath = await openLesson(page, 'student');
      const select = page.getByTestId('lesson-tab-select');
      const options = await select
        .locator('option')
        .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
      expect(options).toEqual([
        'timetable',
        'chapters',
        'tasks',
        'quizzes',
        'sessions',
        'announcements',
        'files',
        'scorm',
      ]);
      await shot(page, 'student-timetable-375-en');
      await select.selectOption('tasks');
      await page.waitForURL((url) => url.searchParams.get('tab') === 'tasks');
      await page.getByTestId('lesson-task-row').first().waitFor();
      // Read-only: no New buttons; published work only (the teacher's draft is not there).
      expect(await page.getByTestId('lesson-task-new').count()).toBe(0);
      expect(
        await page.getByTestId('lesson-task-row').filter({ hasText: 'Project τριμήνου' }).count(),
      ).toBe(0);
      await noViolations(page, 'student tasks 375');
      await shot(page, 'student-tasks-375-en');
      await page.reload();
      await page.getByTestId('lesson-task-row').first().waitFor();
      expect(await select.inputValue()).toBe('tasks');
      // The lesson's SCORM packages, each with where the student stands, open the player.
      await select.selectOption('scorm');
      const scorm = page.getByTestId('lesson-scorm-row').first();
      await scorm.waitFor();
      expect(await scorm.textContent()).toMatch(/Not attempted|Incomplete|Completed|Passed|Failed/);
      await noViolations(page, 'student scorm 375');
      await shot(page, 'student-scorm-375-en');
      await select.selectOption('quizzes');
      await page.getByTestId('lesson-quiz-row').first().waitFor();
      expect(await page.getByTestId('lesson-quiz-new').count()).toBe(0);
      await shot(page, 'student-quizzes-375-en');
      await scorm.waitFor({ state: 'detached' });
      await select.selectOption('scorm');
      await page.getByTestId('lesson-scorm-row').first().getByRole('link').click();
      await page.waitForURL(/\/student\/1\/scorm\/\d+$/);
      await page.goBack();
      // A tab the student may not see falls back to the first.
      await page.goto(`${server.url}${lessonPath}?tab=students`);
      await page.getByTestId('lesson-panel-timetable').waitFor();

      await chooseLanguage(page, 'el');
      await page.goto(`${server.url}${lessonPath}?tab=files`);
      await page.getByTestId('lesson-file-row').first().waitFor();
      await noViolations(page, 'student files 375 (el)');
      await shot(page, 'student-files-375-el');
      await page.goto(`${server.url}${lessonPath}?tab=chapters`);
      await page.getByTestId('lesson-chapter-row').first().waitFor();
      await shot(page, 'student-chapters-375-el');
      await chooseLanguage(page, 'en');
    });
  });

  it('a teacher makes a lesson from a template and finds its material as drafts', async () => {
    await asUser(server.url, DEMO_LOGINS.teacher, 375, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/lessons-templates`);
      await page.getByTestId('template-row').first().waitFor();
      await shot(page, 'teacher-templates-375-en');
      await page.getByTestId('template-open').filter({ hasText: 'Άλγεβρα' }).click();
      const dialog = page.getByTestId('template-dialog');
      await dialog.getByTestId('template-chapter').first().waitFor();
      expect(await dialog.getByTestId('template-task').count()).toBe(3);
      await noViolations(page, 'template dialog 375');
      await shot(page, 'teacher-template-dialog-375-en');
      await dialog.getByTestId('template-lesson-name').fill('Άλγεβρα Β1 (από πρότυπο)');
      await dialog.getByTestId('template-create-lesson').click();
      await page.waitForURL(/\/teacher\/1\/lesson\/\d+$/);
      await page.getByRole('heading', { name: 'Άλγεβρα Β1 (από πρότυπο)' }).waitFor();
      await page.getByTestId('lesson-tab-select').selectOption('chapters');
      await page.getByTestId('lesson-chapter-row').first().waitFor();
      const chapters = page.getByTestId('lesson-chapter-row');
      expect(await chapters.count()).toBe(2);
      expect(await chapters.filter({ hasText: 'Draft' }).count()).toBe(2);
      await shot(page, 'teacher-new-lesson-chapters-375-en');
    });
    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await chooseLanguage(page, 'el');
      await page.goto(`${server.url}/teacher/${school}/lessons-templates`);
      await page.getByTestId('template-row').first().waitFor();
      await page.getByTestId('template-open').first().click();
      await page.getByTestId('template-dialog').getByTestId('template-task').first().waitFor();
      await noViolations(page, 'template dialog 1280 (el)');
      await shot(page, 'teacher-template-dialog-1280-el');
    });
  });
});
