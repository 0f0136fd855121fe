import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { TestRunner } from 'vitest';
import { findChromium, NO_CHROMIUM } from '../../../scripts/find-chromium';

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

const executablePath = findChromium();

/**
 * Without a browser, the test file that imports this module is skipped whole: none of its
 * set-up (a server, a browser) runs, and the run says once, in one line, what to install.
 */
function skipFileWithoutBrowser(): void {
  if (executablePath) return;
  // The file being collected; its mode is read when it is run, after collection.
  TestRunner.getCurrentSuite().file.mode = 'skip';
  // Each test file is collected in a worker of its own; a marker beside the run's parent
  // process lets the first one speak for all.
  try {
    writeFileSync(path.join(tmpdir(), `mathema-no-chromium-${process.ppid}`), '', { flag: 'wx' });
  } catch {
    return;
  }
  process.stderr.write(`Browser tests skipped. ${NO_CHROMIUM}\n`);
}
skipFileWithoutBrowser();

/**
 * The system Chromium with a fresh profile (service workers and IndexedDB work as in real use).
 * With `keepProfile`, that profile folder is used and left in place on close: closing and
 * launching again is a browser restart.
 */
export async function launchBrowser(
  keepProfile?: string,
  options: {
    /** Accept self-signed certificates (a local stand-in of an https service). */
    ignoreHTTPSErrors?: boolean;
  } = {},
): Promise<Browser> {
  if (!executablePath) throw new Error(NO_CHROMIUM);
  const profile = keepProfile ?? mkdtempSync(path.join(tmpdir(), 'mathema-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    // Where the demo school's people are (SCHOOL_TIME_ZONE's default): the screens' "today" is
    // the device's, the server's is the school's, and in a UTC browser the two differ for two
    // hours each night.
    timezoneId: 'Europe/Athens',
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
      if (!keepProfile) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A fresh page at a viewport width (height follows a phone or a laptop). */
export async function openPage(browser: Browser, width = 1280): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
  return page;
}

/**
 * Signs in through the login screen and waits until the app has left it. Ticks "Remember me"
 * unless told not to: the tests open several pages on one sign-in, which only a remembered
 * session survives (without it the token lives in the tab's sessionStorage).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  { remember = true }: { remember?: boolean } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email/).fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  if (remember) await page.getByLabel('Remember me').check();
  // Signing in restarts the app (a reload through "/"; the old page may show the dashboard for
  // a moment first): wait for the reload, then for a screen, so that the caller's next step is
  // not interrupted by the restart.
  const restarted = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await restarted;
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
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
