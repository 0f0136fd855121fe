import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The SQL behind the gradebook's overview and a student's record in a lesson. Scoped by school;
// counts are grouped in the database, so the overview reads a few rows per lesson.

/** The lessons a teacher (membership) teaches, by name. */
export async function lessonsTaughtBy(db: Kysely<Database>, schoolId: number, teacherId: number) {
  return db
    .selectFrom('lesson_teachers as lt')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'lt.lesson_id').onRef('l.school_id', '=', 'lt.school_id'),
    )
    .select(['l.id', 'l.name', 'l.period_id'])
    .where('lt.school_id', '=', schoolId)
    .where('lt.teacher_id', '=', teacherId)
    .orderBy('l.name')
    .orderBy('l.id')
    .execute();
}

export async function studentCounts(db: Kysely<Database>, schoolId: number, lessonIds: number[]) {
  if (lessonIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('lesson_students')
    .select((eb) => ['lesson_id', eb.fn.countAll<number | string>().as('count')])
    .where('school_id', '=', schoolId)
    .where('lesson_id', 'in', lessonIds)
    .groupBy('lesson_id')
    .execute();
  return new Map(rows.map((r) => [r.lesson_id, Number(r.count)]));
}

/** Per lesson and sub-period: stored items, and values entered on them by current students. */
export async function itemAndValueCounts(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
) {
  if (lessonIds.length === 0) return { items: [], filled: [] };
  const [items, filled] = await Promise.all([
    db
      .selectFrom('grade_items')
      .select((eb) => ['lesson_id', 'sub_period_id', eb.fn.countAll<number | string>().as('count')])
      .where('school_id', '=', schoolId)
      .where('lesson_id', 'in', lessonIds)
      .groupBy(['lesson_id', 'sub_period_id'])
      .execute(),
    db
      .selectFrom('grade_entries as e')
      .innerJoin('grade_items as i', (join) =>
        join.onRef('i.id', '=', 'e.item_id').onRef('i.school_id', '=', 'e.school_id'),
      )
      .innerJoin('lesson_students as ls', (join) =>
        join
          .onRef('ls.student_id', '=', 'e.student_id')
          .onRef('ls.lesson_id', '=', 'i.lesson_id')
          .onRef('ls.school_id', '=', 'e.school_id'),
      )
      .select((eb) => [
        'i.lesson_id',
        'i.sub_period_id',
        eb.fn.countAll<number | string>().as('count'),
      ])
      .where('e.school_id', '=', schoolId)
      .where('i.lesson_id', 'in', lessonIds)
      .where('e.value_hundredths', 'is not', null)
      .groupBy(['i.lesson_id', 'i.sub_period_id'])
      .execute(),
  ]);
  const counted = (rows: { lesson_id: number; sub_period_id: number; count: number | string }[]) =>
    rows.map((r) => ({
      lessonId: r.lesson_id,
      subPeriodId: r.sub_period_id,
      count: Number(r.count),
    }));
  return { items: counted(items), filled: counted(filled) };
}

/** The teacher's remarks on a student in some lessons and sub-periods. */
export async function remarksOf(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  subPeriodIds: number[],
  studentId: number,
) {
  if (lessonIds.length === 0 || subPeriodIds.length === 0) return [];
  return db
    .selectFrom('grade_remarks')
    .select(['lesson_id', 'sub_period_id', 'comment'])
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('lesson_id', 'in', lessonIds)
    .where('sub_period_id', 'in', subPeriodIds)
    .execute();
}

/** The days a student was absent, late or excused in a lesson, newest first. */
export async function attendanceMarksOf(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  studentId: number,
) {
  return db
    .selectFrom('attendance_records')
    .select(['date', 'status', 'justified'])
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('lesson_id', '=', lessonId)
    .where('status', '!=', 'present')
    .orderBy('date', 'desc')
    .execute();
}
