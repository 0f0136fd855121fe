// Times a cold page load in headless Chromium until a sign-in form is usable: an e-mail field,
// a password field and an enabled submit button are in the page and a frame has been painted
// with them. Also lists the scripts and style sheets the page fetched on the way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { requireChromium } from '../../scripts/find-chromium';

declare global {
  interface Window {
    __benchFormUsableAt?: number;
  }
}

export interface PageLoad {
  formUsableMs: number;
  /** Paths of the scripts and style sheets fetched before the page went quiet. */
  assets: string[];
}

// Runs in every page before its own scripts (Playwright injects it whatever the CSP says). A
// string, not a function: tsx would wrap a function's inner names in helpers the page lacks.
const detectUsableForm = `(() => {
  let marked = false;
  const usable = () => {
    const user = document.querySelector('input[autocomplete="username"]');
    const password = document.querySelector('input[autocomplete="current-password"]');
    const submit = document.querySelector('button[type="submit"]');
    return Boolean(user && password && submit && !user.disabled && !submit.disabled);
  };
  const observer = new MutationObserver(() => check());
  const check = () => {
    if (marked || !usable()) return;
    marked = true;
    observer.disconnect();
    requestAnimationFrame(() => { window.__benchFormUsableAt = performance.now(); });
  };
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener('DOMContentLoaded', check);
})();`;

export interface Chromium {
  load(url: string): Promise<PageLoad>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-bench-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    viewport: { width: 1280, height: 800 },
    // A first visit: the service worker would otherwise fetch every chunk alongside the page.
    serviceWorkers: 'block',
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
  await context.addInitScript({ content: detectUsableForm });
  return {
    async load(url) {
      const page = await context.newPage();
      try {
        // Every load is cold: nothing from the HTTP cache of an earlier one.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        const assets: string[] = [];
        page.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (/\.(js|css)$/.test(pathname)) assets.push(pathname);
        });
        await page.goto(url, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__benchFormUsableAt !== undefined, undefined, {
          timeout: 30_000,
          polling: 50,
        });
        const formUsableMs = await page.evaluate(() => window.__benchFormUsableAt!);
        // Whatever the route loads lazily after showing the form still belongs to it.
        await page.waitForLoadState('networkidle');
        return { formUsableMs, assets };
      } finally {
        await page.close();
      }
    },
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
