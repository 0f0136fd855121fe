import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken } from './support/api';
import { wcagViolations } from './support/axe';
import { DEMO_LOGINS, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// The assistant: a student of the demo school (which has it on) asks about a chapter of their
// lessons at 375 and 1280 wide, sees Thinking..., the answer growing, and its source, which
// opens the chapter; in English and Greek, axe clean. Screenshots go outside the repository
// (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
let chapter: { id: number; title: string };
const school = 1;
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'assistant-shots');

beforeAll(async () => {
  server = await startServer();
  const token = await apiToken(server.url, DEMO_LOGINS.student);
  // A chapter the demo student reads: the demo has material to answer from.
  const chapters = await apiGet<{ id: number; title: string }[]>(
    server.url,
    token,
    `/schools/${school}/student/chapters?per_page=1`,
  );
  expect(chapters.length).toBe(1);
  chapter = chapters[0]!;
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`) });

async function noViolations(page: Page, where: string) {
  const found = await wcagViolations(page);
  expect(
    found.map((v) => `${where}: ${v.id} ${v.targets.join(' | ')}`),
    'axe violations',
  ).toEqual([]);
}

async function openAssistant(page: Page, width: number) {
  if (width <= 768) {
    await expect(page.getByTestId('assistant-button').count()).resolves.toBe(0);
    await page.getByTestId('assistant-floating-button').click();
  } else {
    await expect(page.getByTestId('assistant-floating-button').count()).resolves.toBe(0);
    await page.getByTestId('assistant-button').click();
  }
  await page.getByTestId('assistant-dialog').waitFor();
}

describe('the assistant, through the screens', () => {
  for (const width of [1280, 375]) {
    it(`answers a student at ${width} wide, streaming, with the source that opens the chapter`, async () => {
      await asUser(server.url, DEMO_LOGINS.student, width, async (page) => {
        await page.goto(`${server.url}/student/${school}/home`);
        await openAssistant(page, width);
        await expect(page.getByText('What would you like to learn today?').count()).resolves.toBe(
          1,
        );
        const box = await page.getByTestId('assistant-dialog').boundingBox();
        expect(box!.width).toBeLessThanOrEqual(1000);
        expect(box!.height).toBeLessThanOrEqual((width < 768 ? 740 : 800) * 0.8 + 1);
        await noViolations(page, `assistant-${width}`);
        await shot(page, `assistant-open-${width}`);

        // The answer waits a moment on its way, so that Thinking... can be seen.
        await page.route('**/ai/chat/*/stream', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          await route.continue();
        });
        // An empty question is not sent.
        await expect(page.getByTestId('assistant-send').isDisabled()).resolves.toBe(true);
        await page.getByTestId('assistant-input').fill(chapter.title);
        await page.getByTestId('assistant-send').click();
        await page.getByTestId('assistant-thinking').waitFor();
        await expect(page.getByTestId('assistant-thinking').innerText()).resolves.toBe(
          'Thinking...',
        );
        await shot(page, `assistant-thinking-${width}`);

        // The answer grows chunk by chunk while it streams.
        const streaming = page.getByTestId('assistant-streaming');
        await streaming.waitFor();
        const lengths = new Set<number>();
        while ((await streaming.count()) > 0 && lengths.size < 3) {
          const text = await streaming.innerText().catch(() => '');
          if (text) lengths.add(text.length);
          await page.waitForTimeout(15);
        }
        expect(lengths.size, 'lengths seen while streaming').toBeGreaterThan(1);
        await shot(page, `assistant-streaming-${width}`);

        // Then the history is fetched again: the answer with its sources.
        const answer = page.getByTestId('assistant-answer').last();
        await answer.waitFor();
        await expect(streaming.count()).resolves.toBe(0);
        await expect(answer.innerText()).resolves.toContain(chapter.title);
        const source = answer.getByRole('link', { name: `Chapter: ${chapter.title}` });
        await source.waitFor();
        await noViolations(page, `assistant-answer-${width}`);
        await shot(page, `assistant-answer-${width}`);
        await source.click();
        await page.waitForURL(`**/student/${school}/chapters/${chapter.id}`);
        await expect(page.getByTestId('assistant-dialog').count()).resolves.toBe(0);
      });
    });
  }

  it('speaks Greek: the greeting, the labels, the answer', async () => {
    await asUser(server.url, DEMO_LOGINS.student, 375, async (page) => {
      await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.lang === 'el');
      await openAssistant(page, 375);
      await page.getByText('Τι θα ήθελες να μάθεις σήμερα;').waitFor();
      await page.getByTestId('assistant-input').fill(chapter.title);
      await page.getByTestId('assistant-send').click();
      const answer = page.getByTestId('assistant-answer').last();
      await answer.waitFor();
      await expect(answer.innerText()).resolves.toContain('Να τι βρήκα');
      await answer.getByRole('link', { name: `Κεφάλαιο: ${chapter.title}` }).waitFor();
      await noViolations(page, 'assistant-el');
      await shot(page, 'assistant-el-375');
      // Closed by its close button.
      await page.getByRole('button', { name: 'Κλείσιμο' }).click();
      await expect(page.getByTestId('assistant-dialog').count()).resolves.toBe(0);
    });
  });
});
