import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, DEMO_LOGINS, launchBrowser, openPage, signIn } from './support/browser';
import { type RunningServer, startServer } from '../support/built-server';

// The web app installs as an app on phones and desktops: Chromium's own installability check
// (the one Lighthouse's "installable" audit read before Lighthouse 12 dropped it) finds no error
// on the sign-in page or in a role's area, and the manifest it reads is ours.

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

interface InstallabilityError {
  errorId: string;
}

describe('the installable web app', () => {
  it('has no installability error, signed out on a phone and signed in on a laptop', async () => {
    const page = await openPage(browser, 375);
    const cdp = await page.context().newCDPSession(page);
    const errors = async () =>
      (
        (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: InstallabilityError[];
        }
      ).installabilityErrors.map((e) => e.errorId);

    // The check itself: a page of ours without the manifest is not installable.
    await page.goto(`${server.url}/api/health`);
    expect(await errors()).toContain('no-manifest');

    await page.goto(`${server.url}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(errors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      errors: unknown[];
      data?: string;
    };
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      name?: string;
      display?: string;
      start_url?: string;
      icons?: { sizes: string; purpose?: string }[];
    };
    expect(data.name).toBe('Mathema');
    expect(data.display).toBe('standalone');
    expect(data.start_url).toBe('/');
    expect(data.icons?.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );

    await signIn(page, server.url, DEMO_LOGINS.student);
    await page.waitForURL('**/student/*/home');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(errors).toEqual([]);
    await page.close();
  });
});
