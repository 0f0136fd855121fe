// W2 data path: rows per second through the students list's query and serialisation (the
// resource engine's listRecords and the JSON answer), against better-sqlite3 `all()` of the very
// statement it runs; and the last page (250 of the scale school) against the first.
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/server/db/database';
import type { AnyDb } from '../../src/server/resources/list';
import { alternate, median, ratio, round } from '../measure';
import type { WorkloadResult } from '../report';
import { scaleDatabase } from '../scale/scale-database';
import {
  captureStudentsListSql,
  preparedStudentsPage,
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

const PAGES = [1, SCALE_LAST_PAGE] as const;
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
    for (const page of PAGES) {
      const sql = await captureStudentsListSql(scale.databaseFile, scale.schoolId, page);
      const rows = preparedStudentsPage(raw, sql);
      const offset = (page - 1) * PER_PAGE;
      const count = raw.prepare(sql.count.sql);
      const engineJob = () => engineStudentsPage(engine.db as AnyDb, scale.schoolId, page);
      const rawJob = () => rows(offset);
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
        count: await pagesPerSecond(options.seconds / 2, () => count.get(...sql.count.parameters)),
      };
    }

    const first = perPage[1]!;
    const last = perPage[SCALE_LAST_PAGE]!;
    // Time per page of the last page over the first: rows/s of the first over the last.
    const engineLastOverFirst = ratio(first.engine, last.engine);
    const rawLastOverFirst = ratio(first.raw, last.raw);
    const countMs = round(1000 / first.count, 2);
    const side = (page: number) => {
      const { engine: e, raw: r } = perPage[page]!;
      return `page ${page}: ${Math.round(e)} rows/s vs raw all() ${Math.round(r)} rows/s = ${ratio(e, r)}`;
    };
    return {
      id: 'W2',
      title: 'data path',
      line:
        `${side(1)}; ${side(SCALE_LAST_PAGE)}; ` +
        `page ${SCALE_LAST_PAGE} takes ${engineLastOverFirst}× page 1 through the engine (raw: ${rawLastOverFirst}×); ` +
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
