import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppliedFilterValue } from './definition';

// What the teaching reports share: which lessons a choice of period, level and lesson
// covers, and the dates a period or sub-period spans.

export interface LessonScope {
  periodId?: AppliedFilterValue;
  levelId?: AppliedFilterValue;
  lessonId?: AppliedFilterValue;
}

/** The lessons of the school the filters cover, by name. */
export async function lessonsInScope(db: Kysely<Database>, schoolId: number, scope: LessonScope) {
  let query = db
    .selectFrom('lessons')
    .select(['id', 'name', 'level_id', 'course_id'])
    .where('school_id', '=', schoolId);
  if (typeof scope.periodId === 'number') query = query.where('period_id', '=', scope.periodId);
  if (typeof scope.levelId === 'number') query = query.where('level_id', '=', scope.levelId);
  if (typeof scope.lessonId === 'number') query = query.where('id', '=', scope.lessonId);
  return query.orderBy('name').orderBy('id').execute();
}

/** The first and last day of a period or sub-period of the school. */
export async function datesOf(
  db: Kysely<Database>,
  schoolId: number,
  table: 'periods' | 'sub_periods',
  id: AppliedFilterValue | undefined,
): Promise<{ start_date: string; end_date: string } | null> {
  if (typeof id !== 'number') return null;
  return (
    (await db
      .selectFrom(table)
      .select(['start_date', 'end_date'])
      .where('school_id', '=', schoolId)
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/** `YYYY-MM` of a `YYYY-MM-DD` column, the same on SQLite and PostgreSQL. */
export const monthOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/** "Last, First" as the school's lists show a person. */
export const personName = (row: { first_name: string; last_name: string }) =>
  `${row.last_name} ${row.first_name}`;
