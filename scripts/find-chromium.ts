// Where the browser tests and the benchmarks find a Chromium to drive: CHROMIUM_PATH, then the
// system's Chromium or Chrome where distributions and installers put them, then the browser
// Playwright downloads (`npx playwright install chromium`), when there is one.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** What to do when there is no browser, as one sentence. */
export const NO_CHROMIUM =
  'No Chromium or Chrome found: install one (Debian/Ubuntu: `apt-get install chromium`; ' +
  'macOS, Windows: Google Chrome) or set CHROMIUM_PATH to its executable.';

function systemBrowsers(): string[] {
  if (process.platform === 'darwin') {
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ];
  }
  if (process.platform === 'win32') {
    const roots = [
      process.env.PROGRAMFILES,
      process.env['PROGRAMFILES(X86)'],
      process.env.LOCALAPPDATA,
    ];
    return roots
      .filter((root): root is string => Boolean(root))
      .flatMap((root) => [
        path.join(root, 'Chromium', 'Application', 'chrome.exe'),
        path.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/opt/google/chrome/chrome',
  ];
}

/** Playwright's own Chromium, when `npx playwright install chromium` has fetched it. */
function playwrightBrowser(): string | null {
  try {
    const executable = chromium.executablePath();
    return executable && fs.existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

let found: string | null | undefined;

/**
 * The Chromium executable to launch, or null when there is none. A CHROMIUM_PATH that names no
 * file is an error rather than a silent fallback to another browser.
 */
export function findChromium(): string | null {
  if (found !== undefined) return found;
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!fs.existsSync(chosen)) throw new Error(`CHROMIUM_PATH names no file: ${chosen}`);
    return (found = chosen);
  }
  found = systemBrowsers().find((candidate) => fs.existsSync(candidate)) ?? playwrightBrowser();
  return found;
}

/** findChromium, or an error that says what to install. */
export function requireChromium(): string {
  const executable = findChromium();
  if (!executable) throw new Error(NO_CHROMIUM);
  return executable;
}
