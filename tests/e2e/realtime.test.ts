import path from 'node:path';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolEntries } from './support/api';
import {
  type Browser,
  closePage,
  DEMO_LOGINS,
  launchBrowser,
  openPage,
  screenshotDir,
  signIn,
} from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;
let athensId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const entries = await schoolEntries(server.url, DEMO_LOGINS.student);
  athensId = entries.find((entry) => entry.role === 'student')!.school_id;
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

/**
 * What the page's socket.io connection receives, over long-polling (how socket.io starts) and
 * over the websocket it upgrades to; `accepted` once the server's auth middleware let it in.
 */
function watchRealtime(page: Page) {
  const received: string[] = [];
  const sockets: WebSocket[] = [];
  let accept: () => void = () => undefined;
  const accepted = new Promise<void>((resolve) => (accept = resolve));
  const receive = (payload: string) => {
    received.push(payload);
    // socket.io's CONNECT answer ("40{sid…}") comes only after the handshake was accepted.
    if (/(^|\x1e)40\{/.test(payload)) accept();
  };
  page.on('response', (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
    void response.text().then(receive, () => undefined);
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    sockets.push(socket);
    socket.on('framereceived', ({ payload }) => receive(String(payload)));
  });
  return { received, sockets, accepted };
}

describe('live updates', () => {
  it("raises the student's notification badge as soon as an announcement is made", async () => {
    const studentToken = await tokenOf(server.url, DEMO_LOGINS.student);
    const adminToken = await tokenOf(server.url, DEMO_LOGINS.admin);
    // Start from no unseen notification, so that the badge shows the new one as "1".
    await apiCall(
      server.url,
      studentToken,
      'POST',
      `/schools/${athensId}/student/notifications/seen`,
    );

    const page = await openPage(browser, 1280);
    const realtime = watchRealtime(page);
    await signIn(page, server.url, DEMO_LOGINS.student);
    await page.waitForURL(`**/student/${athensId}/home`);
    // The top bar's buttons (and their counts) arrive just after the home's first paint.
    await page.getByTestId('notifications-button').waitFor();
    const badge = page.getByTestId('notifications-button').getByTestId('count-badge');
    await expect.poll(() => badge.count()).toBe(0);
    await realtime.accepted;

    const created = await apiCall(
      server.url,
      adminToken,
      'POST',
      `/schools/${athensId}/admin/announcements`,
      { title: 'Trip to Delphi on Friday', body: 'Bring a hat.', audience: 'students' },
    );
    expect(created.status).toBeLessThan(300);

    // The count is polled once a minute at most (every five while the socket is up), so a badge
    // that changes within a few seconds, without a reload, was told by the socket.
    await expect.poll(() => badge.textContent(), { timeout: 5_000 }).toBe('1');
    const pushed = realtime.received.filter((payload) => payload.includes('"notification:new"'));
    expect(pushed.some((payload) => payload.includes('Trip to Delphi on Friday'))).toBe(true);

    // Logging out closes the socket (by now upgraded from long-polling to a websocket).
    await expect.poll(() => realtime.sockets.length).toBeGreaterThan(0);
    const socket = realtime.sockets.at(-1)!;
    const closed = new Promise<void>((resolve) => {
      if (socket.isClosed()) resolve();
      else socket.on('close', () => resolve());
    });
    await page.getByTestId('profile-button').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await closed;
    await page.close();
  });

  it('offers browser notifications, then shows one for a new announcement while the tab is hidden', async () => {
    const adminToken = await tokenOf(server.url, DEMO_LOGINS.admin);
    const page = await openPage(browser, 1280);
    // Record the notifications the page shows, and let it believe its tab is in the background
    // (a headless page is always "visible").
    await page.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      const Original = window.Notification;
      class Recording extends Original {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(title);
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recording, configurable: true });
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    });
    const realtime = watchRealtime(page);
    await signIn(page, server.url, DEMO_LOGINS.student);
    await page.waitForURL(`**/student/${athensId}/home`);
    await realtime.accepted;

    await page.getByTestId('notifications-button').click();
    const prompt = page.getByTestId('browser-notifications-prompt');
    await prompt.waitFor();
    // The panel slides in; the picture is taken where it comes to rest.
    let lastX = -1;
    await expect
      .poll(async () => {
        const x = (await prompt.boundingBox())?.x ?? -1;
        const resting = x === lastX;
        lastX = x;
        return resting;
      })
      .toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, 'notifications-prompt-1280.png') });
    // What the user's "Allow" would do; Chromium then answers the request with "granted".
    await browser.context.grantPermissions(['notifications'], { origin: server.url });
    await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    const created = await apiCall(
      server.url,
      adminToken,
      'POST',
      `/schools/${athensId}/admin/announcements`,
      { title: 'School closes early on Monday', body: 'At 12:00.', audience: 'students' },
    );
    expect(created.status).toBeLessThan(300);
    await expect
      .poll(
        () =>
          page.evaluate(
            () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
          ),
        { timeout: 5_000 },
      )
      .toContain('School closes early on Monday');
    await browser.context.clearPermissions();
    await closePage(page);
  });
});
