import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolEntries } from './support/api';
import { type Browser, DEMO_LOGINS, launchBrowser, openPage, signIn } from './support/browser';
import { apiCall, tokenOf } from './support/resourcesApi';
import { type RunningServer, startServer } from './support/server';

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
});
