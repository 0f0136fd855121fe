import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, asUser, launchBrowser, openPage } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// Files, attachments and the profile through the screens: a teacher attaches a PDF and an
// image to a chapter, the student sees the image and downloads the PDF; the teacher changes
// their name and password and signs in again with the new one. Screenshots go outside the
// repository (SHOTS_DIR, else the system's temporary folder).

let server: RunningServer;
const school = 1;
const LESSON = 'Mathematics A1';
const shotsDir =
  process.env.SHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'files-profile-shots');
mkdirSync(shotsDir, { recursive: true });

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.cleanUp();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language, {
    timeout: 20_000,
  });
}

/** A 64×64 PNG with a gradient, made here (no binary in the repository). */
function gradientPng(): Buffer {
  const size = 64;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const at = y * (size * 3 + 1) + 1 + x * 3;
      raw[at] = 40 + x * 3;
      raw[at + 1] = 90 + y * 2;
      raw[at + 2] = 200;
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
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

describe('files, attachments and the profile, through the screens', () => {
  it('a teacher attaches a PDF and an image to a chapter; the student sees one and downloads the other', async () => {
    const title = 'Η παραβολή, με σχήματα';
    const chapterPath = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/chapters/new`);
      await page.getByTestId('chapter-title').fill(title);
      await page.getByTestId('lesson-picker').click();
      await page.getByRole('option', { name: LESSON }).click();
      await page.getByTestId('chapter-published').click();
      await expect
        .poll(() => page.getByTestId('chapter-published').isChecked(), { timeout: 15_000 })
        .toBe(true);
      await page.getByTestId('chapter-save').click();
      await page.waitForURL(/\/teacher\/1\/chapters\/\d+$/);
      await page.getByTestId('chapter-attachments').waitFor();
      await page.getByTestId('chapter-attachments-input').setInputFiles([
        { name: 'ασκήσεις-παραβολής.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'γράφημα.png', mimeType: 'image/png', buffer: gradientPng() },
      ]);
      const files = page.getByTestId('chapter-attachments-file');
      await expect.poll(() => files.count(), { timeout: 20_000 }).toBe(2);
      // The thumbnail is drawn from its signed link.
      const thumbnail = page.getByTestId('chapter-attachments').getByRole('img', {
        name: 'γράφημα.png',
      });
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(64);
      await shot(page, 'teacher-chapter-attachments-1280-en');
      return new URL(page.url()).pathname.replace('/teacher/', '/student/');
    });

    for (const width of [1280, 375]) {
      await asUser(server.url, DEMO_LOGINS.student, width, async (page) => {
        await page.goto(`${server.url}${chapterPath}`);
        const attachments = page.getByTestId('chapter-attachments');
        await attachments.waitFor();
        const image = attachments.getByRole('img', { name: 'γράφημα.png' });
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBe(64);
        // A reader cannot remove or attach.
        expect(await attachments.getByTestId('chapter-attachments-remove').count()).toBe(0);
        expect(await attachments.getByTestId('chapter-attachments-upload').count()).toBe(0);
        const pdf = page
          .getByTestId('chapter-attachments-file')
          .filter({ hasText: 'ασκήσεις-παραβολής.pdf' });
        const download = page.waitForEvent('download');
        await pdf.getByTestId('chapter-attachments-download').click();
        const saved = await download;
        expect(saved.suggestedFilename()).toBe('ασκήσεις-παραβολής.pdf');
        const bytes = await fs.readFile((await saved.path())!);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        await shot(page, `student-chapter-attachments-${width}-en`);
        await chooseLanguage(page, 'el');
        await attachments.waitFor();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBe(64);
        await shot(page, `student-chapter-attachments-${width}-el`);
      });
    }

    // The teacher's files screen lists both, with where they are attached.
    for (const width of [1280, 375]) {
      await asUser(server.url, DEMO_LOGINS.teacher, width, async (page) => {
        await page.goto(`${server.url}/teacher/${school}/files`);
        const row = page.getByTestId('file-row').filter({ hasText: 'ασκήσεις-παραβολής.pdf' });
        await row.waitFor();
        expect(await row.textContent()).toContain(`Chapter: ${title}`);
        await shot(page, `teacher-files-${width}-en`);
        await chooseLanguage(page, 'el');
        await page.getByTestId('file-row').first().waitFor();
        await shot(page, `teacher-files-${width}-el`);
        await page.goto(`${server.url}/teacher/${school}/school/${school}`);
        await page.getByTestId('school-page').waitFor();
        await shot(page, `teacher-school-${width}-el`);
      });
    }
  });

  it('a teacher changes their name and password on the profile and signs in again with the new one', async () => {
    const newPassword = 'a-new-password-2026';
    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/profile`);
      await page.getByTestId('profile-form').waitFor();
      await shot(page, 'teacher-profile-1280-en');
      await page.getByTestId('profile-first-name').fill('Ερμιόνη');
      await page.getByTestId('profile-save').click();
      // The drawer shows the new name once the account is read again.
      await expect
        .poll(() => page.getByTestId('drawer-user-name').textContent(), { timeout: 15_000 })
        .toContain('Ερμιόνη');
      await page.getByTestId('password-current').fill(DEMO_PASSWORD);
      await page.getByTestId('password-new').fill(newPassword);
      await page.getByTestId('password-repeat').fill(newPassword);
      await page.getByTestId('password-save').click();
      await page.getByText('Your password was changed.', { exact: false }).waitFor();
      await page.getByTestId('profile-button').click();
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login/);
    });

    const browser = await launchBrowser();
    try {
      for (const width of [375]) {
        const page = await openPage(browser, width);
        await page.goto(`${server.url}/login`);
        await page.getByLabel(/^Email/).fill(DEMO_LOGINS.teacher);
        await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        // The old password no longer works.
        await page.getByText('Wrong password Or Email').waitFor();
        await page.getByLabel(/^Password/).fill(newPassword);
        await page.getByLabel('Remember me').check();
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(/\/teacher\/1\/home$/);
        await page.goto(`${server.url}/teacher/${school}/profile`);
        await expect
          .poll(() => page.getByTestId('profile-first-name').inputValue())
          .toBe('Ερμιόνη');
        await shot(page, `teacher-profile-${width}-en`);
        await chooseLanguage(page, 'el');
        await page.getByTestId('profile-form').waitFor();
        await shot(page, `teacher-profile-${width}-el`);
      }
    } finally {
      await browser.close();
    }
  });
});
