// Where a page's start spends the main thread: loads the sign-in page or a role's home cold in
// Chromium a few times under V8's sampling profiler, on a build with source maps, and adds up
// the samples by the package (or the app's folder) their code comes from, and by function. A
// tool for finding what to cut, not a benchmark: its figures have no goal and no baseline.
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { requireChromium } from '../../scripts/find-chromium';
import { TOKEN_STORAGE_KEY } from '../../src/renderer/src/platform/web';
import { startServer } from '../processes/server-under-test';
import { viteBuild } from './web-build';

export type ProfiledPage = 'login' | 'admin' | 'teacher' | 'student' | 'client';

export interface StartProfileOptions {
  page: ProfiledPage;
  runs: number;
  /** Samples counted from this many ms after the app's first sample… */
  fromMs: number;
  /** …for this many ms. */
  windowMs: number;
}

export interface StartProfile {
  /**
   * Main-thread JavaScript per load, in ms. Left out: idle time, garbage collection and V8's own
   * work outside any function ("(program)": compiling, mostly, which is large on a cold start).
   */
  busyMs: number;
  /** Self time per load by package or app folder, in ms, largest first. */
  byPackage: [string, number][];
  /** Time per load spent in each function and what it called, in ms, largest first. */
  inclusive: [string, number][];
}

const DEMO_LOGINS: Record<Exclude<ProfiledPage, 'login'>, string> = {
  admin: 'admin@demo.school',
  teacher: 'teacher@demo.school',
  student: 'student@demo.school',
  client: 'parent@demo.school',
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Names a function's code by where its source lives: a package, or a folder of the app. */
function sourceNamer(webDir: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: ProfileNode['callFrame']) => {
    const asset = frame.url.match(/\/assets\/([^/?#]+\.js)$/)?.[1];
    if (!asset) return { where: frame.url ? path.basename(frame.url) : frame.functionName };
    let map = maps.get(asset);
    if (map === undefined) {
      const file = path.join(webDir, 'assets', `${asset}.map`);
      map = fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null;
      maps.set(asset, map);
    }
    if (!map) return { where: asset };
    const original = originalPositionFor(map, {
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    });
    const source = original.source ?? '?';
    const where =
      source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
      `app:${path.dirname(source.replace(/.*src\/renderer\/src\//, ''))}`;
    const file = source.replace(/.*node_modules\//, '').replace(/.*src\/renderer\/src\//, '');
    return { where, name: `${original.name ?? frame.functionName} ${file}:${original.line}` };
  };
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

export async function profileStart(options: StartProfileOptions): Promise<StartProfile> {
  // The web app as W4 builds it, with source maps, in a folder of its own.
  const webDir = viteBuild('web-profile', ['--sourcemap']);
  const server = await startServer({ webDir });
  const browser = await chromium.launch({
    executablePath: requireChromium(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    let token: string | null = null;
    if (options.page !== 'login') {
      const response = await fetch(`${server.url}/api/account/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          username: DEMO_LOGINS[options.page],
          password: 'demo-password',
          platform: 'web',
        }),
      });
      token = ((await response.json()) as { data: { token: string } }).data.token;
    }
    const url = token ? `${server.url}/${options.page}/1/home` : `${server.url}/login`;
    const name = sourceNamer(webDir);
    const byPackage = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let busy = 0;
    for (let run = 0; run < options.runs; run++) {
      // A phone's viewport, as Lighthouse's mobile run uses.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      try {
        const page = await context.newPage();
        if (token) {
          await page.goto(`${server.url}/favicon.svg`);
          await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            TOKEN_STORAGE_KEY,
            token,
          ] as const);
        }
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        await page.goto(url);
        await page.waitForTimeout(options.fromMs + options.windowMs + 500);
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        busy += addUp(profile, options, name, byPackage, inclusive);
      } finally {
        await context.close();
      }
    }
    const perLoad = (entries: Map<string, number>) =>
      [...entries]
        .map(([key, us]): [string, number] => [key, us / 1000 / options.runs])
        .sort((a, b) => b[1] - a[1]);
    return {
      busyMs: busy / 1000 / options.runs,
      byPackage: perLoad(byPackage),
      inclusive: perLoad(inclusive),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Adds one profile's samples in the window to the totals; returns the window's busy µs. */
function addUp(
  profile: CpuProfile,
  options: StartProfileOptions,
  name: ReturnType<typeof sourceNamer>,
  byPackage: Map<string, number>,
  inclusive: Map<string, number>,
): number {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  let clock = profile.startTime;
  let appStart: number | null = null;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    clock += profile.timeDeltas[i] ?? 0;
    const node = nodes.get(profile.samples[i]!)!;
    // The window opens at the first sample of the app's own scripts.
    if (appStart === null && node.callFrame.url.includes('/assets/')) appStart = clock;
    if (appStart === null) continue;
    const since = (clock - appStart) / 1000;
    if (since < options.fromMs || since > options.fromMs + options.windowMs) continue;
    if (IDLE.has(node.callFrame.functionName)) continue;
    const us = profile.timeDeltas[i] ?? 0;
    busy += us;
    const self = name(node.callFrame).where;
    byPackage.set(self, (byPackage.get(self) ?? 0) + us);
    const counted = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) {
      const label = name(nodes.get(id)!.callFrame).name;
      if (!label || counted.has(label)) continue;
      counted.add(label);
      inclusive.set(label, (inclusive.get(label) ?? 0) + us);
    }
  }
  return busy;
}
