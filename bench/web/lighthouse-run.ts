// One Lighthouse performance run (its default mobile settings: a mid-range phone's screen, 4×
// slower CPU and slow 4G, simulated) of a page of the app in a Chromium of its own, optionally
// signed in by putting a session token where the web app keeps it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { requireChromium } from '../../scripts/find-chromium';
import { TOKEN_STORAGE_KEY } from '../../src/renderer/src/platform/web';
import { freePort } from '../processes/free-port';

export interface LighthouseRun {
  figures: LighthouseFigures;
  /** The whole report (Lighthouse's JSON), for reading what held a page back. */
  report: string;
}

export interface LighthouseFigures {
  performanceScore: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
}

/**
 * Runs Lighthouse on url. Each run gets a fresh browser profile, so that nothing (HTTP cache,
 * service worker) is left from an earlier one; the token, when given, is stored from a page of
 * the same origin that loads no script, before Lighthouse opens url.
 */
export async function runLighthouse(url: string, token?: string): Promise<LighthouseRun> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    if (token) {
      const page = await context.newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        TOKEN_STORAGE_KEY,
        token,
      ] as const);
      await page.close();
    }
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // A reset would clear the token just stored; the profile is new, so nothing else is there.
        disableStorageReset: true,
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse on ${url} measured no ${id}`);
      return Math.round(value);
    };
    return {
      figures: {
        performanceScore: lhr.categories.performance?.score ?? 0,
        firstContentfulPaintMs: audit('first-contentful-paint'),
        largestContentfulPaintMs: audit('largest-contentful-paint'),
        totalBlockingTimeMs: audit('total-blocking-time'),
        speedIndexMs: audit('speed-index'),
      },
      report: typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
