import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, packageEntries, scormPackage } from '../fixtures/scormPackages';
import { type RunningServer, startServer } from '../support/built-server';
import { seriousViolations } from './support/axe';
import { DEMO_LOGINS, DEMO_PASSWORD, asUser } from './support/browser';

// SCORM through the screens: the teacher uploads a 1.2 package (and sees a bad one refused),
// the demo student plays it in the sandboxed frame, reloads half-way and resumes, finishes
// with 85; a 2004 package the same; the teacher's page lists the result. Screenshots at 1280
// and 375, English and Greek, go outside the repository (SHOTS_DIR, else the temp folder).

let server: RunningServer;
const school = 1;
const shotsDir = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'scorm-shots');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scorm-e2e-'));

beforeAll(async () => {
  server = await startServer();
  fs.mkdirSync(shotsDir, { recursive: true });
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

async function api<T>(token: string, url: string) {
  const response = await fetch(`${server.url}/api/schools/${school}/${url}`, {
    headers: { Token: token },
  });
  const envelope = (await response.json()) as { data: T };
  expect(response.status, JSON.stringify(envelope)).toBeLessThan(300);
  return envelope.data;
}

async function chooseLanguage(page: Page, language: 'en' | 'el') {
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
}

async function uploadThroughScreen(page: Page, lessonId: number, zip: Buffer, name: string) {
  const file = path.join(work, name);
  fs.writeFileSync(file, zip);
  await page.goto(`${server.url}/teacher/${school}/scorm`);
  await page.getByTestId('scorm-lesson').selectOption(String(lessonId));
  await page.getByTestId('scorm-file').setInputFiles(file);
  await page.getByTestId('scorm-upload').click();
}

const frameOf = (page: Page): FrameLocator => page.frameLocator('[data-testid="scorm-frame"]');

/** Plays a package to the middle, reloads, checks the resume, and finishes. */
async function playToCompletion(page: Page, packageId: number, token: string) {
  await page.goto(`${server.url}/student/${school}/scorm/${packageId}`);
  let frame = frameOf(page);
  await expect.poll(() => frame.locator('#api').textContent()).toBe('ready');
  expect(await frame.locator('#entry').textContent()).not.toBe('resume');
  // The package cannot reach the app's storage (an opaque origin).
  const reach = await page
    .frames()
    .find((f) => f !== page.mainFrame())!
    .evaluate(() => {
      try {
        return String(window.localStorage.length);
      } catch {
        return 'refused';
      }
    });
  expect(reach).toBe('refused');
  await frame.locator('#next').click();
  await expect.poll(() => frame.locator('#location').textContent()).toBe('2');
  await expect
    .poll(async () => (await api<any>(token, `student/scorm/${packageId}`)).standing.status)
    .toBe('incomplete');

  await page.reload();
  frame = frameOf(page);
  await expect.poll(() => frame.locator('#api').textContent()).toBe('ready');
  expect(await frame.locator('#location').textContent()).toBe('2');
  expect(await frame.locator('#suspend').textContent()).toBe('seen:2');
  expect(await frame.locator('#entry').textContent()).toBe('resume');

  await frame.locator('#finish').click();
  await frame.locator('#done').waitFor();
  await expect
    .poll(async () => (await api<any>(token, `student/scorm/${packageId}`)).standing)
    .toMatchObject({ status: 'passed', score_percent: 85 });
  await expect.poll(() => page.getByTestId('scorm-standing').textContent()).toContain('85%');
}

describe('SCORM packages through the screens', () => {
  it('a teacher uploads, a student plays 1.2 and 2004 to completion and resumes after a reload', async () => {
    const teacher = await tokenOf(DEMO_LOGINS.teacher);
    const student = await tokenOf(DEMO_LOGINS.student);
    // A lesson the demo teacher teaches and the demo student attends: the demo package's.
    const demo = (await api<any[]>(student, 'student/scorm?per_page=100'))[0]!;
    const lessonId = demo.lesson_id as number;

    const uploaded = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      // A package without a manifest is refused with its reason, on the file.
      await uploadThroughScreen(
        page,
        lessonId,
        await buildZip(packageEntries('1.2').slice(1)),
        'bad.zip',
      );
      await page.getByText('The package has no imsmanifest.xml at its root').waitFor();
      await shot(page, 'teacher-scorm-refused-1280');
      await uploadThroughScreen(
        page,
        lessonId,
        await scormPackage('1.2', 'Κλάσματα e2e'),
        'ok12.zip',
      );
      await page.waitForURL(/\/teacher\/1\/scorm\/\d+$/);
      const id = Number(page.url().split('/').pop());
      await page.getByRole('heading', { name: 'Κλάσματα e2e' }).waitFor();
      await page.getByTestId('scorm-preview').click();
      await expect.poll(() => frameOf(page).locator('#api').textContent()).toBe('ready');
      // The preview's own runtime in the app page answers, and nothing is stored.
      expect(await frameOf(page).locator('#entry').textContent()).toBe('none');
      await shot(page, 'teacher-scorm-preview-1280');
      return id;
    });
    const v2004 = await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await uploadThroughScreen(
        page,
        lessonId,
        await scormPackage('2004', 'Γεωμετρία e2e'),
        'ok2004.zip',
      );
      await page.waitForURL(/\/teacher\/1\/scorm\/\d+$/);
      return Number(page.url().split('/').pop());
    });
    const report = await api<any[]>(teacher, `teacher/scorm/${uploaded}/learners`);
    expect(report.every((r) => r.attempts === 0)).toBe(true);

    await asUser(server.url, DEMO_LOGINS.student, 1280, async (page) => {
      await playToCompletion(page, uploaded, student);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'student-scorm12-1280');
      await playToCompletion(page, v2004, student);
      await page.setViewportSize({ width: 375, height: 740 });
      await shot(page, 'student-scorm2004-375');
      await chooseLanguage(page, 'el');
      await page.getByText('Επιτυχία').first().waitFor();
      await shot(page, 'student-scorm2004-375-el');
    });

    await asUser(server.url, DEMO_LOGINS.teacher, 1280, async (page) => {
      await page.goto(`${server.url}/teacher/${school}/scorm/${uploaded}`);
      const row = page.getByTestId('scorm-learner').filter({ hasText: 'Passed' });
      await row.first().waitFor();
      expect(await row.first().textContent()).toContain('85%');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'teacher-scorm-learners-1280');
      await page.goto(`${server.url}/teacher/${school}/scorm`);
      await page.getByTestId('scorm-row').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'teacher-scorm-list-1280');
      await page.setViewportSize({ width: 375, height: 740 });
      await chooseLanguage(page, 'el');
      await page.getByText('Πακέτα SCORM').first().waitFor();
      await shot(page, 'teacher-scorm-list-375-el');
      await page.goto(`${server.url}/teacher/${school}/scorm/${uploaded}`);
      await page.getByText('Επιτυχία').first().waitFor();
      await shot(page, 'teacher-scorm-learners-375-el');
    });

    // The student's parent follows the same standing under their child (record 4).
    await asUser(server.url, DEMO_LOGINS.parent, 375, async (page) => {
      await page.goto(`${server.url}/client/${school}/student/4`);
      const row = page.getByTestId('child-scorm-row').filter({ hasText: 'Κλάσματα e2e' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Passed');
      expect(await row.textContent()).toContain('85%');
      await row.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'parent-child-scorm-375');
    });
  });
});
