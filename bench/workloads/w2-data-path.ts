// W2 data path: rows per second through the students list's queries and serialisation (the
// resource engine's listRecords and the JSON answer), against better-sqlite3 `all()` of the very
// statements it runs; and the last page (250 of the scale school) against the first. The middle
// page (125), the dearest of all since the second half is read from the end, is shown too.
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/database';
import type { AnyDb } from '../../src/server/resources/list';
import { median, ratio, round } from '../measure';
import type { WorkloadResult } from '../report';
import { scaleDatabase } from '../scale/scale-database';
import {
  captureStudentsListSql,
  preparedStudentsList,
  engineStudentsPage,
  PER_PAGE,
  SCALE_LAST_PAGE,
} from '../scale/students-list';

export interface DataPathOptions {
  /** How long each side runs per round. */
  seconds: number;
  rounds: number;
  scaleSeed: number;
}

const MIDDLE_PAGE = SCALE_LAST_PAGE / 2;
const PAGES = [1, MIDDLE_PAGE, SCALE_LAST_PAGE] as const;
const GOAL_LAST_PAGE_RATIO = 1.2;
const SLICE_SECONDS = 0.2;

/** Pages per second of a job run back to back for a while. */
async function pagesPerSecond(seconds: number, job: () => unknown): Promise<number> {
  const start = performance.now();
  const end = start + seconds * 1000;
  let pages = 0;
  while (performance.now() < end) {
    await job();
    pages += 1;
  }
  return pages / ((performance.now() - start) / 1000);
}

export async function dataPath(options: DataPathOptions): Promise<WorkloadResult> {
  const scale = scaleDatabase(options.scaleSeed);
  const engine = await openDatabase({ database: { kind: 'sqlite', file: scale.databaseFile } });
  const raw = new SQLite(scale.databaseFile, { readonly: true });
  try {
    const perPage: Record<number, { engine: number; raw: number; count: number }> = {};
    const capture = (page: number) =>
      captureStudentsListSql(scale.databaseFile, scale.schoolId, page);
    const first = await capture(1);
    const rawPage = preparedStudentsList(raw, first, await capture(SCALE_LAST_PAGE));
    const count = raw.prepare(first.count.sql);
    const jobs = Object.fromEntries(
      PAGES.map((page) => [
        page,
        {
          engine: () => engineStudentsPage(engine.db as AnyDb, scale.schoolId, page),
          raw: () => rawPage(page),
        },
      ]),
    );
    // Warm up every job (JIT, SQLite's page cache) before anything counts.
    for (const page of PAGES) {
      await pagesPerSecond(options.seconds / 4, jobs[page]!.engine);
      await pagesPerSecond(options.seconds / 4, jobs[page]!.raw);
    }
    // Short slices of every page and side, interleaved and turned round every other pass
    // (ABBA), so that a neighbour's load weighs on the pages alike rather than on whichever
    // ran when it came.
    const passes = Math.max(1, Math.round(options.seconds / SLICE_SECONDS)) * options.rounds;
    const samples = Object.fromEntries(
      PAGES.map((page) => [page, { engine: [] as number[], raw: [] as number[] }]),
    );
    for (let pass = 0; pass < passes; pass += 1) {
      const forwards = pass % 2 === 0;
      for (const page of forwards ? PAGES : [...PAGES].reverse()) {
        for (const side of forwards ? (['raw', 'engine'] as const) : (['engine', 'raw'] as const))
          samples[page]![side].push(await pagesPerSecond(SLICE_SECONDS, jobs[page]![side]));
      }
    }
    const countPerSecond = await pagesPerSecond(options.seconds / 2, () =>
      count.get(...first.count.parameters),
    );
    for (const page of PAGES) {
      perPage[page] = {
        engine: median(samples[page]!.engine) * PER_PAGE,
        raw: median(samples[page]!.raw) * PER_PAGE,
        count: countPerSecond,
      };
    }

    const pageOne = perPage[1]!;
    const last = perPage[SCALE_LAST_PAGE]!;
    const middle = perPage[MIDDLE_PAGE]!;
    // Time per page of a page over the first: rows/s of the first over the page's.
    const engineLastOverFirst = ratio(pageOne.engine, last.engine);
    const rawLastOverFirst = ratio(pageOne.raw, last.raw);
    const engineMiddleOverFirst = ratio(pageOne.engine, middle.engine);
    const countMs = round(1000 / pageOne.count, 2);
    const side = (page: number) => {
      const { engine: e, raw: r } = perPage[page]!;
      return `page ${page}: ${Math.round(e)} rows/s vs raw all() ${Math.round(r)} rows/s = ${ratio(e, r)}`;
    };
    return {
      id: 'W2',
      title: 'data path',
      line:
        `${side(1)}; ${side(SCALE_LAST_PAGE)}; ` +
        `page ${SCALE_LAST_PAGE} takes ${engineLastOverFirst}× page 1 through the engine (raw: ${rawLastOverFirst}×), ` +
        `the middle page ${MIDDLE_PAGE} ${engineMiddleOverFirst}×; ` +
        `the total's count(*) alone ${countMs} ms per page`,
      figures: {
        perPage: PER_PAGE,
        rowsPerSecond: Object.fromEntries(
          Object.entries(perPage).map(([page, p]) => [
            `page${page}`,
            {
              engine: Math.round(p.engine),
              rawAll: Math.round(p.raw),
              ratio: ratio(p.engine, p.raw),
            },
          ]),
        ),
        engineLastPageOverFirst: engineLastOverFirst,
        rawLastPageOverFirst: rawLastOverFirst,
        engineMiddlePageOverFirst: engineMiddleOverFirst,
        countStatementMs: countMs,
        secondsPerRun: options.seconds,
        rounds: options.rounds,
      },
      goals: [
        {
          target: `page ${SCALE_LAST_PAGE} within ${GOAL_LAST_PAGE_RATIO}× of page 1`,
          met: engineLastOverFirst <= GOAL_LAST_PAGE_RATIO,
        },
      ],
    };
  } finally {
    raw.close();
    await engine.close();
  }
}
