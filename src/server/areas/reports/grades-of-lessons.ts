import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { gradeOf, loadBooks } from '../grades/book';
import { assessmentSettings } from '../grades/settings';
import { lessonsInScope, personName, type LessonScope } from './scope';

// The sub-period grades the grade reports read: computed by the gradebook's own functions
// (loadBooks, gradeOf) so that a report and the teacher's grid never disagree.

export interface StudentGrade {
  lessonId: number;
  lesson: string;
  studentId: number;
  student: string;
  /** On the school's scale, rounded as the school rounds; null when nothing is graded. */
  grade: number | null;
}

/**
 * The pass mark: half the scale (10 of 20, 5 of 10, 50 of 100), the Greek schools' rule;
 * docs/reports.md records the choice.
 */
export const passMarkOf = (scaleMax: number) => scaleMax / 2;

export async function gradesOfLessons(
  db: Kysely<Database>,
  schoolId: number,
  subPeriodId: number | null,
  scope: Omit<LessonScope, 'periodId'>,
): Promise<{ grades: StudentGrade[]; scaleMax: number }> {
  const settings = await assessmentSettings(db, schoolId);
  if (subPeriodId === null) return { grades: [], scaleMax: settings.scale.max };
  const subPeriod = await db
    .selectFrom('sub_periods')
    .select(['id', 'period_id', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .where('id', '=', subPeriodId)
    .executeTakeFirst();
  if (!subPeriod) return { grades: [], scaleMax: settings.scale.max };
  const lessons = await lessonsInScope(db, schoolId, { ...scope, periodId: subPeriod.period_id });
  if (lessons.length === 0) return { grades: [], scaleMax: settings.scale.max };
  const lessonIds = lessons.map((l) => l.id);
  const [books, students] = await Promise.all([
    loadBooks(db, schoolId, lessonIds, subPeriod, null, { writable: false }),
    db
      .selectFrom('lesson_students as ls')
      .innerJoin('memberships as m', (join) =>
        join.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['ls.lesson_id', 'ls.student_id', 'u.first_name', 'u.last_name'])
      .where('ls.school_id', '=', schoolId)
      .where('ls.lesson_id', 'in', lessonIds)
      .execute(),
  ]);
  const nameOf = new Map(lessons.map((l) => [l.id, l.name]));
  const grades = students.map((s): StudentGrade => {
    const book = books.get(s.lesson_id);
    // The office reads every grade, published or not, as the admin's gradebook does.
    const grade = book ? gradeOf(book, s.student_id, settings.scale, true).value : null;
    return {
      lessonId: s.lesson_id,
      lesson: nameOf.get(s.lesson_id) ?? '',
      studentId: s.student_id,
      student: personName(s),
      grade,
    };
  });
  return { grades, scaleMax: settings.scale.max };
}
