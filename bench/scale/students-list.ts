// The admin students list exactly as the resource engine answers it, and the SQL it runs, so
// that the baselines can run the very same statements without the engine around them.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import {
  listQuerySchema,
  listRecords,
  type AnyDb,
  type Caller,
} from '../../src/server/resources/list';
import { SCALE_SIZES } from '../../src/server/db/seed/scale';
import { RESOURCES } from '../../src/shared/resources';

export interface CapturedQuery {
  sql: string;
  parameters: unknown[];
}

export const PER_PAGE = 20;
/** Page 250: the scale school's last page of students. */
export const SCALE_LAST_PAGE = SCALE_SIZES.large.students / PER_PAGE;
const students = RESOURCES.students!;

export const studentsListRequest = (page: number) =>
  listQuerySchema(students).parse({ page: String(page), per_page: String(PER_PAGE) });

const officeOf = (schoolId: number): Caller => ({ schoolId, role: 'admin', me: null });

/** One page as the list endpoint's handler computes it, and its answer as sent. */
export async function engineStudentsPage(db: AnyDb, schoolId: number, page: number) {
  const result = await listRecords(db, students, officeOf(schoolId), studentsListRequest(page));
  const body = JSON.stringify({ status: 'ok', data: result.data, totalCount: result.totalCount });
  return { rows: result.data.length, bytes: body.length };
}

/**
 * The three statements the engine runs for one page of students: the page's ids (index
 * walk with limit/offset), the total, and the rows of those ids.
 */
export interface StudentsListSql {
  ids: CapturedQuery;
  count: CapturedQuery;
  rows: CapturedQuery;
}

export async function captureStudentsListSql(
  databaseFile: string,
  schoolId: number,
  page: number,
): Promise<StudentsListSql> {
  const captured: CapturedQuery[] = [];
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(databaseFile, { readonly: true }) }),
    log: (event) => {
      if (event.level === 'query')
        captured.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  try {
    await listRecords(db as AnyDb, students, officeOf(schoolId), studentsListRequest(page));
  } finally {
    await db.destroy();
  }
  const ids = captured.find((q) => /\blimit \? offset \?$/i.test(q.sql.trim()));
  const count = captured.find((q) => /count\(\*\)/i.test(q.sql));
  const rows = captured.find((q) => q !== ids && q !== count);
  if (!ids || !count || !rows || captured.length !== 3)
    throw new Error(`unexpected statements for the students list: ${JSON.stringify(captured)}`);
  return { ids, count, rows };
}

/**
 * The engine's page statements as plain prepared statements: the page's ids, then their
 * rows in the same order. `offset` replaces the ids statement's last parameter.
 */
export function preparedStudentsPage(database: SQLite.Database, sql: StudentsListSql) {
  const ids = database.prepare(sql.ids.sql).pluck();
  const rows = database.prepare(sql.rows.sql);
  const leading = sql.rows.parameters.length - PER_PAGE;
  return (offset: number) => {
    const parameters = [...sql.ids.parameters];
    parameters[parameters.length - 1] = offset;
    const pageIds = ids.all(...parameters) as number[];
    const padded = [...pageIds, ...Array<number>(PER_PAGE - pageIds.length).fill(-1)];
    const found = rows.all(...sql.rows.parameters.slice(0, leading), ...padded) as { id: number }[];
    const position = new Map(pageIds.map((id, i) => [id, i]));
    return found.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  };
}
