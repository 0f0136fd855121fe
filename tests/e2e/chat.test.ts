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

// Two people chatting live, each in a browser of their own: the student's top-bar badge rises
// when the teacher writes, the room shows typing, messages and read state without a reload.

let server: RunningServer;
let teacherBrowser: Browser;
let studentBrowser: Browser;
let athensId: number;
let roomId: number;

interface Room {
  id: number;
  kind: string;
  name: string;
}

beforeAll(async () => {
  server = await startServer();
  [teacherBrowser, studentBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  const entries = await schoolEntries(server.url, DEMO_LOGINS.student);
  athensId = entries.find((entry) => entry.role === 'student')!.school_id;
  // The student starts with everything read, so that the badge shows exactly the new message.
  const student = await tokenOf(server.url, DEMO_LOGINS.student);
  const rooms = await apiCall<Room[]>(
    server.url,
    student,
    'GET',
    `/schools/${athensId}/student/messages/chatrooms?per_page=100`,
  );
  for (const room of rooms.data)
    await apiCall(
      server.url,
      student,
      'POST',
      `/schools/${athensId}/student/chat/rooms/${room.id}/read`,
      {
        message_id: 2_147_483_647,
      },
    );
  roomId = rooms.data.find((room) => room.kind === 'direct' && room.name === 'Νίκος Παπαδάκης')!.id;
});

afterAll(async () => {
  await teacherBrowser?.close();
  await studentBrowser?.close();
  await server?.cleanUp();
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

async function expectAxeClean(page: Page) {
  await settled(page);
  expect(await wcagViolations(page)).toEqual([]);
}

describe('chat', () => {
  it('two users chat live, with the badge, typing and read state', async () => {
    const student = await openPage(studentBrowser, 1280);
    await signIn(student, server.url, DEMO_LOGINS.student);
    await student.waitForURL(`**/student/${athensId}/home`);
    const badge = student.getByTestId('messages-button').getByTestId('count-badge');
    await student.getByTestId('messages-button').waitFor();
    await expect.poll(() => badge.count()).toBe(0);

    const teacher = await openPage(teacherBrowser, 375);
    await signIn(teacher, server.url, DEMO_LOGINS.teacher);
    await teacher.goto(`${server.url}/teacher/${athensId}/message/${roomId}`);
    const composer = teacher.getByRole('textbox', { name: 'Write a message' });
    await composer.waitFor();
    await expect.poll(() => teacher.getByTestId('chat-message').count()).toBeGreaterThan(0);
    await shoot(teacher, 'chat-room-375-en');
    await expectAxeClean(teacher);

    // Give the student's area socket a moment to enter its rooms.
    await student.waitForTimeout(1_000);
    await composer.fill('Καλησπέρα Σοφία! Είδες την άσκηση 7;');
    await teacher.getByRole('button', { name: 'Send' }).click();
    // The draft stays in the composer until the server has the message, which may arrive by socket first.
    await teacher
      .getByTestId('chat-scroller')
      .getByText('Καλησπέρα Σοφία! Είδες την άσκηση 7;')
      .waitFor();
    // Polled every five minutes while the socket is up: a badge within seconds came by socket.
    await expect.poll(() => badge.textContent(), { timeout: 8_000 }).toBe('1');

    await student.getByTestId('messages-button').click();
    await student.waitForURL(`**/student/${athensId}/messages`);
    const row = student.locator(`a[data-testid="chat-room"][href$="/message/${roomId}"]`);
    await expect.poll(() => row.getByTestId('count-badge').textContent()).toBe('1');
    await expect.poll(() => row.textContent()).toContain('Είδες την άσκηση 7;');
    await shoot(student, 'chat-rooms-1280-en');
    await expectAxeClean(student);
    await row.click();
    await student.getByText('Καλησπέρα Σοφία! Είδες την άσκηση 7;').waitFor();
    // Opening the room reads it: the badge goes, and the teacher sees who has seen it.
    await expect.poll(() => badge.count(), { timeout: 8_000 }).toBe(0);
    await expect
      .poll(() => teacher.getByTestId('chat-seen').textContent(), { timeout: 8_000 })
      .toContain('Σοφία Γεωργίου');

    // Typing shows on the other side, then the reply arrives live.
    const studentComposer = student.getByRole('textbox', { name: 'Write a message' });
    await studentComposer.pressSequentially('Ναι', { delay: 50 });
    await expect
      .poll(() => teacher.getByTestId('chat-typing').textContent(), { timeout: 5_000 })
      .toContain('Σοφία Γεωργίου');
    await studentComposer.pressSequentially(', τη λύνω τώρα!');
    await studentComposer.press('Enter');
    await teacher.getByText('Ναι, τη λύνω τώρα!').waitFor({ timeout: 8_000 });
    await shoot(student, 'chat-room-1280-en');
    await expectAxeClean(student);

    // Deleting one's own message removes it for the other side too.
    const own = student.getByTestId('chat-message').filter({ hasText: 'Ναι, τη λύνω τώρα!' });
    await own.getByRole('button', { name: 'Delete message' }).click();
    await student.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await teacher
      .getByTestId('chat-message')
      .filter({ hasText: 'Message deleted' })
      .last()
      .waitFor({ timeout: 8_000 });
    await shoot(teacher, 'chat-room-375-after-en');
    await closePage(teacher);
    await closePage(student);
  });

  it('speaks Greek and stays accessible', async () => {
    const page = await openPage(studentBrowser, 375);
    await page.goto(`${server.url}/student/${athensId}/messages`);
    await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'el');
    await page.getByRole('heading', { name: 'Μηνύματα' }).waitFor();
    await page.getByRole('button', { name: 'Νέα συνομιλία' }).waitFor();
    await shoot(page, 'chat-rooms-375-el');
    await expectAxeClean(page);
    await page.goto(`${server.url}/student/${athensId}/message/${roomId}`);
    await page.getByRole('textbox', { name: 'Γράψτε ένα μήνυμα' }).waitFor();
    await page.getByText('Το μήνυμα διαγράφηκε').first().waitFor();
    await shoot(page, 'chat-room-375-el');
    await expectAxeClean(page);
    // The new conversation dialog offers the student's teachers.
    await page.goto(`${server.url}/student/${athensId}/messages`);
    await page.getByRole('button', { name: 'Νέα συνομιλία' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Νίκος Παπαδάκης/ })
      .waitFor();
    await shoot(page, 'chat-new-conversation-375-el');
    await expectAxeClean(page);
    await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('en')));
    await closePage(page);
  });
});
