import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// The teacher's quiz editor: a quiz of all five kinds written through the screens and saved.
// Screenshots go outside the repository (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
const school = 1;
const shotsDir = process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'quiz-shots');

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function addQuestion(page: Page, kind: string) {
  await page.getByTestId('quiz-kind').selectOption(kind);
  await page.getByTestId('quiz-add-question').click();
  return page.getByTestId('quiz-question').last();
}

describe('quizzes, through the screens', () => {
  it('a teacher writes a quiz of all five kinds', async () => {
    for (const width of [1280, 375])
      await asUser(server.url, DEMO_LOGINS.teacher, width, async (page) => {
        await page.goto(`${server.url}/teacher/${school}/quizs`);
        await page.getByTestId('quiz-row').first().waitFor();
        await shot(page, `quizs-${width}`);
        await page.getByTestId('quiz-row').first().getByRole('link').click();
        await page.getByTestId('quiz-question').first().waitFor();
        await shot(page, `quiz-demo-${width}`);
      });

    const saved = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/quizs`);
      await page.getByTestId('quiz-new').click();
      await page.getByTestId('quiz-title').fill('Κουίζ όλων των ειδών');
      await page.getByTestId('quiz-opens_at').fill('2030-01-10T09:00');
      await page.getByTestId('quiz-closes_at').fill('2030-01-12T20:00');

      const simple = await addQuestion(page, 'simple');
      await simple.getByTestId('question-text').fill('Πρωτεύουσα της Ελλάδας;');
      await simple.getByTestId('question-accepted').fill('Αθήνα\nAthens');

      const choice = await addQuestion(page, 'multiple_choice');
      await choice.getByTestId('question-text').fill('2 + 2 =');
      await choice.getByTestId('question-option').nth(0).fill('4');
      await choice.getByTestId('question-option').nth(1).fill('5');

      const matching = await addQuestion(page, 'matching');
      await matching.getByTestId('question-text').fill('Αντιστοιχίστε.');
      const inputs = matching.locator('input');
      // Points first, then each pair's item and match.
      await inputs.nth(1).fill('Ελλάδα');
      await inputs.nth(2).fill('Αθήνα');
      await inputs.nth(3).fill('Ιταλία');
      await inputs.nth(4).fill('Ρώμη');

      const truth = await addQuestion(page, 'true_false');
      await truth.getByTestId('question-text').fill('Η Γη είναι επίπεδη.');
      await truth.getByRole('radio', { name: 'False' }).check();

      const gaps = await addQuestion(page, 'fill_blanks');
      await gaps.getByTestId('question-text').fill('Το νερό βράζει στους ___ βαθμούς.');
      await gaps.locator('input').nth(1).fill('100 | εκατό');

      await shot(page, 'quiz-new-1280');
      await page.getByTestId('quiz-save').click();
      await page.waitForURL(/\/lesson\/\d+\/quiz\/\d+$/);
      return Number(page.url().split('/').pop());
    });

    // What the server stored, as the teacher's API reads it back.
    const login = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: DEMO_LOGINS.teacher,
        password: DEMO_PASSWORD,
        platform: 'test',
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const detail = await fetch(`${server.url}/api/schools/${school}/teacher/quizzes/${saved}`, {
      headers: { Token: token },
    });
    const questions = ((await detail.json()) as { data: { questions: Record<string, unknown>[] } })
      .data.questions;
    expect(questions.map((q) => q.kind)).toEqual([
      'simple',
      'multiple_choice',
      'matching',
      'true_false',
      'fill_blanks',
    ]);
    expect(questions[0]).toMatchObject({ accepted_answers: ['Αθήνα', 'Athens'] });
    expect(questions[1]).toMatchObject({
      options: [
        { text: '4', correct: true },
        { text: '5', correct: false },
      ],
    });
    expect(questions[2]).toMatchObject({
      pairs: [
        { prompt: 'Ελλάδα', match: 'Αθήνα' },
        { prompt: 'Ιταλία', match: 'Ρώμη' },
      ],
    });
    expect(questions[3]).toMatchObject({ correct: false });
    expect(questions[4]).toMatchObject({ blanks: [{ accepted: ['100', 'εκατό'] }] });
  });
});
