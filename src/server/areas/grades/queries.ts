import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays } from '../calendar/school-time';

// The gradebook's SQL. Every query is scoped by school; lists are read per lesson and
// sub-period through indexes that start with school_id.

export interface SubPeriodRow {
  id: number;
  period_id: number;
  name: string;
  start_date: string;
  end_date: string;
  /** The office's explicit state: 1 closed, 0 (re)opened, null none. */
  state: number | null;
}

export async function lessonRow(db: Kysely<Database>, schoolId: number, lessonId: number) {
  return db
    .selectFrom('lessons')
    .select(['id', 'name', 'period_id'])
    .where('school_id', '=', schoolId)
    .where('id', '=', lessonId)
    .executeTakeFirst();
}

/** The sub-periods of a period (of the current one when null), each with its state. */
export async function subPeriodsOf(
  db: Kysely<Database>,
  schoolId: number,
  periodId: number | null,
): Promise<SubPeriodRow[]> {
  let query = db
    .selectFrom('sub_periods as s')
    .innerJoin('periods as p', (join) =>
      join.onRef('p.id', '=', 's.period_id').onRef('p.school_id', '=', 's.school_id'),
    )
    .leftJoin('grade_sub_period_states as g', (join) =>
      join.onRef('g.sub_period_id', '=', 's.id').onRef('g.school_id', '=', 's.school_id'),
    )
    .select(['s.id', 's.period_id', 's.name', 's.start_date', 's.end_date', 'g.closed as state'])
    .where('s.school_id', '=', schoolId);
  query =
    periodId === null
      ? query.where('p.is_current', '=', 1)
      : query.where('s.period_id', '=', periodId);
  return query.orderBy('s.start_date').orderBy('s.id').execute();
}

export async function subPeriodById(db: Kysely<Database>, schoolId: number, subPeriodId: number) {
  return db
    .selectFrom('sub_periods as s')
    .leftJoin('grade_sub_period_states as g', (join) =>
      join.onRef('g.sub_period_id', '=', 's.id').onRef('g.school_id', '=', 's.school_id'),
    )
    .select(['s.id', 's.period_id', 's.name', 's.start_date', 's.end_date', 'g.closed as state'])
    .where('s.school_id', '=', schoolId)
    .where('s.id', '=', subPeriodId)
    .executeTakeFirst();
}

export async function categoriesOf(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  subPeriodId: number,
) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('grade_categories')
    .select(['id', 'lesson_id', 'name', 'weight', 'source_kind', 'sort_order'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', 'in', lessonIds)
    .where('sub_period_id', '=', subPeriodId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function storedItemsOf(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  subPeriodId: number,
) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('grade_items')
    .select([
      'id',
      'lesson_id',
      'category_id',
      'kind',
      'source_kind',
      'source_id',
      'title',
      'max_points',
      'date',
    ])
    .where('school_id', '=', schoolId)
    .where('lesson_id', 'in', lessonIds)
    .where('sub_period_id', '=', subPeriodId)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** The published tasks with points of lessons, due within the sub-period's days. */
export async function tasksWithin(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  range: { start_date: string; end_date: string },
) {
  if (lessonIds.length === 0) return [];
  return db
    .selectFrom('tasks')
    .select(['id', 'lesson_id', 'title', 'points', 'due_at'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', 'in', lessonIds)
    .where('published', '=', 1)
    .where('points', '>', 0)
    .where('due_at', '>=', `${range.start_date}T00:00:00.000Z`)
    .where('due_at', '<', `${addDays(range.end_date, 1)}T00:00:00.000Z`)
    .orderBy('due_at')
    .orderBy('id')
    .execute();
}

export async function studentsOfLesson(db: Kysely<Database>, schoolId: number, lessonId: number) {
  return db
    .selectFrom('lesson_students as ls')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['ls.student_id', 'u.first_name', 'u.last_name'])
    .where('ls.school_id', '=', schoolId)
    .where('ls.lesson_id', '=', lessonId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('ls.student_id')
    .execute();
}

export async function entriesOf(
  db: Kysely<Database>,
  schoolId: number,
  itemIds: number[],
  studentIds: number[] | null,
) {
  if (itemIds.length === 0) return [];
  let query = db
    .selectFrom('grade_entries')
    .select(['item_id', 'student_id', 'value_hundredths', 'comment'])
    .where('school_id', '=', schoolId)
    .where('item_id', 'in', itemIds);
  if (studentIds) query = query.where('student_id', 'in', studentIds);
  return query.execute();
}

export async function taskScoresOf(
  db: Kysely<Database>,
  schoolId: number,
  taskIds: number[],
  studentIds: number[] | null,
) {
  if (taskIds.length === 0) return [];
  let query = db
    .selectFrom('task_submissions')
    .select(['task_id', 'student_id', 'points', 'feedback'])
    .where('school_id', '=', schoolId)
    .where('task_id', 'in', taskIds)
    .where('status', '=', 'graded')
    .where('points', 'is not', null);
  if (studentIds) query = query.where('student_id', 'in', studentIds);
  return query.execute();
}

export async function itemById(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  itemId: number,
) {
  return db
    .selectFrom('grade_items')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export async function categoryById(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  categoryId: number,
) {
  return db
    .selectFrom('grade_categories')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
}

export async function isStudentOfLesson(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  studentId: number,
) {
  const row = await db
    .selectFrom('lesson_students')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The lessons a student attends in a period (or without one). */
export async function lessonsOfStudent(
  db: Kysely<Database>,
  schoolId: number,
  studentId: number,
  periodId: number,
) {
  return db
    .selectFrom('lesson_students as ls')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'ls.lesson_id').onRef('l.school_id', '=', 'ls.school_id'),
    )
    .select(['l.id', 'l.name'])
    .where('ls.school_id', '=', schoolId)
    .where('ls.student_id', '=', studentId)
    .where((eb) => eb.or([eb('l.period_id', '=', periodId), eb('l.period_id', 'is', null)]))
    .orderBy('l.name')
    .orderBy('l.id')
    .execute();
}
