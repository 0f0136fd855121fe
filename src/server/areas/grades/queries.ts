import { sql, type Kysely } from 'kysely';
import { runShaped } from '../../db/query-shapes';
import type { Database } from '../../db/schema';
import { addDays } from '../calendar/school-time';

// The gradebook's SQL. Every query is scoped by school; lists are read per lesson and
// sub-period through indexes that start with school_id. The grid's reads and the paste's
// writes are shaped (runShaped: built and compiled once, then run with each call's values):
// building a query costs more than running a small indexed one, and the grid runs a dozen.

export interface SubPeriodRow {
  id: number;
  period_id: number;
  name: string;
  start_date: string;
  end_date: string;
  /** The office's explicit state: 1 closed, 0 (re)opened, null none. */
  state: number | null;
}

export interface LessonRow {
  id: number;
  name: string;
  period_id: number | null;
}

export async function lessonRow(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
): Promise<LessonRow | undefined> {
  const [row] = await runShaped(db, 'grades:lesson', { schoolId, lessonId }, (v) =>
    db
      .selectFrom('lessons')
      .select(['id', 'name', 'period_id'])
      .where('school_id', '=', v.schoolId)
      .where('id', '=', v.lessonId),
  );
  return row;
}

/** The lesson if the teacher (membership) teaches it, in one query. */
export async function lessonTaughtBy(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  teacherId: number,
): Promise<LessonRow | undefined> {
  const [row] = await runShaped(
    db,
    'grades:lesson-taught',
    { schoolId, lessonId, teacherId },
    (v) =>
      db
        .selectFrom('lessons as l')
        .select(['l.id', 'l.name', 'l.period_id'])
        .where('l.school_id', '=', v.schoolId)
        .where('l.id', '=', v.lessonId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('lesson_teachers as lt')
              .select(sql<number>`1`.as('one'))
              .where('lt.school_id', '=', v.schoolId)
              .where('lt.lesson_id', '=', v.lessonId)
              .where('lt.teacher_id', '=', v.teacherId),
          ),
        ),
  );
  return row;
}

/** The sub-periods of a period (of the current one when null), each with its state. */
export async function subPeriodsOf(
  db: Kysely<Database>,
  schoolId: number,
  periodId: number | null,
): Promise<SubPeriodRow[]> {
  return runShaped(db, 'grades:sub-periods', { schoolId, periodId }, (v) => {
    let query = db
      .selectFrom('sub_periods as s')
      .innerJoin('periods as p', (join) =>
        join.onRef('p.id', '=', 's.period_id').onRef('p.school_id', '=', 's.school_id'),
      )
      .leftJoin('grade_sub_period_states as g', (join) =>
        join.onRef('g.sub_period_id', '=', 's.id').onRef('g.school_id', '=', 's.school_id'),
      )
      .select(['s.id', 's.period_id', 's.name', 's.start_date', 's.end_date', 'g.closed as state'])
      .where('s.school_id', '=', v.schoolId);
    query =
      v.periodId === null
        ? query.where('p.is_current', '=', sql.lit(1))
        : query.where('s.period_id', '=', v.periodId);
    return query.orderBy('s.start_date').orderBy('s.id');
  });
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
  return runShaped(db, 'grades:categories', { schoolId, lessonIds, subPeriodId }, (v) =>
    db
      .selectFrom('grade_categories')
      .select(['id', 'lesson_id', 'name', 'weight', 'source_kind', 'sort_order'])
      .where('school_id', '=', v.schoolId)
      .where('lesson_id', 'in', v.lessonIds)
      .where('sub_period_id', '=', v.subPeriodId)
      .orderBy('sort_order')
      .orderBy('id'),
  );
}

export async function storedItemsOf(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  subPeriodId: number,
) {
  if (lessonIds.length === 0) return [];
  return runShaped(db, 'grades:items', { schoolId, lessonIds, subPeriodId }, (v) =>
    db
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
      .where('school_id', '=', v.schoolId)
      .where('lesson_id', 'in', v.lessonIds)
      .where('sub_period_id', '=', v.subPeriodId)
      .orderBy('date')
      .orderBy('id'),
  );
}

/** The published tasks with points of lessons, due within the sub-period's days. */
export async function tasksWithin(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  range: { start_date: string; end_date: string },
) {
  if (lessonIds.length === 0) return [];
  const values = {
    schoolId,
    lessonIds,
    from: `${range.start_date}T00:00:00.000Z`,
    until: `${addDays(range.end_date, 1)}T00:00:00.000Z`,
  };
  return runShaped(db, 'grades:tasks', values, (v) =>
    db
      .selectFrom('tasks')
      .select(['id', 'lesson_id', 'title', 'points', 'due_at'])
      .where('school_id', '=', v.schoolId)
      .where('lesson_id', 'in', v.lessonIds)
      .where('published', '=', sql.lit(1))
      .where('points', '>', sql.lit(0))
      .where('due_at', '>=', v.from)
      .where('due_at', '<', v.until)
      .orderBy('due_at')
      .orderBy('id'),
  );
}

export async function studentsOfLesson(db: Kysely<Database>, schoolId: number, lessonId: number) {
  return runShaped(db, 'grades:roster', { schoolId, lessonId }, (v) =>
    db
      .selectFrom('lesson_students as ls')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['ls.student_id', 'u.first_name', 'u.last_name'])
      .where('ls.school_id', '=', v.schoolId)
      .where('ls.lesson_id', '=', v.lessonId)
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .orderBy('ls.student_id'),
  );
}

/**
 * The values on the stored items of some lessons in a sub-period, of `studentIds` (all when
 * null): one join through the items' index, so it need not wait for the items' ids.
 */
export async function entriesOfBooks(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  subPeriodId: number,
  studentIds: number[] | null,
) {
  if (lessonIds.length === 0 || studentIds?.length === 0) return [];
  return runShaped(db, 'grades:entries', { schoolId, lessonIds, subPeriodId, studentIds }, (v) => {
    // A cross join with the condition in WHERE: SQLite then reads the items first (it takes
    // the left table of a CROSS JOIN as the outer loop) instead of every value of the school
    // through grade_entries' school index, as it otherwise plans without statistics (7× slower
    // for a demo lesson). PostgreSQL plans it as the inner join it is.
    let query = db
      .selectFrom('grade_items as i')
      .crossJoin('grade_entries as e')
      .select(['e.item_id', 'e.student_id', 'e.value_hundredths', 'e.comment'])
      .whereRef('e.school_id', '=', 'i.school_id')
      .whereRef('e.item_id', '=', 'i.id')
      .where('i.school_id', '=', v.schoolId)
      .where('i.lesson_id', 'in', v.lessonIds)
      .where('i.sub_period_id', '=', v.subPeriodId);
    if (v.studentIds) query = query.where('e.student_id', 'in', v.studentIds);
    return query;
  });
}

export async function taskScoresOf(
  db: Kysely<Database>,
  schoolId: number,
  taskIds: number[],
  studentIds: number[] | null,
) {
  if (taskIds.length === 0 || studentIds?.length === 0) return [];
  return runShaped(db, 'grades:task-scores', { schoolId, taskIds, studentIds }, (v) => {
    let query = db
      .selectFrom('task_submissions')
      .select(['task_id', 'student_id', 'points', 'feedback'])
      .where('school_id', '=', v.schoolId)
      .where('task_id', 'in', v.taskIds)
      .where('status', '=', sql.lit('graded'))
      .where('points', 'is not', null);
    if (v.studentIds) query = query.where('student_id', 'in', v.studentIds);
    return query;
  });
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

/** The lesson's stored items among some ids, with what a value written on them is checked by. */
export async function itemsAmong(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  itemIds: number[],
) {
  if (itemIds.length === 0) return [];
  return runShaped(db, 'grades:items-among', { schoolId, lessonId, itemIds }, (v) =>
    db
      .selectFrom('grade_items')
      .select(['id', 'sub_period_id', 'source_kind', 'max_points'])
      .where('school_id', '=', v.schoolId)
      .where('lesson_id', '=', v.lessonId)
      .where('id', 'in', v.itemIds),
  );
}

export interface StoredEntry {
  id: number;
  item_id: number;
  student_id: number;
  value_hundredths: number | null;
  comment: string | null;
}

/** The stored values of some items × some students (a cell, looked up by its key). */
export async function entriesAmong(
  db: Kysely<Database>,
  schoolId: number,
  itemIds: number[],
  studentIds: number[],
) {
  if (itemIds.length === 0 || studentIds.length === 0) return [];
  return runShaped(db, 'grades:entries-among', { schoolId, itemIds, studentIds }, (v) =>
    db
      .selectFrom('grade_entries')
      .select(['id', 'item_id', 'student_id', 'value_hundredths', 'comment'])
      .where('school_id', '=', v.schoolId)
      .where('item_id', 'in', v.itemIds)
      .where('student_id', 'in', v.studentIds),
  );
}

/**
 * Every stored value of some items (a paste's columns): a range of the items' index each,
 * which reads a column's few students not pasted faster than it looks up the pasted cells
 * one by one (item × student).
 */
export async function entriesOfItems(
  db: Kysely<Database>,
  schoolId: number,
  itemIds: number[],
): Promise<StoredEntry[]> {
  if (itemIds.length === 0) return [];
  return runShaped(db, 'grades:entries-of-items', { schoolId, itemIds }, (v) =>
    db
      .selectFrom('grade_entries')
      .select(['id', 'item_id', 'student_id', 'value_hundredths', 'comment'])
      .where('school_id', '=', v.schoolId)
      .where('item_id', 'in', v.itemIds),
  );
}
