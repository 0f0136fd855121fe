// W2 data path: rows per second through the students list's queries and serialisation (the
// resource engine's listRecords and the JSON answer), against better-sqlite3 `all()` of the very
// statements it runs; and the last page (250 of the scale school) against the first. The middle
// page (125), the dearest of all since the second half is read from the end, is shown too.
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/database';
import type { AnyDb } from '../../src/server/resources/list';
import { alternate, median, ratio, round } from '../measure';
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
    for (const page of PAGES) {
      const engineJob = () => engineStudentsPage(engine.db as AnyDb, scale.schoolId, page);
      const rawJob = () => rawPage(page);
      // Warm up both (JIT, SQLite's page cache) before anything counts.
      await pagesPerSecond(options.seconds / 2, engineJob);
      await pagesPerSecond(options.seconds / 2, rawJob);
      const runs = await alternate(
        options.rounds,
        () => pagesPerSecond(options.seconds, rawJob),
        () => pagesPerSecond(options.seconds, engineJob),
      );
      perPage[page] = {
        engine: median(runs.subject) * PER_PAGE,
        raw: median(runs.baseline) * PER_PAGE,
        count: await pagesPerSecond(options.seconds / 2, () =>
          count.get(...first.count.parameters),
        ),
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
