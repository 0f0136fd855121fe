import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, asUser } from './support/browser';
import { wcagViolations } from './support/axe';
import { type RunningServer, startServer } from '../support/built-server';

// Entering grades through the grid: a teacher types values from the keyboard (Enter moves down,
// Tab across, a value outside the item's points is marked and not saved, Escape drops it),
// pastes a block copied from a spreadsheet, reloads and finds everything kept; the student and
// the parent then see the grade. axe runs on the grid at 1280 and 375 px. Screenshots go outside
// the repository (SHOTS_DIR, else the temp folder).

let server: RunningServer;
const school = 1;
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'grade-entry-shots');

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

interface Book {
  sub_period: { id: number };
  students: { student_id: number }[];
}

const ORAL = 'Προφορικό πληκτρολογίου';
const TEST = 'Διαγώνισμα επικόλλησης';

describe('entering grades in the grid', () => {
  it('a teacher types and pastes grades that stay; the student and the parent see them', async () => {
    const teacher = await tokenOf(DEMO_LOGINS.teacher);
    const student = await tokenOf(DEMO_LOGINS.student);
    const mine = await api<{ student_id: number; lessons: { lesson: { id: number } }[] }>(
      student,
      'GET',
      'student/grades',
    );
    const taught = await api<{ lessons: { lesson: { id: number; name: string } }[] }>(
      teacher,
      'GET',
      'teacher/gradebooks',
    );
    const lesson = taught.lessons.find((l) =>
      mine.lessons.some((m) => m.lesson.id === l.lesson.id),
    )!.lesson;
    const book = await api<Book>(teacher, 'GET', `teacher/grades/${lesson.id}`);
    // Two new items without a date: they come first in the grid, side by side.
    const oral = await api<{ id: number }>(teacher, 'POST', `teacher/grades/${lesson.id}/items`, {
      sub_period_id: book.sub_period.id,
      kind: 'oral',
      title: ORAL,
      max_points: 20,
    });
    const test = await api<{ id: number }>(teacher, 'POST', `teacher/grades/${lesson.id}/items`, {
      sub_period_id: book.sub_period.id,
      kind: 'test',
      title: TEST,
      max_points: 20,
    });
    const rows = book.students.map((s) => s.student_id);
    const row = rows.indexOf(mine.student_id);
    expect(row).toBeGreaterThanOrEqual(0);
    expect(row).toBeLessThan(rows.length - 1);
    const me = mine.student_id;
    const next = rows[row + 1]!;
    const cell = (page: Page, studentId: number, itemId: number) =>
      page.getByTestId(`grade-cell-${studentId}-item:${itemId}`);

    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/grades`);
      await page.getByRole('link', { name: lesson.name, exact: true }).first().click();
      const grid = page.getByTestId('grade-grid');
      await grid.waitFor();
      // The student's row into view (the grid renders only the rows in view).
      await page.evaluate((top) => {
        document.querySelector('[data-testid="grade-grid"]')!.parentElement!.scrollTop = top;
      }, row * 40);
      await cell(page, me, oral.id).click();

      // Typed with a Greek decimal comma; Enter saves and moves down.
      await page.keyboard.type('17,5');
      await page.keyboard.press('Enter');
      await expect.poll(() => cell(page, me, oral.id).textContent()).toBe('17.5');
      // Outside the item's points: marked, said why, not sent.
      await page.keyboard.type('25');
      await page.keyboard.press('Enter');
      await expect.poll(() => cell(page, next, oral.id).getAttribute('aria-invalid')).toBe('true');
      await page.keyboard.press('ArrowUp');
      expect(await page.getByTestId('grade-cell-message').textContent()).toContain(
        'Enter a value from 0 to 20.',
      );
      await shot(page, 'grid-error-1280-en');
      // Escape drops it; Tab moves across to the test.
      await page.keyboard.press('Escape');
      expect(await cell(page, next, oral.id).getAttribute('aria-invalid')).toBeNull();
      expect(await cell(page, next, oral.id).textContent()).toBe('');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12');
      await page.keyboard.press('Enter');
      await expect.poll(() => cell(page, me, test.id).textContent()).toBe('12');
      // Delete clears a value.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Delete');
      await expect.poll(() => cell(page, me, test.id).textContent()).toBe('');

      // A block from a spreadsheet at the student's oral: two rows, two columns, one bad value.
      await cell(page, me, oral.id).click();
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.setData('text/plain', '18\t14\r\n9\t30\r\n');
        document
          .querySelector('[data-testid="grade-grid"]')!
          .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      });
      await expect.poll(() => cell(page, next, oral.id).textContent()).toBe('9');
      expect(await cell(page, me, oral.id).textContent()).toBe('18');
      expect(await cell(page, me, test.id).textContent()).toBe('14');
      expect(await cell(page, next, test.id).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId(`grade-average-${me}`).textContent()).not.toBe('–');
      await shot(page, 'grid-paste-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      // Kept after a reload, once saved; the refused value was never saved.
      await expect.poll(() => grid.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await cell(page, me, oral.id).getAttribute('aria-invalid')).toBeNull();
      await page.reload();
      await grid.waitFor();
      await page.evaluate((top) => {
        document.querySelector('[data-testid="grade-grid"]')!.parentElement!.scrollTop = top;
      }, row * 40);
      // A reload within a second of the last save may first show the copy kept for offline
      // use (saved once a second), until the gradebook is read again, as it is on every opening.
      await expect
        .poll(() => cell(page, me, oral.id).textContent(), { timeout: 15_000 })
        .toBe('18');
      expect(await cell(page, me, test.id).textContent()).toBe('14');
      expect(await cell(page, next, oral.id).textContent()).toBe('9');
      expect(await cell(page, next, test.id).textContent()).toBe('');

      await page.setViewportSize({ width: 375, height: 740 });
      await page.waitForTimeout(300);
      await shot(page, 'grid-375-en');
      expect(await wcagViolations(page)).toEqual([]);
      // The screen still scrolls sideways inside the grid, not the page.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      ).toBe(true);

      await page.goto(`${server.url}/teacher/${school}/lesson/${lesson.id}/student/${me}`);
      await page.getByTestId('student-sub-period').first().waitFor();
      await shot(page, 'student-record-375-en');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${server.url}/teacher/${school}/grades`);
      await page.getByTestId('gradebook-row').first().waitFor();
      await shot(page, 'gradebooks-1280-en');
    });

    // The school publishes grades at once (the demo's setting): the student sees the value.
    await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
      await page.goto(`${server.url}/student/${school}/grades`);
      const card = page.getByTestId('lesson-grades').filter({ hasText: lesson.name });
      const item = card.getByTestId('grade-item-row').filter({ hasText: ORAL });
      await expect.poll(() => item.textContent()).toContain('18 / 20');
      expect(await card.getByTestId('sub-period-grade').textContent()).toMatch(/\d/);
      await shot(page, 'student-grades-1280-en');
      expect(await wcagViolations(page)).toEqual([]);
    });

    await asUser(server.url, DEMO_LOGINS.parent, 375, async (page) => {
      await page.goto(`${server.url}/client/${school}/student/${me}`);
      const card = page.getByTestId('lesson-grades').filter({ hasText: lesson.name });
      const item = card.getByTestId('grade-item-row').filter({ hasText: ORAL });
      await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('18 / 20');
      await shot(page, 'parent-child-grades-375-en');
    });
  });
});
