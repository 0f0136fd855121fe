// W9 gradebook: a lesson of 40 students × 80 items. Loading the grid through the API (GET
// …/grades/:lesson_id: categories, items, tasks, every value and every student's weighted grade,
// as JSON over HTTP, compressed as a browser asks) against better-sqlite3 reading the same rows
// with prepared statements; and saving the whole grid (3,200 values, one PUT …/entries as a
// paste does) against the same rows written by bare prepared upserts in one transaction. Goal:
// the API within 2× of raw SQL. Then the grid itself in headless Chromium on the built web app:
// its DOM elements (goal ≤ 1,400) and the frame times of scrolling across it (goal p95 ≤ 16.7 ms).
import SQLite from 'better-sqlite3';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { distribution, median, percentile, ratio, round } from '../measure';
import { startServer } from '../processes/server-under-test';
import type { WorkloadResult } from '../report';
import { measureGridScroll } from '../web/grid-scroll';
import { buildWebApp } from '../web/web-build';

export interface GradebookOptions {
  /** Timed loads of each side (after warm-up). */
  loads: number;
  /** Timed saves of each side. */
  saves: number;
  /** Animation frames of each timed scroll sweep across the grid. */
  frames: number;
  /** Timed scroll sweeps. */
  sweeps: number;
}

const STUDENTS = 40;
const ITEMS = 80;
const GOAL_RATIO = 2;
const DOM_GOAL = 1400;
const FRAME_GOAL_MS = 16.7;
// What Chromium asks for; the server answers brotli (at its per-request quality) or gzip.
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

async function timed(job: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await job();
  return performance.now() - start;
}

export async function gradebook(options: GradebookOptions): Promise<WorkloadResult> {
  const server = await startServer({ webDir: buildWebApp() });
  try {
    const login = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'teacher@demo.school', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async (
      method: string,
      url: string,
      body?: unknown,
      encodings = BROWSER_ENCODINGS,
    ) => {
      const response = await fetch(`${server.url}/api/schools/1/teacher/${url}`, {
        method,
        headers: {
          Token: token,
          'Accept-Encoding': encodings,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return JSON.parse(text) as { data: unknown };
    };
    type Overview = { lessons: { lesson: { id: number }; students: number }[] };
    const overview = (await call('GET', 'gradebooks')).data as Overview;
    const lesson = overview.lessons.find((l) => l.students >= STUDENTS);
    if (!lesson) throw new Error(`No demo lesson has ${STUDENTS} students`);
    const lessonId = lesson.lesson.id;
    type Book = {
      sub_period: { id: number; start_date: string; end_date: string };
      items: { id: number | null; editable: boolean }[];
      students: { student_id: number }[];
    };
    const first = (await call('GET', `grades/${lessonId}`)).data as Book;
    const subPeriodId = first.sub_period.id;
    // Items up to 80 of the teacher's own.
    const own = first.items.filter((i) => i.editable && i.id !== null).map((i) => i.id!);
    for (let n = first.items.length; n < ITEMS; n += 1) {
      const item = (
        await call('POST', `grades/${lessonId}/items`, {
          sub_period_id: subPeriodId,
          kind: n % 3 === 0 ? 'test' : 'oral',
          title: `Βαθμός ${n + 1}`,
          max_points: 20,
        })
      ).data as { id: number };
      own.push(item.id);
    }
    const students = first.students.slice(0, STUDENTS).map((s) => s.student_id);
    const grid = (seed: number) =>
      students.flatMap((studentId, r) =>
        own.map((itemId, c) => ({
          item_id: itemId,
          student_id: studentId,
          value: ((r * 7 + c * 3 + seed) % 41) / 2,
        })),
      );

    const raw = new SQLite(server.databaseFile);
    raw.pragma('busy_timeout = 5000');
    const rawLoad = {
      categories: raw.prepare(
        'select id, name, weight, source_kind, sort_order from grade_categories where school_id = 1 and lesson_id = ? and sub_period_id = ?',
      ),
      items: raw.prepare(
        'select id, category_id, kind, source_kind, source_id, title, max_points, date from grade_items where school_id = 1 and lesson_id = ? and sub_period_id = ?',
      ),
      tasks: raw.prepare(
        'select id, title, points, due_at from tasks where school_id = 1 and lesson_id = ? and published = 1 and points > 0 and due_at >= ? and due_at < ?',
      ),
      students: raw.prepare(
        'select ls.student_id, u.first_name, u.last_name from lesson_students ls join memberships m on m.id = ls.student_id join users u on u.id = m.user_id where ls.school_id = 1 and ls.lesson_id = ? order by u.last_name, u.first_name',
      ),
      // Items first, then their values (the plan the server's query asks for): written as a
      // plain join, SQLite reads every value of the school instead.
      entries: raw.prepare(
        'select e.item_id, e.student_id, e.value_hundredths, e.comment from grade_items i cross join grade_entries e where e.school_id = i.school_id and e.item_id = i.id and i.school_id = 1 and i.lesson_id = ? and i.sub_period_id = ?',
      ),
    };
    const { start_date: from, end_date: to } = first.sub_period;
    const loadRaw = () => {
      rawLoad.categories.all(lessonId, subPeriodId);
      rawLoad.items.all(lessonId, subPeriodId);
      rawLoad.tasks.all(lessonId, `${from}T00:00:00.000Z`, `${to}T23:59:59.999Z`);
      rawLoad.students.all(lessonId);
      return rawLoad.entries.all(lessonId, subPeriodId);
    };
    const upsert = raw.prepare(
      'insert into grade_entries (school_id, item_id, student_id, value_hundredths, comment, updated_by_user_id, updated_at) values (1, ?, ?, ?, null, null, ?) on conflict (school_id, item_id, student_id) do update set value_hundredths = excluded.value_hundredths, updated_at = excluded.updated_at',
    );
    const saveRaw = raw.transaction((rows: ReturnType<typeof grid>) => {
      const now = new Date().toISOString();
      for (const row of rows)
        upsert.run(row.item_id, row.student_id, Math.round(row.value * 100), now);
    });

    // Saves first (they fill the grid the loads then read), alternating sides.
    const saves = { api: [] as number[], raw: [] as number[] };
    for (let n = 0; n < options.saves; n += 1) {
      saves.raw.push(await timed(() => saveRaw(grid(n * 2))));
      saves.api.push(
        await timed(() => call('PUT', `grades/${lessonId}/entries`, { entries: grid(n * 2 + 1) })),
      );
    }
    const load = () => call('GET', `grades/${lessonId}?sub_period_id=${subPeriodId}`);
    // The same answer uncompressed: what the server's own work costs without the transport's.
    const loadPlain = () =>
      call('GET', `grades/${lessonId}?sub_period_id=${subPeriodId}`, undefined, 'identity');
    for (let n = 0; n < 3; n += 1) {
      await load();
      await loadPlain();
      loadRaw();
    }
    const loads = { api: [] as number[], plain: [] as number[], raw: [] as number[] };
    for (let n = 0; n < options.loads; n += 1) {
      const sides = [
        () => timed(loadRaw).then((ms) => loads.raw.push(ms)),
        () => timed(load).then((ms) => loads.api.push(ms)),
        () => timed(loadPlain).then((ms) => loads.plain.push(ms)),
      ];
      for (const side of n % 2 === 0 ? sides : sides.reverse()) await side();
    }
    const values = (loadRaw() as unknown[]).length;
    raw.close();
    const m = {
      loadApi: round(median(loads.api), 2),
      loadApiUncompressed: round(median(loads.plain), 2),
      loadRaw: round(median(loads.raw), 2),
      saveApi: round(median(saves.api), 1),
      saveRaw: round(median(saves.raw), 1),
    };
    const loadRatio = ratio(m.loadApi, m.loadRaw);
    const loadRatioUncompressed = ratio(m.loadApiUncompressed, m.loadRaw);
    const saveRatio = ratio(m.saveApi, m.saveRaw);

    // The grid in Chromium, holding the values the saves left (the whole grid filled).
    const scroll = await measureGridScroll({
      baseUrl: server.url,
      token,
      path: `/teacher/1/grades/${lessonId}?sub_period=${subPeriodId}`,
      frames: options.frames,
      sweeps: options.sweeps,
      viewport: { width: 1280, height: 800 },
    });
    const frames = distribution(scroll.frameTimesMs);
    const busy = scroll.mainThreadPerFrameMs;
    const cpu = scroll.cpuPerFrameMs;
    const ascending = [...scroll.frameTimesMs].sort((a, b) => a - b);
    const f = {
      frameP50Ms: round(frames.median, 1),
      frameP95Ms: round(percentile(ascending, 95), 1),
      frameP99Ms: round(frames.p99, 1),
      frameMaxMs: round(frames.max, 1),
      // A frame that took longer than two vsync intervals dropped at least one.
      framesOver33Ms: ascending.filter((ms) => ms > 33.4).length,
    };
    return {
      id: 'W9',
      title: 'gradebook',
      line:
        `${students.length} students × ${Math.max(first.items.length, ITEMS)} items (${values} values): ` +
        `load ${m.loadApi} ms through the API (compressed as a browser asks; ${m.loadApiUncompressed} ms uncompressed) ` +
        `vs ${m.loadRaw} ms raw SQL = ${loadRatio}× (${loadRatioUncompressed}×); ` +
        `save of the whole grid ${m.saveApi} ms (one PUT) vs ${m.saveRaw} ms raw upserts = ${saveRatio}×; ` +
        `grid in Chromium (${scroll.rows} × ${scroll.columns}, 1280 × 800): ${scroll.gridElementsAtStart} elements at rest, ` +
        `at most ${scroll.gridElementsMost} while scrolling (page ${scroll.pageElements}); ` +
        `scroll frame times over ${frames.count} frames: p50 ${f.frameP50Ms} ms, p95 ${f.frameP95Ms} ms, ` +
        `p99 ${f.frameP99Ms} ms, max ${f.frameMaxMs} ms, ${f.framesOver33Ms} over 33 ms; ` +
        `main thread per frame ${busy.tasks} ms wall (script ${busy.script}, style ${busy.style}, layout ${busy.layout})` +
        (cpu
          ? `, CPU per frame: renderer main thread ${cpu.rendererMain} ms, its other threads ${cpu.rendererOther} ms, GPU process ${cpu.gpu} ms`
          : ''),
      figures: {
        students: students.length,
        items: ITEMS,
        values,
        ...m,
        loadRatio,
        loadRatioUncompressed,
        saveRatio,
        grid: {
          rows: scroll.rows,
          columns: scroll.columns,
          elementsAtStart: scroll.gridElementsAtStart,
          elementsMost: scroll.gridElementsMost,
          pageElements: scroll.pageElements,
          scrollPx: scroll.scrollPx,
          frames: frames.count,
          ...f,
          mainThreadPerFrameMs: busy,
          cpuPerFrameMs: cpu,
        },
      },
      goals: [
        { target: `load within ${GOAL_RATIO}× raw SQL`, met: loadRatio <= GOAL_RATIO },
        { target: `save within ${GOAL_RATIO}× raw SQL`, met: saveRatio <= GOAL_RATIO },
        {
          target: `grid ≤ ${DOM_GOAL.toLocaleString('en')} DOM elements`,
          met: scroll.gridElementsMost <= DOM_GOAL,
        },
        {
          target: `scroll frame time p95 ≤ ${FRAME_GOAL_MS} ms`,
          met: f.frameP95Ms <= FRAME_GOAL_MS,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}
