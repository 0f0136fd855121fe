import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolEntries } from './support/api';
import { wcagViolations } from './support/axe';
import { type Browser, closePage, launchBrowser, openPage, signIn } from './support/browser';
import {
  appScreenPaths,
  goInApp,
  hasParams,
  linkPaths,
  ROLE_SCREENS,
  type RoleScreens,
  routeOf,
  settled,
} from './support/screens';
import { englishLabels } from './support/spokenLabels';
import { type RunningServer, startServer } from '../support/built-server';

// Every screen of every role, generated from the route tables, at the spec's phone and laptop
// widths, in English and in Greek, checked with axe (WCAG 2.0/2.1/2.2 A and AA, one documented
// exclusion in support/axe.ts) and, in Greek, for English labels left for a screen reader.
// "Coming soon" screens are skipped by their marker; a route with a parameter and no page can
// only be one of them. A route with a parameter and a page is reached by a link found on the
// screens already walked (a list's first row, a record's parts); one that no link reaches fails.

const WIDTHS = [1280, 375] as const;

/**
 * Screens with a parameter that no link on a walked screen reaches, each with the reason. A new
 * screen nothing links to fails the run until it is reachable or listed here.
 */
const UNLINKED: Record<string, string> = {
  'admin periods/:period_id/:sub_period_id':
    "sub-periods open in a dialog on the period's screen; nothing links to this route yet",
  'teacher lesson/:lesson_id/quiz/new':
    "the create form (the New quiz button); the same editor is walked as a demo quiz's",
  'student announcement/:announcement_id':
    'opened from the notifications panel (a button), not from a link on a screen',
  'student session/:session_id':
    "opened from the lesson page's Sessions tab (a tab, not a link) and from notifications",
  'student scorm/:scorm_id':
    "listed on the lesson page's SCORM tab (a tab, not a link) and in the study material",
  'admin session/:session_id':
    "linked from a lesson record's Sessions section; the demo's sessions are on one lesson",
  'admin notifications/:notification_id':
    'opened from the notifications list (a button per notification), not from a link',
  'admin session-dashboard/:session_id':
    "linked from a lesson record's Sessions section; the demo's sessions are on one lesson",
};
const LANGUAGES = ['en', 'el'] as const;

let server: RunningServer;
let browser: Browser;
const findings: string[] = [];
const byRule: Record<string, number> = {};
let screensChecked = 0;
/** Screens outside the role areas that send a signed-out visitor to login (the dashboard…). */
const signedInAppScreens: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.cleanUp();
  // The tally by rule, for whoever reads a failed run (and for the docs' before/after figures).
  const out = path.resolve(import.meta.dirname, '../../test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'accessibility-summary.json'),
    `${JSON.stringify({ screensChecked, byRule, findings }, null, 2)}\n`,
  );
});

async function chooseLanguage(page: Page, language: (typeof LANGUAGES)[number]): Promise<void> {
  // The language setting the login screen, dashboard and profile menu write.
  await page.evaluate(
    (choice) => localStorage.setItem('mathema.language', JSON.stringify(choice)),
    language,
  );
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language, {
    timeout: 20_000,
  });
}

/** Checks the screen now showing; returns false when it is a "Coming soon" screen. */
async function check(page: Page, where: string, language: string): Promise<boolean> {
  await settled(page);
  if (await page.getByTestId('coming-soon').count()) return false;
  screensChecked += 1;
  for (const violation of await wcagViolations(page)) {
    byRule[violation.id] = (byRule[violation.id] ?? 0) + violation.targets.length;
    findings.push(
      `${where}: ${violation.id} (${violation.impact}) ${violation.targets.join(' | ')}`,
    );
  }
  if (language === 'el') {
    for (const label of await englishLabels(page)) {
      byRule['english-label-in-greek'] = (byRule['english-label-in-greek'] ?? 0) + 1;
      findings.push(`${where}: English ${label.attribute}="${label.value}" on ${label.element}`);
    }
  }
  return true;
}

/**
 * The paths of a role's screens: those without parameters, then those with a page whose pattern
 * a link on an already walked screen matches (walking on until nothing new turns up).
 */
async function discoverScreens(
  page: Page,
  basePath: string,
  { role, routes }: RoleScreens,
  visit: (relative: string) => Promise<void>,
): Promise<string[]> {
  const paths = routes.filter((route) => !hasParams(route.path)).map((route) => route.path);
  const wanted = routes.filter((route) => hasParams(route.path) && route.page);
  const found = new Map<string, string>();
  for (let index = 0; index < paths.length; index += 1) {
    await visit(paths[index]!);
    for (const link of await linkPaths(page)) {
      if (!link.startsWith(`${basePath}/`)) continue;
      const relative = link.slice(basePath.length + 1);
      const route = routeOf(routes, relative);
      if (route && wanted.includes(route) && !found.has(route.path) && relative !== route.path) {
        // `students/new` matches `students/:user_id` but is the create form; a record is wanted.
        if (/\/new$/.test(relative)) continue;
        found.set(route.path, relative);
        paths.push(relative);
      }
    }
  }
  for (const route of wanted)
    if (!found.has(route.path) && !UNLINKED[`${role} ${route.path}`])
      findings.push(`${basePath}/${route.path}: no link on the walked screens leads to it`);
  return paths;
}

describe('accessibility of every screen', () => {
  it('signed-out screens, at both widths, in both languages', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(`${server.url}/login`);
    const needsSignIn: string[] = [];
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
        for (const screen of appScreenPaths()) {
          await page.goto(`${server.url}${screen}`);
          await settled(page);
          // A signed-in screen (the dashboard) sends a signed-out visitor to login.
          if (screen !== '/login' && new URL(page.url()).pathname === '/login') {
            if (!needsSignIn.includes(screen)) needsSignIn.push(screen);
            continue;
          }
          await check(page, `${screen} @${width} ${language}`, language);
        }
      }
    }
    // They are checked signed in, with the role areas below.
    expect(needsSignIn).toContain('/dashboard');
    signedInAppScreens.push(...needsSignIn);
    await closePage(page);
  }, 300_000);

  it.each(ROLE_SCREENS.map((screens) => [screens.role, screens] as const))(
    '%s screens, at both widths, in both languages',
    async (role, screens) => {
      const entries = await schoolEntries(server.url, screens.login);
      const entry = entries.find((candidate) => candidate.role === role);
      expect(entry, `${screens.login} holds the ${role} role`).toBeDefined();
      const basePath = `/${role}/${entry!.school_id}`;

      const page = await openPage(browser, 1280);
      // One browser for the file: the previous role's session and language are forgotten first.
      await page.goto(`${server.url}/login`);
      await page.evaluate(() => {
        localStorage.clear();
        localStorage.setItem('mathema.drawer', '"big"');
      });
      await signIn(page, server.url, screens.login);
      // Signing in restarts the app; it has to have settled before the next reload.
      await settled(page);
      let paths: string[] = [];
      for (const language of LANGUAGES) {
        await page.goto(`${server.url}${basePath}/home`);
        await chooseLanguage(page, language);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
          const visit = async (relative: string) => {
            await goInApp(page, `${basePath}/${relative}`);
            await check(page, `${basePath}/${relative} @${width} ${language}`, language);
          };
          if (paths.length === 0) paths = await discoverScreens(page, basePath, screens, visit);
          else for (const relative of paths) await visit(relative);
          // The dashboard for every role; the other signed-in screens (the editor's try-out
          // page) once, as the admin.
          for (const screen of signedInAppScreens) {
            if (screen !== '/dashboard' && role !== 'admin') continue;
            await goInApp(page, screen);
            await check(page, `${screen} (${role}) @${width} ${language}`, language);
          }
          await goInApp(page, `${basePath}/home`);
        }
      }
      await closePage(page);
    },
    600_000,
  );

  it('finds nothing', () => {
    expect(findings).toEqual([]);
  });
});
