import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
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

// Files in a direct conversation, live on both sides (the teacher at 1280, the student on a
// phone), and the office making a group room; in English and Greek, axe clean.

let server: RunningServer;
let teacherBrowser: Browser;
let studentBrowser: Browser;
let officeBrowser: Browser;
let athensId: number;
let roomId: number;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** A 64×64 gradient, so that a thumbnail shows something. */
function gradientPng(): Buffer {
  const size = 64;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * (size * 3 + 1) + 1 + x * 3;
      raw[at] = 230 - x * 2;
      raw[at + 1] = 120 + y;
      raw[at + 2] = 60 + x;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  server = await startServer();
  [teacherBrowser, studentBrowser, officeBrowser] = await Promise.all([
    launchBrowser(),
    launchBrowser(),
    launchBrowser(),
  ]);
  const entries = await schoolEntries(server.url, DEMO_LOGINS.student);
  athensId = entries.find((entry) => entry.role === 'student')!.school_id;
  const student = await tokenOf(server.url, DEMO_LOGINS.student);
  const rooms = await apiCall<{ id: number; kind: string; name: string }[]>(
    server.url,
    student,
    'GET',
    `/schools/${athensId}/student/messages/chatrooms?per_page=100`,
  );
  roomId = rooms.data.find((room) => room.kind === 'direct' && room.name === 'Νίκος Παπαδάκης')!.id;
});

afterAll(async () => {
  await teacherBrowser?.close();
  await studentBrowser?.close();
  await officeBrowser?.close();
  await server?.cleanUp();
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

async function expectAxeClean(page: Page) {
  await settled(page);
  expect(await wcagViolations(page)).toEqual([]);
}

const thumbnailWidth = (page: Page, name: string) =>
  page
    .getByTestId('chat-scroller')
    .getByRole('link', { name: new RegExp(name) })
    .locator('img')
    .last()
    .evaluate((img: HTMLImageElement) => img.naturalWidth);

describe('chat attachments', () => {
  it('a teacher sends a picture and a PDF; the student sees them live and opens them', async () => {
    const student = await openPage(studentBrowser, 375);
    await signIn(student, server.url, DEMO_LOGINS.student);
    await student.goto(`${server.url}/student/${athensId}/message/${roomId}`);
    await student.getByRole('textbox', { name: 'Write a message' }).waitFor();

    const teacher = await openPage(teacherBrowser, 1280);
    await signIn(teacher, server.url, DEMO_LOGINS.teacher);
    await teacher.goto(`${server.url}/teacher/${athensId}/message/${roomId}`);
    await teacher.getByRole('textbox', { name: 'Write a message' }).waitFor();
    await teacher.getByTestId('chat-attach-input').setInputFiles([
      { name: 'γράφημα-παραβολής.png', mimeType: 'image/png', buffer: gradientPng() },
      { name: 'ασκήσεις.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    // Both wait in the composer, uploaded, each with its size and a way to remove it.
    const pending = teacher.getByTestId('chat-pending-file');
    await expect.poll(() => pending.count()).toBe(2);
    await teacher
      .getByRole('button', { name: 'Remove ασκήσεις.pdf' })
      .and(teacher.locator(':not([disabled])'))
      .waitFor();
    await teacher.getByRole('textbox', { name: 'Write a message' }).fill('Οι ασκήσεις της Τρίτης');
    await shoot(teacher, 'chat-attach-pending-1280-en');
    await expectAxeClean(teacher);
    await teacher.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => pending.count()).toBe(0);

    const sent = teacher.getByTestId('chat-message').filter({ hasText: 'Οι ασκήσεις της Τρίτης' });
    await sent.getByRole('link', { name: /ασκήσεις\.pdf/ }).waitFor();
    await expect.poll(() => thumbnailWidth(teacher, 'γράφημα-παραβολής.png')).toBe(64);

    // The student's room got it live, and fetched links of its own for the files.
    const received = student
      .getByTestId('chat-message')
      .filter({ hasText: 'Οι ασκήσεις της Τρίτης' });
    await received.getByRole('link', { name: /ασκήσεις\.pdf/ }).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => thumbnailWidth(student, 'γράφημα-παραβολής.png'), { timeout: 10_000 })
      .toBe(64);
    const link = await received.getByRole('link', { name: /ασκήσεις\.pdf/ }).getAttribute('href');
    expect(link).toMatch(/reader=\d+/);
    const download = student.waitForEvent('download');
    await received.getByRole('link', { name: /ασκήσεις\.pdf/ }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('ασκήσεις.pdf');
    expect((await fs.readFile((await saved.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    await received.scrollIntoViewIfNeeded();
    await shoot(student, 'chat-attachments-375-en');
    await expectAxeClean(student);
    await shoot(teacher, 'chat-attachments-1280-en');
    await expectAxeClean(teacher);

    // The rooms list says a file came when a message has no words.
    await teacher
      .getByTestId('chat-attach-input')
      .setInputFiles([{ name: 'σημειώσεις.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await teacher
      .getByRole('button', { name: 'Remove σημειώσεις.pdf' })
      .and(teacher.locator(':not([disabled])'))
      .waitFor();
    await teacher.getByRole('button', { name: 'Send' }).click();
    const onlyFile = teacher.getByTestId('chat-message').filter({ hasText: 'σημειώσεις.pdf' });
    await onlyFile.waitFor();
    await student.goto(`${server.url}/student/${athensId}/messages`);
    const row = student.locator(`a[data-testid="chat-room"][href$="/message/${roomId}"]`);
    await expect.poll(() => row.textContent()).toContain('Sent a file');

    // Deleting the message takes its files away for both.
    await onlyFile.getByRole('button', { name: 'Delete message' }).click();
    await teacher.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => teacher.getByTestId('chat-message').filter({ hasText: 'σημειώσεις.pdf' }).count())
      .toBe(0);
    await closePage(teacher);
    await closePage(student);
  });

  it('the office makes a group room with the people it chooses', async () => {
    const page = await openPage(officeBrowser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.admin);
    await page.goto(`${server.url}/admin/${athensId}/messages`);
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Name of the group/ }).fill('Σύλλογος γονέων Β2');
    // Families too: the office reaches them through rooms.
    await dialog.getByRole('searchbox', { name: 'Search people' }).fill('Γεωργ');
    const candidates = dialog.getByTestId('room-candidate');
    // The search's answer, not the list before it (the search waits for the typing to pause):
    // ticking rows of a list that is then replaced could tick the same person twice.
    await expect
      .poll(
        async () => {
          const names = await candidates.allTextContents();
          return names.length > 1 && names.every((name) => name.includes('Γεωργ'));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await candidates.nth(0).getByRole('checkbox').check();
    await candidates.nth(1).getByRole('checkbox').check();
    await dialog.getByText('Members: 2').waitFor();
    await shoot(page, 'chat-new-group-1280-en');
    await expectAxeClean(page);
    // A name is needed.
    await dialog.getByRole('textbox', { name: /Name of the group/ }).fill('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByRole('textbox', { name: /Name of the group/ }).fill('Σύλλογος γονέων Β2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/\d+\/message\/\d+$/);
    await page.getByRole('heading', { name: 'Σύλλογος γονέων Β2' }).waitFor();
    await page.getByText('Members: 3').waitFor();
    await shoot(page, 'chat-new-group-room-1280-en');
    await expectAxeClean(page);
    await closePage(page);

    // A teacher has no such button.
    const teacher = await openPage(teacherBrowser, 375);
    await teacher.goto(`${server.url}/teacher/${athensId}/messages`);
    await teacher.getByRole('button', { name: 'New conversation' }).waitFor();
    expect(await teacher.getByRole('button', { name: 'New group' }).count()).toBe(0);
    await closePage(teacher);
  });

  it('speaks Greek on a phone: the group dialog and a room with files', async () => {
    const page = await openPage(officeBrowser, 375);
    await page.goto(`${server.url}/admin/${athensId}/messages`);
    await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'el');
    await page.getByRole('button', { name: 'Νέα ομάδα' }).waitFor();
    // The room made above is in the office's list, found by its name.
    await page.getByRole('searchbox', { name: 'Αναζήτηση συνομιλιών' }).fill('Σύλλογος');
    await page.getByTestId('chat-room').filter({ hasText: 'Σύλλογος γονέων Β2' }).waitFor();
    await shoot(page, 'chat-rooms-admin-375-el');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Νέα ομάδα' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Όνομα της ομάδας/ }).fill('Ομάδα ρομποτικής');
    await expect.poll(() => dialog.getByTestId('room-candidate').count()).toBeGreaterThan(0);
    await dialog.getByTestId('room-candidate').nth(0).getByRole('checkbox').check();
    await dialog.getByText('Μέλη: 1').waitFor();
    await shoot(page, 'chat-new-group-375-el');
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
    await page.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('en')));
    await closePage(page);

    const student = await openPage(studentBrowser, 375);
    await student.goto(`${server.url}/student/${athensId}/message/${roomId}`);
    await student.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
    await student.reload();
    await student.waitForFunction(() => document.documentElement.lang === 'el');
    await student.getByRole('textbox', { name: 'Γράψτε ένα μήνυμα' }).waitFor();
    await student.getByRole('button', { name: 'Επισύναψη αρχείων' }).waitFor();
    await student
      .getByTestId('chat-attach-input')
      .setInputFiles([{ name: 'λύση.png', mimeType: 'image/png', buffer: gradientPng() }]);
    await student
      .getByRole('button', { name: 'Αφαίρεση λύση.png' })
      .and(student.locator(':not([disabled])'))
      .waitFor();
    await student.getByRole('button', { name: 'Αποστολή' }).click();
    await expect.poll(() => thumbnailWidth(student, 'λύση.png'), { timeout: 10_000 }).toBe(64);
    await shoot(student, 'chat-attachments-375-el');
    await expectAxeClean(student);
    // Removing a file from the composer before sending.
    await student
      .getByTestId('chat-attach-input')
      .setInputFiles([{ name: 'πρόχειρο.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    const remove = student
      .getByRole('button', { name: 'Αφαίρεση πρόχειρο.pdf' })
      .and(student.locator(':not([disabled])'));
    await remove.waitFor();
    await remove.click();
    await expect.poll(() => student.getByTestId('chat-pending-file').count()).toBe(0);
    await student.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('en')));
    await closePage(student);
  });
});
