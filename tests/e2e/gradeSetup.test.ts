import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, asUser } from './support/browser';
import { wcagViolations } from './support/axe';
import { type RunningServer, startServer } from '../support/built-server';

// Setting up a gradebook on the grid's page: a teacher adds a weighted category and an item,
// grades it in the grid, deletes it (the question says how many grades go), changes the
// category's weight and deletes it, moving its items to another. axe runs with the set-up
// open and with each dialog, at 1280 and 375 px, in English and in Greek. Screenshots go
// outside the repository (SHOTS_DIR, else the temp folder).

let server: RunningServer;
const school = 1;
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'grade-setup-shots');

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

/** A screenshot once the folding and the dialogs' animations have finished. */
async function shot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

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
  categories: { id: number; name: string; weight: number }[];
  items: { id: number | null; title: string; category_id: number | null }[];
  students: { student_id: number; values: (number | null)[] }[];
}

const CATEGORY = 'Εργασίες τάξης';
const ITEM = 'Προφορικό Δεκεμβρίου';
const SECOND = 'Ασκήσεις πίνακα';

describe('setting up a gradebook', () => {
  it('a teacher adds, grades, changes and deletes categories and items, asked before anything goes', async () => {
    const teacher = await tokenOf(DEMO_LOGINS.teacher);
    const taught = await api<{ lessons: { lesson: { id: number; name: string } }[] }>(
      teacher,
      'GET',
      'teacher/gradebooks',
    );
    const lesson = taught.lessons[0]!.lesson;
    const bookNow = () => api<Book>(teacher, 'GET', `teacher/grades/${lesson.id}`);
    const before = await bookNow();
    const oral = before.categories[0]!;
    const [first, second] = before.students.map((s) => s.student_id);

    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/grades`);
      await page.getByRole('link', { name: lesson.name, exact: true }).first().click();
      await page.getByTestId('grade-grid').waitFor();
      const categories = page.getByTestId('grade-category');
      await expect.poll(() => categories.count()).toBe(before.categories.length);

      // A category: the weight is asked for (the browser holds the form back without one),
      // and its share shown before saving.
      await page.getByTestId('add-grade-category').click();
      const categoryDialog = page.getByTestId('category-dialog');
      await categoryDialog.getByTestId('category-name').fill(CATEGORY);
      await categoryDialog.getByTestId('category-save').click();
      expect(
        await categoryDialog
          .getByTestId('category-weight')
          .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
      ).toBe(true);
      expect(await categoryDialog.isVisible()).toBe(true);
      await categoryDialog.getByTestId('category-weight').fill('20');
      const total = before.categories.reduce((sum, c) => sum + c.weight, 0) + 20;
      const share = Math.round((20 / total) * 100);
      expect(await categoryDialog.textContent()).toContain(`this is ${share} % of the grade`);
      await shot(page, 'category-dialog-1280-en');
      expect(await wcagViolations(page)).toEqual([]);
      await categoryDialog.getByTestId('category-save').click();
      await categoryDialog.waitFor({ state: 'detached' });
      const added = categories.filter({ hasText: CATEGORY });
      await expect.poll(() => added.textContent()).toContain(`${share} % of the grade`);

      // An item in it, out of 10 points; without a date it is the grid's first column.
      await page.getByTestId('add-grade-item').click();
      const itemDialog = page.getByTestId('item-dialog');
      await itemDialog.getByTestId('item-title').fill(ITEM);
      await itemDialog.getByTestId('item-category').selectOption({ label: CATEGORY });
      await itemDialog.getByTestId('item-points').fill('10');
      await itemDialog.getByTestId('item-save').click();
      await itemDialog.waitFor({ state: 'detached' });
      const created = (await bookNow()).items.find((i) => i.title === ITEM)!;
      expect(created).toBeDefined();
      const cell = (studentId: number) =>
        page.getByTestId(`grade-cell-${studentId}-item:${created.id}`);
      await cell(first!).waitFor();

      // Two grades from the keyboard.
      await cell(first!).click();
      await page.keyboard.type('8');
      await page.keyboard.press('Enter');
      await page.keyboard.type('9,5');
      await page.keyboard.press('Enter');
      await expect.poll(() => cell(second!).textContent()).toBe('9.5');
      await expect
        .poll(() => page.getByTestId('grade-grid').locator('[aria-busy="true"]').count())
        .toBe(0);

      // The items, unfolded: the new one says how many grades it holds.
      await page.getByTestId('grade-items-toggle').click();
      const itemRow = page.getByTestId('grade-item').filter({ hasText: ITEM });
      await expect
        .poll(() => itemRow.textContent())
        .toContain(`2 of ${before.students.length} graded`);
      expect(await itemRow.textContent()).toContain(CATEGORY);
      await page.getByTestId('grade-categories').scrollIntoViewIfNeeded();
      await shot(page, 'grade-setup-1280-en');
      expect(await wcagViolations(page)).toEqual([]);

      // Its column's title opens the same item for changing.
      await page
        .getByRole('button', { name: `Edit ${ITEM}` })
        .first()
        .click();
      await expect.poll(() => itemDialog.getByTestId('item-title').inputValue()).toBe(ITEM);
      await itemDialog.getByRole('button', { name: 'Cancel' }).click();
      await itemDialog.waitFor({ state: 'detached' });

      // Deleting it asks first, and says how many grades go with it.
      await itemRow.getByTestId('grade-item-delete').click();
      const confirm = page.getByTestId('delete-confirm');
      expect(await confirm.getByTestId('delete-item-grades').textContent()).toBe(
        'Grades entered on it: 2. They are deleted with it, for good.',
      );
      await shot(page, 'delete-item-1280-en');
      expect(await wcagViolations(page)).toEqual([]);
      // Cancel keeps it.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await cell(first!).textContent()).toBe('8');
      await itemRow.getByTestId('grade-item-delete').click();
      await confirm.getByTestId('delete-confirm-button').click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => cell(first!).count()).toBe(0);
      expect((await bookNow()).items.some((i) => i.title === ITEM)).toBe(false);

      // The category weighs more; then it goes, its item moving to the first category.
      await added.getByTestId('grade-category-edit').click();
      await categoryDialog.getByTestId('category-weight').fill('60');
      await categoryDialog.getByTestId('category-save').click();
      await categoryDialog.waitFor({ state: 'detached' });
      const heavier = Math.round((60 / (total + 40)) * 100);
      await expect.poll(() => added.textContent()).toContain(`${heavier} % of the grade`);
      const categoryId = (await bookNow()).categories.find((c) => c.name === CATEGORY)!.id;
      await api(teacher, 'POST', `teacher/grades/${lesson.id}/items`, {
        sub_period_id: before.sub_period.id,
        category_id: categoryId,
        kind: 'test',
        title: SECOND,
      });
      await page.reload();
      await page.getByTestId('grade-grid').waitFor();
      // Once the page has the item (a reload first shows the gradebook kept for offline use).
      await expect.poll(() => added.textContent()).toContain('items: 1');
      await added.getByTestId('grade-category-delete').click();
      expect(await confirm.textContent()).toContain('Items in it: 1.');
      await confirm.getByTestId('delete-category-move').selectOption({ label: oral.name });
      await shot(page, 'delete-category-1280-en');
      expect(await wcagViolations(page)).toEqual([]);
      await confirm.getByTestId('delete-confirm-button').click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => categories.filter({ hasText: CATEGORY }).count()).toBe(0);
      const after = await bookNow();
      expect(after.items.find((i) => i.title === SECOND)?.category_id).toBe(oral.id);

      // A phone: the set-up wraps, the dialogs fit.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByTestId('grade-items-toggle').click();
      await page.getByTestId('grade-item').first().waitFor();
      await shot(page, 'grade-setup-375-en');
      expect(await wcagViolations(page)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      ).toBe(true);
      await page
        .getByTestId('grade-item')
        .filter({ hasText: SECOND })
        .getByTestId('grade-item-edit')
        .click();
      await itemDialog.waitFor();
      await shot(page, 'item-dialog-375-en');
      expect(await wcagViolations(page)).toEqual([]);
      await itemDialog.getByRole('button', { name: 'Cancel' }).click();

      // In Greek.
      await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
      await page.reload();
      await page.getByTestId('grade-grid').waitFor();
      expect(await page.getByTestId('grade-categories').textContent()).toContain(
        'Κατηγορίες και βάρη',
      );
      expect(await page.getByTestId('add-grade-category').textContent()).toBe(
        'Προσθήκη κατηγορίας',
      );
      await page.getByTestId('grade-items-toggle').click();
      await page
        .getByTestId('grade-item')
        .filter({ hasText: SECOND })
        .getByTestId('grade-item-delete')
        .click();
      expect(await confirm.textContent()).toContain('Δεν έχει καταχωριστεί ακόμη κανένας βαθμός.');
      await shot(page, 'delete-item-375-el');
      expect(await wcagViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Ακύρωση' }).click();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('add-grade-category').click();
      await categoryDialog.waitFor();
      await shot(page, 'category-dialog-1280-el');
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
});
