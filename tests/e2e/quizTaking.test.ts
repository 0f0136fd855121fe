import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// Taking a quiz and reviewing it, through the screens: a student answers a quiz of all five
// kinds, reloads in the middle and finds their answers, submits and sees the result; the
// teacher opens the review, finds the attempt and grades the short answer by hand. Screenshots
// (1280 and 375, English and Greek) go outside the repository (SHOTS_DIR, else the temp folder).

let server: RunningServer;
const school = 1;
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'quiz-taking-shots');

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function tokenOf(username: string) {
  const login = await fetch(`${server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, platform: 'test' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function api<T>(token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/schools/${school}/${url}`, {
    method,
    headers: { Token: token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { data: T };
  expect(response.status, JSON.stringify(envelope)).toBeLessThan(300);
  return envelope.data;
}

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

const TITLE = 'Κουίζ επανάληψης: όλα τα είδη';

describe('taking a quiz and reviewing it, through the screens', () => {
  it('a student takes a quiz of every kind, resumes after a reload; the teacher grades it', async () => {
    // A quiz open now, for a lesson the teacher teaches and the demo student attends.
    const teacher = await tokenOf(DEMO_LOGINS.teacher);
    const student = await tokenOf(DEMO_LOGINS.student);
    type Row = { id: number; lesson_id: number; title: string };
    const taught = new Set(
      (await api<Row[]>(teacher, 'GET', 'teacher/quizzes?per_page=100')).map((q) => q.lesson_id),
    );
    const lessonId = (await api<Row[]>(student, 'GET', 'student/quizzes?per_page=100')).find((q) =>
      taught.has(q.lesson_id),
    )!.lesson_id;
    const now = Date.now();
    const quiz = await api<{ id: number }>(teacher, 'POST', 'teacher/quizzes', {
      lesson_id: lessonId,
      title: TITLE,
      opens_at: new Date(now - 3_600_000).toISOString(),
      closes_at: new Date(now + 2 * 86_400_000).toISOString(),
      time_limit_minutes: 30,
      attempts_allowed: 1,
      show_results: 'after_submit',
      published: true,
      questions: [
        {
          kind: 'simple',
          text: 'Εξηγήστε με δικά σας λόγια τι είναι ο πρώτος αριθμός.',
          points: 4,
        },
        {
          kind: 'multiple_choice',
          text: 'Πόσο κάνει 2 + 2;',
          points: 1,
          options: [
            { text: 'τρία', correct: false },
            { text: 'τέσσερα', correct: true },
            { text: 'πέντε', correct: false },
          ],
        },
        {
          kind: 'matching',
          text: 'Αντιστοιχίστε κάθε χώρα με την πρωτεύουσά της.',
          points: 2,
          pairs: [
            { prompt: 'Ελλάδα', match: 'Αθήνα' },
            { prompt: 'Ιταλία', match: 'Ρώμη' },
          ],
        },
        { kind: 'true_false', text: 'Η Γη είναι επίπεδη.', points: 1, correct: false },
        {
          kind: 'fill_blanks',
          text: 'Το νερό βράζει στους ___ βαθμούς και παγώνει στους ___.',
          points: 2,
          blanks: [{ accepted: ['100'] }, { accepted: ['0', 'μηδέν'] }],
        },
      ],
    });

    await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
      await page.goto(`${server.url}/student/${school}/quizs`);
      await page.getByRole('link', { name: TITLE }).waitFor();
      await shot(page, 'student-quizs-1280-en');
      await page.getByRole('link', { name: TITLE }).click();
      await page.getByTestId('attempt-start').click();
      const questions = page.getByTestId('attempt-question');
      await questions.first().waitFor();
      expect(await questions.count()).toBe(5);

      // Half the answers, then a reload in the middle.
      await questions
        .nth(0)
        .getByTestId('answer-simple')
        .fill('Διαιρείται μόνο με το 1 και τον εαυτό του.');
      await questions.nth(1).getByRole('radio', { name: 'τέσσερα' }).check();
      await questions.nth(2).getByTestId('answer-match').nth(0).selectOption({ label: 'Αθήνα' });
      await questions.nth(3).getByRole('radio', { name: 'False' }).check();
      await questions.nth(4).getByTestId('answer-gap').nth(0).fill('100');
      await expect
        .poll(() => page.getByTestId('attempt-save-state').textContent(), { timeout: 10_000 })
        .toBe('All answers saved');
      await page.reload();
      await questions.first().waitFor();
      expect(await questions.nth(0).getByTestId('answer-simple').inputValue()).toBe(
        'Διαιρείται μόνο με το 1 και τον εαυτό του.',
      );
      expect(await questions.nth(1).getByRole('radio', { name: 'τέσσερα' }).isChecked()).toBe(true);
      const athens = questions.nth(2).getByTestId('answer-match').nth(0);
      expect(await athens.locator('option:checked').textContent()).toBe('Αθήνα');
      expect(await questions.nth(3).getByRole('radio', { name: 'False' }).isChecked()).toBe(true);
      expect(await questions.nth(4).getByTestId('answer-gap').nth(0).inputValue()).toBe('100');

      // The rest, then submit with the confirmation.
      await questions.nth(2).getByTestId('answer-match').nth(1).selectOption({ label: 'Ρώμη' });
      // The connection drops while typing: the screen says so, and saves once it is back.
      await page.route('**/answers/**', (route) => route.abort());
      await questions.nth(4).getByTestId('answer-gap').nth(1).fill('μηδέν');
      await expect
        .poll(() => page.getByTestId('attempt-save-state').textContent(), { timeout: 10_000 })
        .toBe('Not saved: trying again');
      await page.unroute('**/answers/**');
      await expect
        .poll(() => page.getByTestId('attempt-save-state').textContent(), { timeout: 10_000 })
        .toBe('All answers saved');
      await shot(page, 'student-take-1280-en');
      await page.setViewportSize({ width: 375, height: 740 });
      await shot(page, 'student-take-375-en');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('attempt-submit').click();
      await page.getByTestId('attempt-confirm-submit').click();
      await page.getByTestId('attempt-result').waitFor();
      // Everything right but the short answer, which waits for the teacher.
      expect(await page.getByTestId('attempt-score').textContent()).toBe(
        '6 / 10 points · 1 to grade',
      );
      await shot(page, 'student-result-1280-en');

      await chooseLanguage(page, 'el');
      await page.goto(`${server.url}/student/${school}/quizs`);
      await page.getByRole('link', { name: TITLE }).waitFor();
      await shot(page, 'student-quizs-1280-el');
      await page.setViewportSize({ width: 375, height: 740 });
      await shot(page, 'student-quizs-375-el');
      // The demo's quiz open now, on a phone, in Greek.
      await page.getByRole('link', { name: 'Σύντομο τεστ εβδομάδας' }).first().click();
      await page.getByTestId('attempt-start').click();
      await page.getByTestId('attempt-question').first().waitFor();
      await shot(page, 'student-take-375-el');
    });

    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/lesson/${lessonId}/quiz/${quiz.id}`);
      await page.getByRole('link', { name: 'Answers and grading' }).click();
      await page.waitForURL(new RegExp(`/quizanswers/${quiz.id}$`));
      const attempt = page.getByTestId('review-attempt');
      await attempt.first().waitFor();
      expect(await attempt.count()).toBe(1);
      await attempt.getByRole('button').first().click();
      const answers = attempt.getByTestId('review-answer');
      await expect.poll(() => answers.first().textContent()).toContain('Διαιρείται μόνο με το 1');
      // The panel opens with an animation: let it finish before the picture.
      await page.waitForTimeout(500);
      await shot(page, 'review-1280-en');
      await answers.first().getByTestId('review-points').fill('3');
      await answers.first().getByTestId('review-grade').click();
      await expect.poll(() => answers.first().textContent()).toContain('Graded by hand');
      await expect
        .poll(() => attempt.getByRole('button').first().textContent())
        .toContain('9 / 10 points');
      await page.setViewportSize({ width: 375, height: 740 });
      await shot(page, 'review-375-en');
      await chooseLanguage(page, 'el');
      await page.getByTestId('review-attempt').first().waitFor();
      await shot(page, 'review-375-el');
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, 'review-1280-el');
    });

    // The re-totalled score as the student's API reads it.
    const mine = await api<{ attempts: { score: number; pending: number }[] }>(
      student,
      'GET',
      `student/quizzes/${quiz.id}`,
    );
    expect(mine.attempts[0]).toMatchObject({ score: 9, pending: 0 });
  });
});
