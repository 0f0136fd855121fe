import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, asUser } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// The calendar screen, as the demo teacher and student see it: this week's timetable and a task
// due (the demo seeds one within the week), the three views, the list on a phone, events that
// open their screens, and the private iCalendar link from making to revoking.
// Screenshots go outside the repository (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
const school = 1;
const shotsDir = process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'calendar-shots');

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

const calendar = (page: Page) => page.getByTestId('calendar');

async function openCalendar(page: Page, role: 'teacher' | 'student', query = '') {
  await page.goto(`${server.url}/${role}/${school}/calendar${query}`);
  await calendar(page).locator('.fc-view').waitFor();
}

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

/**
 * The timetable runs September to June: in July and August the demo's current school year has
 * not started, so the lessons are looked for in the weeks ahead.
 */
async function weekWithLessons(page: Page) {
  const lessons = calendar(page).getByTestId('calendar-event-lesson');
  for (let step = 0; step < 10 && [6, 7].includes(new Date().getMonth()); step++) {
    if (await lessons.count()) break;
    await page.getByTestId('calendar-next').click();
    await page.waitForLoadState('networkidle');
  }
  await lessons.first().waitFor();
  return lessons;
}

describe('the calendar screen', () => {
  it.each(['teacher', 'student'] as const)(
    '%s: this week, the three views, events that open their screens, the phone list',
    async (role) => {
      await asUser(server.url, DEMO_LOGINS[role], 1280, async (page) => {
        await openCalendar(page, role);
        // A wide screen opens on the week, today's.
        expect(await calendar(page).getAttribute('data-view')).toBe('week');
        expect(await calendar(page).locator('.fc-timeGridWeek-view').count()).toBe(1);
        expect(await calendar(page).locator('.fc-day-today').count()).toBeGreaterThan(0);
        // The revision sheet falls due this week.
        const tasks = calendar(page).getByTestId('calendar-event-task');
        await tasks.first().waitFor();
        expect(await tasks.filter({ hasText: 'Φυλλάδιο επανάληψης' }).count()).toBeGreaterThan(0);
        const lessons = await weekWithLessons(page);
        expect(await lessons.count()).toBeGreaterThan(3);
        // The legend names each kind; each event says its kind to a screen reader too.
        const legend = page.getByTestId('calendar-legend');
        expect(await legend.textContent()).toContain('Lesson');
        expect(await legend.textContent()).toContain('Task due');
        expect(await lessons.first().textContent()).toContain('Lesson:');

        await page.getByTestId('calendar-view-month').click();
        await calendar(page).locator('.fc-dayGridMonth-view').waitFor();
        expect(await page.getByTestId('calendar-view-month').getAttribute('aria-pressed')).toBe(
          'true',
        );
        expect(new URL(page.url()).searchParams.get('view')).toBe('month');
        expect(await calendar(page).getByTestId('calendar-event-task').count()).toBeGreaterThan(0);
        await shot(page, `${role}-month-1280-en`);

        await page.getByTestId('calendar-view-list').click();
        await calendar(page).locator('.fc-listWeek-view').waitFor();
        expect(await calendar(page).getByTestId('calendar-event-task').count()).toBeGreaterThan(0);

        await page.getByTestId('calendar-view-week').click();
        await calendar(page).locator('.fc-timeGridWeek-view').waitFor();
        await shot(page, `${role}-week-1280-en`);

        // A task opens the task's screen (the teacher's and the student's addresses differ);
        // from the list, where nothing shares its line.
        await page.getByTestId('calendar-view-list').click();
        await calendar(page).locator('.fc-listWeek-view').waitFor();
        await calendar(page)
          .getByTestId('calendar-event-task')
          .filter({ hasText: 'Φυλλάδιο επανάληψης' })
          .first()
          .click();
        await page.waitForURL(
          new RegExp(`/${role}/${school}/${role === 'teacher' ? 'tasks' : 'task'}/\\d+$`),
        );
        await page.goBack();
        await calendar(page).locator('.fc-view').waitFor();
        // Back on the list (the address kept the view), a lesson's meeting opens the lesson.
        await calendar(page).locator('.fc-listWeek-view').waitFor();
        await (await weekWithLessons(page)).first().click();
        await page.waitForURL(new RegExp(`/${role}/${school}/lesson/\\d+$`));

        await chooseLanguage(page, 'el');
        await openCalendar(page, role);
        expect(await page.getByTestId('calendar-legend').textContent()).toContain(
          'Προθεσμία εργασίας',
        );
        expect(await page.getByTestId('calendar-view-month').textContent()).toBe('Μήνας');
        // FullCalendar's Greek: Monday first, Greek day names.
        await weekWithLessons(page);
        expect(await calendar(page).locator('.fc-col-header-cell').first().textContent()).toMatch(
          /^Δευ/,
        );
        await shot(page, `${role}-week-1280-el`);

        // A phone gets the list, and the view switcher fits its width.
        await page.setViewportSize({ width: 375, height: 740 });
        await openCalendar(page, role);
        expect(await calendar(page).getAttribute('data-view')).toBe('list');
        await calendar(page).locator('.fc-listWeek-view').waitFor();
        expect(await page.getByTestId('calendar-view-list').getAttribute('aria-pressed')).toBe(
          'true',
        );
        for (const choice of ['month', 'week', 'list']) {
          const box = await page.getByTestId(`calendar-view-${choice}`).boundingBox();
          expect(box!.x + box!.width).toBeLessThanOrEqual(375);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          375,
        );
        await weekWithLessons(page);
        await shot(page, `${role}-list-375-el`);
        await chooseLanguage(page, 'en');
        await openCalendar(page, role);
        await weekWithLessons(page);
        await shot(page, `${role}-list-375-en`);
      });
    },
    240_000,
  );

  it('makes a private iCalendar link, serves it as text/calendar, and revokes it', async () => {
    await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
      await openCalendar(page, 'student');
      await page.getByTestId('calendar-feed-create').click();
      const field = page.getByTestId('calendar-feed-url');
      await field.waitFor();
      const url = await field.inputValue();
      expect(url).toMatch(new RegExp(`^${server.url}/api/calendar/[0-9a-f]{64}\\.ics$`));
      await shot(page, 'student-feed-1280-en');

      const feed = await fetch(url);
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
      const text = await feed.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text).toContain('BEGIN:VEVENT');
      // The task due this week, with its lesson; the timetable's meetings.
      expect(text).toContain('SUMMARY:Φυλλάδιο επανάληψης');
      expect(text).toMatch(/UID:lesson-\d+-\d{4}-\d{2}-\d{2}@/);

      await page.getByTestId('calendar-feed-revoke').click();
      const confirm = page.getByTestId('calendar-feed-confirm');
      await confirm.waitFor();
      await confirm.getByTestId('calendar-feed-confirm-button').click();
      await confirm.waitFor({ state: 'detached' });
      expect(await page.getByTestId('calendar-feed-status').textContent()).toContain('revoked');
      expect(await field.count()).toBe(0);
      // Focus goes back to the button that asked.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'calendar-feed-revoke',
      );

      const gone = await fetch(url);
      expect(gone.status).toBe(404);
    });
  }, 120_000);
});
