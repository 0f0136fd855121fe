import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

// A pasted block's writes, set-based: the rows travel as one JSON parameter that the database
// unpacks (SQLite's jsonb_each, PostgreSQL's json_array_elements), so each write is one
// statement whose SQL does not depend on the number of rows — prepared once, and nothing
// builds or binds thousands of values. A 40 × 80 paste is one upsert, not 3,200.

export interface ValueRow {
  item_id: number;
  student_id: number;
  /** Points in hundredths; null keeps a commented entry without a value. */
  value_hundredths: number | null;
}

/**
 * Inserts or updates values; a stored comment stays (only the value and who changed it when
 * are updated), and a new entry has none.
 */
export async function upsertValues(
  db: Kysely<Database>,
  kind: DatabaseKind,
  by: { schoolId: number; userId: number; nowIso: string },
  rows: ValueRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => [r.item_id, r.student_id, r.value_hundredths]));
  const conflict = sql`on conflict (school_id, item_id, student_id) do update set
    value_hundredths = excluded.value_hundredths,
    updated_by_user_id = excluded.updated_by_user_id,
    updated_at = excluded.updated_at`;
  const into = sql`insert into grade_entries
    (school_id, item_id, student_id, value_hundredths, updated_by_user_id, updated_at)`;
  const school = sql`cast(${by.schoolId} as integer)`;
  const user = sql`cast(${by.userId} as integer)`;
  const at = sql`cast(${by.nowIso} as text)`;
  await (
    kind === 'postgres'
      ? sql`${into} select ${school}, (e ->> 0)::integer, (e ->> 1)::integer, (e ->> 2)::integer,
          ${user}, ${at} from json_array_elements(${json}::json) as e ${conflict}`
      : // "where true" tells SQLite's parser that "on conflict" belongs to the insert.
        sql`${into} select ${school}, value ->> 0, value ->> 1, value ->> 2, ${user}, ${at}
          from jsonb_each(jsonb(${json})) where true ${conflict}`
  ).execute(db);
}

/** Deletes entries by id (values cleared without a comment to keep their row). */
export async function deleteEntries(
  db: Kysely<Database>,
  kind: DatabaseKind,
  schoolId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const among =
    kind === 'postgres'
      ? sql`id = any(${ids}::integer[])`
      : sql`id in (select value from jsonb_each(jsonb(${JSON.stringify(ids)})))`;
  await sql`delete from grade_entries where school_id = ${schoolId} and ${among}`.execute(db);
}
