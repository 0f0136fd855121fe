// W9's browser part: the teacher's grade grid in headless Chromium (the system's, as the browser
// tests launch it) on the built web app. Counts the grid's DOM elements wherever it is
// scrolled, and times the frames of a scroll across the whole grid: the scroll frame moves a
// step at every animation frame, down and up through the rows while going right and back
// through the columns, and the frame time is the interval between requestAnimationFrame
// callbacks (16.7 ms at 60 Hz when no frame is dropped).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { requireChromium } from '../../scripts/find-chromium';
import { round } from '../measure';
import { threadCpu, type ThreadCpu } from '../processes/thread-cpu';
import { TOKEN_STORAGE_KEY } from '../../src/renderer/src/platform/web';

export interface GridScrollOptions {
  baseUrl: string;
  /** A teacher's session token, stored where the web app keeps it. */
  token: string;
  /** The grid's page, from the origin. */
  path: string;
  /** Animation frames of each timed sweep. */
  frames: number;
  /** Timed sweeps; every frame of every sweep counts. */
  sweeps: number;
  viewport: { width: number; height: number };
}

export interface GridScroll {
  /** Elements inside the grid's scroll frame: at rest at the top left, and the most anywhere. */
  gridElementsAtStart: number;
  gridElementsMost: number;
  /** Elements of the whole page, for scale. */
  pageElements: number;
  /** Rows and columns the grid holds (students, items), as rendered in its ARIA counts. */
  rows: number;
  columns: number;
  /** Every frame interval of the timed sweeps, in ms. */
  frameTimesMs: number[];
  /**
   * The renderer's main thread during the timed sweeps, per frame on average (Chromium's own
   * counters): all its tasks, and of them script, style recalculation and layout. Work the
   * page does, as against time the machine's other processes took from it.
   */
  mainThreadPerFrameMs: { tasks: number; script: number; style: number; layout: number };
  /**
   * CPU time per frame the timed sweeps took from Linux (null elsewhere): the renderers' main
   * threads and their other threads (raster, compositor), and the GPU process (software
   * compositing here). Unlike wall time it does not grow when other processes hold the cores.
   */
  cpuPerFrameMs: { rendererMain: number; rendererOther: number; gpu: number } | null;
  /** What the frame could scroll: the grid's full size and the frame's. */
  scrollPx: { height: number; width: number; viewHeight: number; viewWidth: number };
}

/** The processes of the Chromium started with `profile`: renderers and the GPU process. */
function chromiumProcesses(profile: string): { renderers: number[]; gpu: number[] } | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const processes = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        // Chromium rewrites its children's command lines into one string: read them as text.
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(pid), parent, command }];
      } catch {
        return []; // ended meanwhile, or not ours to read
      }
    });
  const browser = processes.find(
    (p) => p.command.includes(`--user-data-dir=${profile}`) && !p.command.includes(' --type='),
  );
  if (!browser) return null;
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const descends = (pid: number): boolean => {
    for (let at = byPid.get(pid); at; at = byPid.get(at.parent))
      if (at.parent === browser.pid) return true;
    return false;
  };
  const ofType = (type: string) =>
    processes
      .filter((p) => p.command.includes(`--type=${type}`) && descends(p.pid))
      .map((p) => p.pid);
  return { renderers: ofType('renderer'), gpu: ofType('gpu-process') };
}

interface ChromiumCpu {
  rendererMain: number;
  rendererOther: number;
  gpu: number;
}

function chromiumCpu(pids: { renderers: number[]; gpu: number[] }): ChromiumCpu {
  const sum = (list: number[]) =>
    list
      .map((pid) => threadCpu(pid))
      .filter((cpu): cpu is ThreadCpu => cpu !== null)
      .reduce(
        (total, cpu) => ({
          mainThreadMs: total.mainThreadMs + cpu.mainThreadMs,
          otherThreadsMs: total.otherThreadsMs + cpu.otherThreadsMs,
        }),
        { mainThreadMs: 0, otherThreadsMs: 0 },
      );
  const renderers = sum(pids.renderers);
  const gpu = sum(pids.gpu);
  return {
    rendererMain: renderers.mainThreadMs,
    rendererOther: renderers.otherThreadsMs,
    gpu: gpu.mainThreadMs + gpu.otherThreadsMs,
  };
}

// Runs in the page. A string, not a function: tsx would wrap a function's inner names in
// helpers the page lacks (as in form-usable.ts).
const SWEEP = `async ({ frames, sample }) => {
  const grid = document.querySelector('[data-testid="grade-grid"]');
  const scroller = grid.parentElement;
  const maxTop = scroller.scrollHeight - scroller.clientHeight;
  const maxLeft = scroller.scrollWidth - scroller.clientWidth;
  // Triangle waves: two passes down and up through the rows, one right and back through the columns.
  const wave = (n, period) => { const x = (n % period) / period; return x < 0.5 ? x * 2 : 2 - x * 2; };
  const stamps = [];
  let most = 0;
  await new Promise((resolve) => {
    let n = 0;
    const step = (time) => {
      stamps.push(time);
      if (sample && n % 15 === 0) most = Math.max(most, scroller.getElementsByTagName('*').length);
      scroller.scrollTop = Math.round(wave(n, frames / 2) * maxTop);
      scroller.scrollLeft = Math.round(wave(n, frames) * maxLeft);
      n += 1;
      if (n <= frames) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
  scroller.scrollTop = 0;
  scroller.scrollLeft = 0;
  const intervals = stamps.slice(1).map((time, i) => time - stamps[i]);
  return { intervals, most, height: scroller.scrollHeight, width: scroller.scrollWidth,
    viewHeight: scroller.clientHeight, viewWidth: scroller.clientWidth };
}`;

/** Opens the grid signed in, counts its elements and times scroll sweeps across it. */
export async function measureGridScroll(options: GridScrollOptions): Promise<GridScroll> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-bench-grid-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireChromium(),
    headless: true,
    viewport: options.viewport,
    locale: 'en-GB',
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
  try {
    const page = await context.newPage();
    await page.goto(new URL('/favicon.svg', options.baseUrl).href);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      options.token,
    ] as const);
    await page.goto(new URL(options.path, options.baseUrl).href);
    const grid = page.getByTestId('grade-grid');
    await grid.waitFor({ timeout: 60_000 });
    await page.getByTestId('grade-row').first().waitFor();
    // The area's later chunks and the socket settle before anything is timed.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);

    const counts = await page.evaluate(() => {
      const table = document.querySelector('[data-testid="grade-grid"]')!;
      return {
        grid: table.parentElement!.getElementsByTagName('*').length,
        page: document.getElementsByTagName('*').length,
        rows: Number(table.getAttribute('aria-rowcount')) - 1,
        columns: Number(table.getAttribute('aria-colcount')) - 2,
      };
    });
    const sweep = (sample: boolean) =>
      page.evaluate(
        `(${SWEEP})(${JSON.stringify({ frames: options.frames, sample })})`,
      ) as Promise<{
        intervals: number[];
        most: number;
        height: number;
        width: number;
        viewHeight: number;
        viewWidth: number;
      }>;
    // One untimed sweep counts the elements everywhere (counting costs frame time) and warms
    // up the code paths; then the timed ones.
    const counted = await sweep(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries(
        (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
      ) as Record<string, number>;
    const pids = chromiumProcesses(profile);
    const cpuBefore = pids && chromiumCpu(pids);
    const before = await metrics();
    const frameTimesMs: number[] = [];
    for (let n = 0; n < options.sweeps; n += 1)
      frameTimesMs.push(...(await sweep(false)).intervals);
    const after = await metrics();
    const cpuAfter = pids && chromiumCpu(pids);
    // Chromium counts seconds; per timed frame, in ms.
    const perFrame = (name: string) =>
      round((((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / frameTimesMs.length, 2);
    return {
      gridElementsAtStart: counts.grid,
      gridElementsMost: Math.max(counts.grid, counted.most),
      pageElements: counts.page,
      rows: counts.rows,
      columns: counts.columns,
      frameTimesMs,
      mainThreadPerFrameMs: {
        tasks: perFrame('TaskDuration'),
        script: perFrame('ScriptDuration'),
        style: perFrame('RecalcStyleDuration'),
        layout: perFrame('LayoutDuration'),
      },
      cpuPerFrameMs:
        cpuBefore && cpuAfter
          ? {
              rendererMain: round(
                (cpuAfter.rendererMain - cpuBefore.rendererMain) / frameTimesMs.length,
                2,
              ),
              rendererOther: round(
                (cpuAfter.rendererOther - cpuBefore.rendererOther) / frameTimesMs.length,
                2,
              ),
              gpu: round((cpuAfter.gpu - cpuBefore.gpu) / frameTimesMs.length, 2),
            }
          : null,
      scrollPx: {
        height: counted.height,
        width: counted.width,
        viewHeight: counted.viewHeight,
        viewWidth: counted.viewWidth,
      },
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
