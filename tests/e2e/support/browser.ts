import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_LOGINS = {
  admin: 'admin@demo.school',
  teacher: 'teacher@demo.school',
  student: 'student@demo.school',
  parent: 'parent@demo.school',
} as const;

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The system Chromium with a fresh profile (service workers and IndexedDB work as in real use). */
export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'mathema-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A fresh page at a viewport width (height follows a phone or a laptop). */
export async function openPage(browser: Browser, width = 1280): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
  return page;
}

/** Signs in through the login screen and waits until the app has left it. */
export async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email/).fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Forgets the session in this browser profile (storage of the app's origin). */
export async function signOutLocally(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

export const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * Closes a page without waiting long. A page closed just after signing in, while the app is
 * still starting (lazy chunks, the service worker's install, the socket), has held Chromium's
 * close past the hook's two-minute limit; letting it settle first, and bounding the wait,
 * keeps set-up hooks to seconds.
 */
export async function closePage(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await Promise.race([page.close(), new Promise<void>((resolve) => setTimeout(resolve, 10_000))]);
}

/**
 * Runs a test body in a browser of its own (its own storage), signed in as someone other than
 * the file's main user; the browser is closed afterwards, whatever happens.
 */
export async function asUser<T>(
  baseUrl: string,
  username: string,
  width: number,
  body: (page: Page) => Promise<T>,
): Promise<T> {
  const other = await launchBrowser();
  try {
    const page = await openPage(other, width);
    await signIn(page, baseUrl, username);
    // Signing in restarts the app, which opens the user's area when they have only one.
    await page.waitForURL(/\/(admin|teacher|student|client)\/\d+\/home$/);
    return await body(page);
  } finally {
    await other.close();
  }
}

/** The offline query cache the page's app stored in IndexedDB (its serialised value), or null. */
export function storedQueryCache(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get('offline_cache');
          read.onsuccess = () => {
            const stored = read.result as { value?: string } | undefined;
            resolve(stored ? (stored.value ?? JSON.stringify(stored)) : null);
          };
          read.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
}
