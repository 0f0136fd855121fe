import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { jwtVerify } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiToken } from './support/api';
import { wcagViolations } from './support/axe';
import {
  type Browser,
  DEMO_LOGINS,
  closePage,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { startStandInJitsi, type StandInJitsi } from './support/jitsi/standInJitsi';
import { type RunningServer, startServer } from '../support/built-server';

// A live session end to end: the teacher starts one from the lesson page, the call window
// floats at a quarter of the window and loads the (stand-in) Jitsi IFrame API with a signed
// token; a student joins from another browser; the office's dashboard sees both; the teacher's
// window goes full screen, records, comes back, and closes when the meeting is ready to close.

const SECRET = 'the-live-session-browser-test-secret-0123456789';
const APP_ID = 'mathema-e2e';
const LESSON = 'Mathematics A1';
const school = 1;

let server: RunningServer;
let jitsi: StandInJitsi;
const browsers: Browser[] = [];
const shots = path.join(screenshotDir, 'live-session');

beforeAll(async () => {
  jitsi = await startStandInJitsi();
  server = await startServer({
    env: { JITSI_DOMAIN: jitsi.domain, JITSI_APP_ID: APP_ID, JITSI_APP_SECRET: SECRET },
  });
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.cleanUp();
  await jitsi?.close();
});

async function signedIn(username: string, width: number): Promise<Page> {
  const browser = await launchBrowser(undefined, { ignoreHTTPSErrors: true });
  browsers.push(browser);
  const page = await openPage(browser, width);
  // Signing in opens the user's area, or the dashboard when they hold several (the admin).
  await signIn(page, server.url, username);
  return page;
}

/** What the stand-in's last JitsiMeetExternalAPI was constructed with, and the commands sent. */
const meetingOf = (page: Page) =>
  page.evaluate(() => {
    const last = (
      window as unknown as {
        __jitsiStandIn?: {
          last?: {
            domain: string;
            options: { roomName: string; jwt: string; lang: string; configOverwrite: object };
            commands: { command: string; args: unknown[] }[];
          };
        };
      }
    ).__jitsiStandIn?.last;
    return last ? { domain: last.domain, options: last.options, commands: last.commands } : null;
  });

const verifyToken = (token: string) =>
  jwtVerify(token, new TextEncoder().encode(SECRET), { issuer: APP_ID, audience: 'jitsi' });

async function noViolations(page: Page, where: string) {
  const found = await wcagViolations(page);
  expect(
    found.map((v) => `${where}: ${v.id} ${v.targets.join(' | ')}`),
    'axe violations',
  ).toEqual([]);
}

const box = async (page: Page) => (await page.getByTestId('call-window').boundingBox())!;

describe('a live session', () => {
  it('a teacher starts it, a student joins, the window floats, goes full screen, restores and closes', async () => {
    const teacher = await signedIn(DEMO_LOGINS.teacher, 1280);
    await teacher.goto(`${server.url}/teacher/${school}/lessons`);
    await teacher.getByRole('link', { name: LESSON, exact: true }).first().click();
    await teacher.waitForURL(/\/teacher\/1\/lesson\/\d+$/);
    await teacher.getByTestId('lesson-start-session').click();
    await teacher.waitForURL(/\/teacher\/1\/session\/\d+$/);
    const sessionId = Number(new URL(teacher.url()).pathname.split('/').pop());

    // Floating at a quarter of the window's width, in the bottom right corner.
    const window = teacher.getByTestId('call-window');
    await window.waitFor();
    expect(await window.getAttribute('data-mode')).toBe('floating');
    let frame = await box(teacher);
    expect(Math.round(frame.width)).toBe(320);
    expect(frame.x + frame.width).toBeGreaterThan(1200);
    // The stand-in meeting was joined with a token for its room, in Greek.
    await expect.poll(() => meetingOf(teacher).then((m) => m?.options.roomName)).toBeTruthy();
    const teacherMeeting = (await meetingOf(teacher))!;
    expect(teacherMeeting.domain).toBe(jitsi.domain);
    expect(teacherMeeting.options.lang).toBe('el');
    const teacherToken = (await verifyToken(teacherMeeting.options.jwt)).payload;
    expect(teacherToken.room).toBe(teacherMeeting.options.roomName);
    expect(teacherToken.moderator).toBe(true);
    expect(jitsi.requests).toContain('/external_api.js');
    // The meeting's frame asks the stand-in for its page a moment after the API object exists.
    await expect
      .poll(() => jitsi.requests.some((r) => r.includes(`?jwt=${teacherMeeting.options.jwt}`)))
      .toBe(true);
    await teacher.getByText('Connecting to the call...').waitFor({ state: 'detached' });
    await noViolations(teacher, 'teacher session page with the floating call');
    await teacher.screenshot({ path: path.join(shots, 'teacher-floating-1280.png') });

    // Dragged by its overlay, it moves and stays floating.
    const overlay = teacher.getByTestId('call-overlay');
    await overlay.hover();
    await teacher.mouse.down();
    await teacher.mouse.move(frame.x + frame.width / 2 - 400, frame.y + frame.height / 2 - 200, {
      steps: 8,
    });
    await teacher.mouse.up();
    const moved = await box(teacher);
    expect(moved.x).toBeLessThan(frame.x - 300);
    expect(moved.y).toBeLessThan(frame.y - 100);
    expect(await window.getAttribute('data-mode')).toBe('floating');
    frame = moved;

    // A student joins from another browser, on a phone.
    const student = await signedIn(DEMO_LOGINS.student, 375);
    await student.goto(`${server.url}/student/${school}/session/${sessionId}`);
    await student.getByTestId('session-join').click();
    await student.getByTestId('call-window').waitFor();
    expect(await student.getByTestId('call-window').getAttribute('data-mode')).toBe('floating');
    await expect.poll(() => meetingOf(student).then((m) => m?.options.jwt)).toBeTruthy();
    const studentMeeting = (await meetingOf(student))!;
    expect(studentMeeting.options.roomName).toBe(teacherMeeting.options.roomName);
    const studentToken = (await verifyToken(studentMeeting.options.jwt)).payload;
    expect(studentToken.moderator).toBe(false);
    expect((studentToken.context as { user: { name: string } }).user.name).toBe('Σοφία Γεωργίου');
    await student.getByText('Connecting to the call...').waitFor({ state: 'detached' });
    await noViolations(student, 'student session page with the floating call');
    await student.screenshot({ path: path.join(shots, 'student-floating-375.png') });
    await student.getByTestId('call-overlay').click();
    expect(await student.getByTestId('call-window').getAttribute('data-mode')).toBe('fullscreen');
    await student.screenshot({ path: path.join(shots, 'student-fullscreen-375.png') });
    // No recording for students.
    expect(await student.getByTestId('call-record').count()).toBe(0);

    // The office's dashboard sees both in the call.
    const admin = await apiToken(server.url, DEMO_LOGINS.admin);
    await expect
      .poll(async () =>
        (
          await apiGet<{ present: { first_name: string }[] }>(
            server.url,
            admin,
            `/schools/${school}/admin/session-dashboard/${sessionId}`,
          )
        ).present
          .map((p) => p.first_name)
          .sort(),
      )
      .toEqual(['Νίκος', 'Σοφία']);

    // Pressing the overlay makes the teacher's window fill the page; it records; Restore.
    await overlay.click();
    expect(await window.getAttribute('data-mode')).toBe('fullscreen');
    const full = await box(teacher);
    expect(full).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
    // The meeting tells the window who comes and goes.
    await teacher.evaluate(() => {
      const api = (
        window as unknown as {
          __jitsiStandIn: { last: { emit(event: string, payload: object): void } };
        }
      ).__jitsiStandIn.last;
      api.emit('participantJoined', { id: 'student', displayName: 'Σοφία Γεωργίου' });
    });
    expect(await teacher.getByTestId('call-participants').textContent()).toBe('2 in the call');
    await teacher.getByTestId('call-record').click();
    await teacher.getByRole('button', { name: 'Stop recording' }).waitFor();
    expect((await meetingOf(teacher))!.commands).toContainEqual({
      command: 'startRecording',
      args: [{ mode: 'file' }],
    });
    await noViolations(teacher, 'teacher full-screen call');
    await teacher.screenshot({ path: path.join(shots, 'teacher-fullscreen-1280.png') });
    await teacher.getByTestId('call-restore').click();
    expect(await window.getAttribute('data-mode')).toBe('floating');
    expect(await box(teacher)).toMatchObject({ x: frame.x, y: frame.y, width: frame.width });

    // Stopping the recording makes the meeting report its link, which the session keeps.
    await overlay.click();
    await teacher.getByRole('button', { name: 'Stop recording' }).click();
    await expect
      .poll(async () =>
        (
          await apiGet<{ recordings: { link: string }[] }>(
            server.url,
            admin,
            `/schools/${school}/admin/session/${sessionId}`,
          )
        ).recordings.map((r) => r.link),
      )
      .toEqual([`https://${jitsi.domain}/recordings/${teacherMeeting.options.roomName}.mp4`]);

    // Leaving hangs up; on readyToClose the window closes and the leave is recorded.
    await teacher.getByTestId('call-leave').click();
    await window.waitFor({ state: 'detached' });
    await expect
      .poll(async () =>
        (
          await apiGet<{ present: { first_name: string }[] }>(
            server.url,
            admin,
            `/schools/${school}/admin/session-dashboard/${sessionId}`,
          )
        ).present.map((p) => p.first_name),
      )
      .toEqual(['Σοφία']);
    await closePage(student);
    await closePage(teacher);
  });

  it('the office watches the dashboard and the teacher reads the meetings, in English and Greek', async () => {
    const admin = await signedIn(DEMO_LOGINS.admin, 1280);
    const token = await apiToken(server.url, DEMO_LOGINS.admin);
    const live = await apiGet<{ id: number; in_now: number }[]>(
      server.url,
      token,
      `/schools/${school}/admin/meetings?list=live`,
    );
    const seeded = live.find((s) => s.in_now > 5)!;
    await admin.goto(`${server.url}/admin/${school}/session-dashboard/${seeded.id}`);
    await admin.getByTestId('dashboard-present-row').first().waitFor();
    expect(await admin.getByTestId('dashboard-present-row').count()).toBe(seeded.in_now);
    expect(await admin.getByTestId('dashboard-recording').textContent()).toContain('Recording');
    await noViolations(admin, 'admin session dashboard');
    await admin.screenshot({ path: path.join(shots, 'admin-dashboard-1280.png'), fullPage: true });
    await admin.setViewportSize({ width: 375, height: 740 });
    await admin.screenshot({ path: path.join(shots, 'admin-dashboard-375.png'), fullPage: true });

    const teacher = await signedIn(DEMO_LOGINS.teacher, 1280);
    await teacher.goto(`${server.url}/teacher/${school}/meetings?list=past`);
    await teacher.getByTestId('meeting-row').first().waitFor();
    await noViolations(teacher, 'teacher past meetings');
    await teacher.screenshot({ path: path.join(shots, 'teacher-meetings-1280.png') });
    // A past lesson session: who attended and the recording.
    await teacher.getByRole('link', { name: LESSON }).first().click();
    await teacher.getByTestId('meeting-attendee').first().waitFor();
    await teacher.getByTestId('suggestion-row').first().waitFor();
    await noViolations(teacher, 'teacher meeting page');
    await teacher.screenshot({
      path: path.join(shots, 'teacher-meeting-1280.png'),
      fullPage: true,
    });
    await teacher.evaluate(() => localStorage.setItem('mathema.language', JSON.stringify('el')));
    await teacher.setViewportSize({ width: 375, height: 740 });
    await teacher.reload();
    await teacher.getByText('Ποιοι συμμετείχαν').waitFor();
    await noViolations(teacher, 'teacher meeting page in Greek on a phone');
    await teacher.screenshot({
      path: path.join(shots, 'teacher-meeting-el-375.png'),
      fullPage: true,
    });
    await closePage(teacher);
    await closePage(admin);
  });

  it('a teacher plans a staff meeting for tomorrow from the meetings page', async () => {
    const teacher = await signedIn(DEMO_LOGINS.teacher, 1280);
    await teacher.goto(`${server.url}/teacher/${school}/meetings`);
    await teacher.getByTestId('plan-session').click();
    const dialog = teacher.getByTestId('plan-session-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Lesson').selectOption({ label: 'Staff meeting' });
    await dialog.getByLabel('Title (optional)').fill('Σύλλογος διδασκόντων Δεκεμβρίου');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Day').fill(tomorrow);
    await dialog.getByLabel('Starts').fill('18:00');
    await dialog.getByLabel('Ends').fill('19:00');
    await noViolations(teacher, 'plan a session dialog');
    await teacher.screenshot({ path: path.join(shots, 'teacher-plan-1280.png') });
    await teacher.getByTestId('plan-session-confirm').click();
    await teacher.waitForURL(/\/teacher\/1\/meetings\/\d+$/);
    await teacher.getByRole('heading', { name: 'Σύλλογος διδασκόντων Δεκεμβρίου' }).waitFor();
    expect(await teacher.getByTestId('session-state').first().textContent()).toBe('Upcoming');
    await closePage(teacher);
  });

  it("a student finds the lesson's sessions and recordings on its Sessions tab", async () => {
    const student = await signedIn(DEMO_LOGINS.student, 375);
    await student.goto(`${server.url}/student/${school}/lessons`);
    await student.getByRole('link', { name: LESSON, exact: true }).first().click();
    await student.waitForURL(/\/student\/1\/lesson\/\d+$/);
    await student.getByTestId('lesson-tab-select').selectOption('sessions');
    await student.getByTestId('lesson-session-row').first().waitFor();
    // The seeded past sessions' recordings are there; the live ones offer Join.
    expect(await student.getByTestId('session-recordings').count()).toBeGreaterThanOrEqual(2);
    expect(await student.getByTestId('session-join').count()).toBeGreaterThanOrEqual(1);
    await noViolations(student, 'student lesson sessions tab');
    await student.screenshot({
      path: path.join(shots, 'student-lesson-sessions-375.png'),
      fullPage: true,
    });
    await closePage(student);
  });
});
