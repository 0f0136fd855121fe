import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolEntries } from './support/api';
import { wcagViolations } from './support/axe';
import {
  type Browser,
  closePage,
  DEMO_LOGINS,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { settled } from './support/screens';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

// The office adds a person to a group it made, from the room's members dialog: the student's
// list of rooms shows the group without a reload, then the office takes her out again.

let server: RunningServer;
let officeBrowser: Browser;
let studentBrowser: Browser;
let athensId: number;
let roomId: number;

const STUDENT_NAME = 'Σοφία Γεωργίου';
const TEACHER_NAME = 'Νίκος Παπαδάκης';

beforeAll(async () => {
  server = await startServer();
  [officeBrowser, studentBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  const entries = await schoolEntries(server.url, DEMO_LOGINS.admin);
  athensId = entries.find((entry) => entry.role === 'admin')!.school_id;
  const admin = await tokenOf(server.url, DEMO_LOGINS.admin);
  const teachers = await apiCall<{ user_id: number; name: string }[]>(
    server.url,
    admin,
    'GET',
    `/schools/${athensId}/admin/chat/contacts?for=room&search=${encodeURIComponent('Παπαδάκης')}`,
  );
  const teacher = teachers.data.find((person) => person.name === TEACHER_NAME)!;
  const made = await apiCall<{ id: number }>(
    server.url,
    admin,
    'POST',
    `/schools/${athensId}/admin/chat/rooms`,
    { name: 'Εκδρομή Δελφών', user_ids: [teacher.user_id] },
  );
  roomId = made.data.id;
});

afterAll(async () => {
  await officeBrowser?.close();
  await studentBrowser?.close();
  await server?.cleanUp();
});

async function shoot(page: Page, name: string) {
  // A dialog grows and fades in: the picture is taken once its motion is over.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

async function expectAxeClean(page: Page) {
  await settled(page);
  expect(await wcagViolations(page)).toEqual([]);
}

describe('chat room members', () => {
  it('the office adds a student to a group from the room, and takes her out again', async () => {
    const student = await openPage(studentBrowser, 375);
    await signIn(student, server.url, DEMO_LOGINS.student);
    await student.goto(`${server.url}/student/${athensId}/messages`);
    await student.getByRole('heading', { name: 'Messages', level: 2 }).waitFor();
    const groupRow = student.locator(`a[data-testid="chat-room"][href$="/message/${roomId}"]`);
    expect(await groupRow.count()).toBe(0);

    const office = await openPage(officeBrowser, 1280);
    await signIn(office, server.url, DEMO_LOGINS.admin);
    await office.goto(`${server.url}/admin/${athensId}/message/${roomId}`);
    const open = office.getByTestId('room-members');
    await expect.poll(() => open.textContent()).toContain('Members: 2');
    await open.click();
    const dialog = office.getByRole('dialog');
    await dialog.getByTestId('room-member').filter({ hasText: TEACHER_NAME }).waitFor();
    await dialog.getByRole('searchbox', { name: 'Search people' }).fill('Γεωργίου');
    const add = dialog.getByRole('button', { name: `Add ${STUDENT_NAME}` });
    await add.waitFor();
    await shoot(office, 'chat-members-1280-en');
    await expectAxeClean(office);
    await add.click();

    await dialog.getByTestId('room-member').filter({ hasText: STUDENT_NAME }).waitFor();
    await expect
      .poll(() => dialog.getByTestId('room-members-status').textContent())
      .toBe(`${STUDENT_NAME} was added.`);
    // Already a member: the picker no longer offers her.
    await expect.poll(() => add.count()).toBe(0);
    await expect.poll(() => open.textContent()).toContain('Members: 3');
    // The student's list shows the group at once (the server told her sockets).
    await groupRow.waitFor({ timeout: 8_000 });
    await shoot(student, 'chat-members-student-list-375-en');

    // Taking her out asks first, and the group goes from her list again.
    await dialog.getByRole('button', { name: `Remove ${STUDENT_NAME}` }).click();
    const confirm = office.getByRole('dialog', { name: 'Remove member' });
    await confirm.getByText(`Take ${STUDENT_NAME} out of this group?`, { exact: false }).waitFor();
    await shoot(office, 'chat-members-confirm-1280-en');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect
      .poll(() => dialog.getByTestId('room-member').filter({ hasText: STUDENT_NAME }).count())
      .toBe(0);
    await expect.poll(() => groupRow.count(), { timeout: 8_000 }).toBe(0);
    await closePage(office);
    await closePage(student);
  });

  it('fits a phone, in English and Greek', async () => {
    const page = await openPage(officeBrowser, 375);
    await page.goto(`${server.url}/admin/${athensId}/message/${roomId}`);
    // Read again on opening, whatever the offline copy held: the student is out again.
    await expect.poll(() => page.getByTestId('room-members').textContent()).toContain('Members: 2');
    await page.getByTestId('room-members').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: 'Search people' }).fill('Γεωργίου');
    await dialog.getByTestId('room-candidate').first().waitFor();
    // Nothing wider than the screen: the rows shorten their names instead.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'chat-members-375-en');
    await expectAxeClean(page);

    await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'el');
    await page.getByTestId('room-members').click();
    await page.getByRole('dialog', { name: 'Μέλη της ομάδας «Εκδρομή Δελφών»' }).waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Αφαίρεση ${TEACHER_NAME}` })
      .waitFor();
    await shoot(page, 'chat-members-375-el');
    // Closed from the keyboard, the dialog gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect
      .poll(() =>
        page.getByTestId('room-members').evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('en')));
    await closePage(page);
  });
});
