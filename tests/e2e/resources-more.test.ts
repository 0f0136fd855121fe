import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
  asUser,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// Filters, the permission grid, the lesson timetable, and the lessons and teachers screens of
// teachers and students.

let server: RunningServer;
let browser: Browser;
let adminToken: string;
const school = 1;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await tokenOf(server.url, DEMO_LOGINS.admin);
  mkdirSync(screenshotDir, { recursive: true });
  const page = await openPage(browser);
  await signIn(page, server.url, DEMO_LOGINS.admin);
  await closePage(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

const admin = (route: string) => `${server.url}/admin/${school}/${route}`;
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(screenshotDir, `resources-more-${name}.png`),
    fullPage: false,
  });
const countText = (page: Page) => page.getByTestId('list-count').textContent();
const get = <T>(token: string, route: string) =>
  apiCall<T>(server.url, token, 'GET', `/schools/${school}${route}`);

describe('list filters', () => {
  it('narrow the students to a level, stay in the address and go with the export', async () => {
    const levels = await get<{ id: number; name: string }[]>(adminToken, '/admin/levels');
    const level = levels.data[0]!;
    const total = (await get<unknown[]>(adminToken, '/admin/students?per_page=1')).totalCount!;
    const ofLevel = (await get<unknown[]>(adminToken, `/admin/students?level_id=${level.id}`))
      .totalCount!;
    expect(ofLevel).toBeGreaterThan(0);
    expect(ofLevel).toBeLessThan(total);

    const page = await openPage(browser, 1280);
    await page.goto(admin('students'));
    await expect.poll(() => countText(page)).toBe(`${total} results`);
    await page.locator(`#filter-students-level_id`).click();
    // Several levels may be chosen: the options are checkable menu items.
    await page.getByRole('menuitemcheckbox', { name: level.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => countText(page)).toBe(`${ofLevel} results`);
    expect(new URL(page.url()).searchParams.get('level_id')).toBe(String(level.id));
    // Every row shown is of that level (the Level column).
    const levelCells = await page.getByTestId('resource-table').evaluate((table) => {
      const headers = [...table.querySelectorAll('[role="columnheader"]')];
      const column = headers.findIndex((h) => h.getAttribute('data-testid') === 'column-level_id');
      return [...table.querySelectorAll('[data-testid="resource-row"]')].map(
        (row) => row.querySelectorAll('[role="cell"], [role="gridcell"]')[column]?.textContent,
      );
    });
    expect(new Set(levelCells)).toEqual(new Set([level.name]));

    const exported = page.waitForRequest((request) => request.url().includes('/students/export'));
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-csv').click();
    expect(new URL((await exported).url()).searchParams.get('level_id')).toBe(String(level.id));
    await page.keyboard.press('Escape');
    await shot(page, 'filtered-students-1280');

    // The address is a bookmark: a fresh page opens filtered, the chosen level named.
    const again = await openPage(browser, 1280);
    await again.goto(page.url());
    await expect.poll(() => countText(again)).toBe(`${ofLevel} results`);
    await expect
      .poll(() => again.locator('#filter-students-level_id').inputValue())
      .toBe(level.name);
    await again.getByTestId('filters-clear').click();
    await expect.poll(() => countText(again)).toBe(`${total} results`);
    expect(new URL(again.url()).searchParams.has('level_id')).toBe(false);
    await again.close();
    await page.close();
  });

  it('fold into a Filters button and panel under 768', async () => {
    const inactive = (await get<unknown[]>(adminToken, '/admin/students?active=false&per_page=1'))
      .totalCount!;
    const page = await openPage(browser, 375);
    await page.goto(admin('students'));
    await page.getByTestId('list-count').waitFor();
    expect(await page.getByTestId('list-filters').count()).toBe(0);
    await page.getByTestId('filters-button').click();
    await page.getByTestId('list-filters').waitFor();
    await page.locator('#filter-students-active').click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await expect.poll(() => countText(page)).toBe(`${inactive} results`);
    expect(new URL(page.url()).searchParams.get('active')).toBe('false');
    await expect.poll(() => page.getByTestId('filters-button').textContent()).toBe('Filters1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shot(page, 'filtered-students-375');
    await page.close();
  });
});

describe('the users list', () => {
  it('filters by roles and exports what it shows', async () => {
    const count = async (roles: string) =>
      (await get<unknown[]>(adminToken, `/admin/users?roles=${roles}&per_page=1`)).totalCount!;
    const teachers = await count('teacher');
    const staff = await count('teacher,admin');
    expect(staff).toBeGreaterThan(teachers);
    const page = await openPage(browser, 1280);
    await page.goto(admin('users'));
    await page.getByTestId('list-count').waitFor();
    await page.locator('#filter-users-roles').click();
    await page.getByRole('menuitemcheckbox', { name: 'teacher', exact: true }).click();
    await expect.poll(() => countText(page)).toBe(`${teachers} results`);
    await page.getByRole('menuitemcheckbox', { name: 'admin', exact: true }).click();
    await expect.poll(() => countText(page)).toBe(`${staff} results`);
    await page.keyboard.press('Escape');
    const exported = page.waitForResponse((response) => response.url().includes('/users/export'));
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-xlsx').click();
    const response = await exported;
    expect(new URL(response.url()).searchParams.get('roles')).toBe('teacher,admin');
    expect(response.status()).toBe(200);
    await page.close();
  });
});

describe('the permission grid', () => {
  it('stores read and write at once and the secretary loses the students list', async () => {
    const groups = await get<{ id: number; name: string }[]>(
      adminToken,
      '/admin/permissions?per_page=100',
    );
    const office = groups.data.find((g) => g.name === 'Office')!;
    const rules = async () =>
      (
        await get<{ resource: string; can_read: boolean; can_write: boolean }[]>(
          adminToken,
          `/admin/permission_rules?group_id=${office.id}&per_page=100`,
        )
      ).data;

    const page = await openPage(browser, 1280);
    await page.goto(admin(`permissions/${office.id}`));
    await page.getByTestId('permission-grid').waitFor();
    const read = page.getByTestId('permission-students-read');
    const write = page.getByTestId('permission-students-write');
    expect(await read.isChecked()).toBe(true);
    expect(await write.isChecked()).toBe(true);
    expect(await page.getByTestId('permission-funds-read').isChecked()).toBe(false);
    // The members picker names the secretary.
    expect(await page.getByTestId('field-member_ids').textContent()).toContain('Μακρή');
    await shot(page, 'permissions-1280');

    // Write implies read: funds, which the group had not, gets both.
    await page.getByTestId('permission-funds-write').click();
    await expect
      .poll(async () => (await rules()).find((r) => r.resource === 'funds'))
      .toMatchObject({ can_read: true, can_write: true });
    expect(await page.getByTestId('permission-funds-read').isChecked()).toBe(true);

    await asUser(server.url, 'secretary@demo.school', 1280, async (secretary) => {
      await secretary.goto(admin('students'));
      await secretary.getByTestId('list-count').waitFor();
      // The Office group does not manage users: no "View as this person" for the secretary.
      await secretary.getByTestId('row-menu').first().click();
      await secretary.getByTestId('row-delete').waitFor();
      expect(await secretary.getByTestId('row-act-as').count()).toBe(0);
      await secretary.keyboard.press('Escape');

      // Turning read off turns write off and leaves no rule for the group.
      await read.click();
      await expect.poll(() => write.isChecked()).toBe(false);
      await expect.poll(() => read.isDisabled()).toBe(false);
      expect(await read.isChecked()).toBe(false);
      expect((await rules()).find((r) => r.resource === 'students')).toBeUndefined();

      await secretary.reload();
      await secretary.getByTestId('no-permission').waitFor();
      expect(await secretary.getByTestId('drawer-item-students').count()).toBe(0);
    });

    const narrow = await openPage(browser, 375);
    await narrow.goto(admin(`permissions/${office.id}`));
    await narrow.getByTestId('permission-grid').scrollIntoViewIfNeeded();
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shot(narrow, 'permissions-375');
    await narrow.close();
    await page.close();
  });
});

describe('a lesson timetable', () => {
  it('shows the weekly slots as a grid, a list by day under 768, and adds one', async () => {
    const lessons = await get<{ id: number; name: string }[]>(adminToken, '/admin/lessons');
    const lesson = lessons.data[0]!;
    const slots = (
      await get<{ weekday: number; start_time: string; end_time: string }[]>(
        adminToken,
        `/admin/lesson_schedules?lesson_id=${lesson.id}`,
      )
    ).data;
    expect(slots).toHaveLength(2);

    const page = await openPage(browser, 1280);
    await page.goto(admin(`lessons/${lesson.id}`));
    await page.getByTestId('timetable-week').waitFor();
    await expect.poll(() => page.getByTestId('timetable-slot').count()).toBe(2);
    for (const slot of slots) {
      expect(
        await page
          .getByTestId(`timetable-day-${slot.weekday}`)
          .getByTestId('timetable-slot')
          .allTextContents(),
      ).toContainEqual(expect.stringContaining(`${slot.start_time}–${slot.end_time}`));
    }
    await page.getByTestId('lesson-timetable').scrollIntoViewIfNeeded();
    await shot(page, 'timetable-1280');

    // A new slot on Saturday, through the parts dialog.
    await page.getByTestId('timetable-new').click();
    const dialog = page.getByTestId('part-dialog-lesson_schedules');
    await dialog.waitFor();
    await dialog.locator('#field-lesson_schedules-weekday').click();
    await page.getByRole('option', { name: 'Saturday' }).click();
    await dialog.locator('#field-lesson_schedules-start_time').fill('10:00');
    await dialog.locator('#field-lesson_schedules-end_time').fill('11:30');
    await dialog.getByTestId('form-save').click();
    await expect
      .poll(() => page.getByTestId('timetable-day-6').getByTestId('timetable-slot').textContent())
      .toContain('10:00–11:30');

    const narrow = await openPage(browser, 375);
    await narrow.goto(admin(`lessons/${lesson.id}`));
    await narrow.getByTestId('timetable-days').waitFor();
    await expect.poll(() => narrow.getByTestId('timetable-slot').count()).toBe(3);
    expect(await narrow.getByTestId('timetable-week').count()).toBe(0);
    await narrow.getByTestId('lesson-timetable').scrollIntoViewIfNeeded();
    await shot(narrow, 'timetable-375');
    await narrow.close();
    await page.close();
  });
});

describe('lessons and teachers of other roles', () => {
  it('show a student only their lessons, read-only with the timetable, and their teachers', async () => {
    const token = await tokenOf(server.url, DEMO_LOGINS.student);
    const teachers = await get<unknown[]>(token, '/student/teachers?per_page=100');
    // What the admin sees of the student's lessons, against the school's.
    const student = (
      await get<{ id: number }[]>(adminToken, `/admin/students?search=${DEMO_LOGINS.student}`)
    ).data[0]!;
    const theirs = (await get<unknown[]>(adminToken, `/admin/lessons?student_ids=${student.id}`))
      .totalCount!;
    const all = (await get<unknown[]>(adminToken, '/admin/lessons?per_page=1')).totalCount!;
    expect(theirs).toBeGreaterThanOrEqual(4);
    expect(theirs).toBeLessThan(all);
    await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
      await page.goto(`${server.url}/student/${school}/lessons`);
      await expect.poll(() => countText(page)).toBe(`${theirs} results`);
      expect(await page.getByTestId('list-new').count()).toBe(0);
      await page.getByTestId('resource-row').first().locator('a').click();
      await page.waitForURL(/\/student\/1\/lesson\/\d+$/);
      // The lesson's page (lessonPage.test.ts walks it): no class list for a student.
      await page.getByTestId('lesson-week').waitFor();
      expect(await page.getByTestId('lesson-tab-timetable').count()).toBe(1);
      expect(await page.getByTestId('lesson-tab-students').count()).toBe(0);
      const slots = await get<unknown[]>(
        token,
        `/student/lesson_schedules?lesson_id=${page.url().split('/').pop()}`,
      );
      expect(slots.totalCount).toBeGreaterThanOrEqual(2);
      await expect.poll(() => page.getByTestId('timetable-slot').count()).toBe(slots.totalCount);
      expect(await page.getByTestId('timetable-new').count()).toBe(0);

      await page.goto(`${server.url}/student/${school}/teachers`);
      await expect.poll(() => countText(page)).toBe(`${teachers.totalCount} results`);
      await page.getByTestId('resource-row').first().locator('a').click();
      await page.waitForURL(/\/student\/1\/teachers\/\d+$/);
      await page.getByTestId('resource-form-teachers').waitFor();
      expect(await page.getByTestId('form-save').count()).toBe(0);
      expect(await page.getByTestId('field-notes').count()).toBe(0);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${server.url}/student/${school}/lessons`);
      await page.getByTestId('resource-cards').waitFor();
      await shot(page, 'student-lessons-375');
    });
  });

  it('show a teacher their lessons with students and timetable', async () => {
    const token = await tokenOf(server.url, DEMO_LOGINS.teacher);
    const lessons = await get<{ id: number }[]>(token, '/teacher/lessons?per_page=100');
    expect(lessons.totalCount).toBeGreaterThan(0);
    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/lessons`);
      await expect.poll(() => countText(page)).toBe(`${lessons.totalCount} results`);
      await page.getByTestId('resource-row').first().locator('a').click();
      await page.waitForURL(/\/teacher\/1\/lesson\/\d+$/);
      await page.getByTestId('lesson-week').waitFor();
      await page.getByTestId('lesson-tab-students').click();
      await page.getByTestId('lesson-student-row').first().waitFor();
      await page.getByTestId('lesson-tab-timetable').click();
      const slots = await get<unknown[]>(
        token,
        `/teacher/lesson_schedules?lesson_id=${new URL(page.url()).pathname.split('/').pop()}`,
      );
      expect(slots.totalCount).toBeGreaterThanOrEqual(2);
      await expect.poll(() => page.getByTestId('timetable-slot').count()).toBe(slots.totalCount);
      await shot(page, 'teacher-lesson-1280');
      await page.getByTestId('lesson-timetable').scrollIntoViewIfNeeded();
      await shot(page, 'teacher-lesson-timetable-1280');
    });
  });
});
