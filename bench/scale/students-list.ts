// The admin students list exactly as the resource engine answers it, and the SQL it runs, so
// that the baselines can run the very same statements without the engine around them.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import {
  listQuerySchema,
  listRecords,
  pageWindow,
  type AnyDb,
  type RecordReader,
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

// Built once, as the server builds it once per resource when it registers the routes.
const studentsListQuery = listQuerySchema(students);

export const studentsListRequest = (page: number) =>
  studentsListQuery.parse({ page: String(page), per_page: String(PER_PAGE) });

// The office with full access, as the list endpoint sees the scale seed's admin.
const officeOf = (schoolId: number): RecordReader => ({
  schoolId,
  role: 'admin',
  me: null,
  userId: 0,
  fullAccess: true,
  canWrite: true,
});

/** One page as the list endpoint's handler computes it, and its answer as sent. */
export async function engineStudentsPage(db: AnyDb, schoolId: number, page: number) {
  const result = await listRecords(db, students, officeOf(schoolId), studentsListRequest(page));
  const body = JSON.stringify({ status: 'ok', data: result.data, totalCount: result.totalCount });
  return { rows: result.data.length, bytes: body.length };
}

/**
 * The three statements the engine runs for one page of students: the total, the page's ids
 * (an index walk with limit/offset, backwards for the second half of the pages) and the rows
 * of those ids.
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
  const [count, ids, rows] = captured;
  if (
    captured.length !== 3 ||
    !/count\(\*\)/i.test(count!.sql) ||
    !/\blimit \? offset \?$/i.test(ids!.sql.trim())
  )
    throw new Error(`unexpected statements for the students list: ${JSON.stringify(captured)}`);
  return { ids: ids!, count: count!, rows: rows! };
}

/**
 * The engine's statements for any page of students, as plain prepared statements: the total;
 * then the page's ids, read forwards as page 1's were or backwards as the last page's were
 * (the engine's own pageWindow decides); then their rows, in page order.
 */
export function preparedStudentsList(
  database: SQLite.Database,
  first: StudentsListSql,
  last: StudentsListSql,
) {
  if (!/\bdesc\b/i.test(last.ids.sql) || /\bdesc\b/i.test(first.ids.sql))
    throw new Error('expected the last page of students to be read backwards');
  const count = database.prepare(first.count.sql).pluck();
  const forwards = database.prepare(first.ids.sql).pluck();
  const backwards = database.prepare(last.ids.sql).pluck();
  const rows = database.prepare(first.rows.sql);
  const leading = first.rows.parameters.length - PER_PAGE;
  return (page: number) => {
    const totalCount = count.get(...first.count.parameters) as number;
    const window = pageWindow(totalCount, page, PER_PAGE);
    if (!window) return { data: [], totalCount };
    const ids = window.backwards ? last.ids : first.ids;
    const parameters = [...ids.parameters.slice(0, -2), window.limit, window.offset];
    const pageIds = (window.backwards ? backwards : forwards).all(...parameters) as number[];
    if (window.backwards) pageIds.reverse();
    const padded = [...pageIds, ...Array<number>(PER_PAGE - pageIds.length).fill(-1)];
    const found = rows.all(...first.rows.parameters.slice(0, leading), ...padded) as {
      id: number;
    }[];
    const position = new Map(pageIds.map((id, i) => [id, i]));
    return { data: found.sort((a, b) => position.get(a.id)! - position.get(b.id)!), totalCount };
  };
}
