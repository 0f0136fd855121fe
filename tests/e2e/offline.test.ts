import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DEMO_LOGINS,
  launchBrowser,
  openPage,
  signIn,
  storedQueryCache,
} from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
});

describe('offline use', () => {
  it('shows the last data after a reload with the server down', async () => {
    const page = await openPage(browser, 1280);
    await signIn(page, server.url, DEMO_LOGINS.teacher);
    await page.waitForURL('**/teacher/*/home');
    await page.getByTestId('home-school-name').waitFor();
    const period = await page.getByTestId('home-period').textContent();

    // The offline shell is installed and the query cache is persisted (IndexedDB, key offline_cache).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() =>
        page.evaluate(async () => (await caches.keys()).length > 0 && !!(await caches.match('/'))),
      )
      .toBe(true);
    await expect
      .poll(async () => {
        const stored = (await storedQueryCache(page)) ?? '';
        return stored.includes('Demo School Athens') && stored.includes('"periods"');
      })
      .toBe(true);

    await server.stop();
    await page.reload();
    await page.getByTestId('home-school-name').waitFor();
    expect(await page.getByTestId('home-school-name').textContent()).toContain(
      'Demo School Athens',
    );
    expect(await page.getByTestId('home-period').textContent()).toBe(period);
    expect(await page.getByTestId('drawer-item-lessons').textContent()).toBe('Lessons');
    // The failed refresh says so, and the user stays signed in.
    await page.getByText('Network Error', { exact: true }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/teacher\/\d+\/home$/);
    await page.close();
  });
});
