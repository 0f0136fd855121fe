import type { Random } from '../../db/seed/random';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import { addDays, daysBetween } from '../calendar/school-time';

// Demo attendance: the registers of the past two weeks of every lesson on its timetable days,
// nearly everyone present, a few absences (some justified by the office) and late arrivals;
// the demo student has two absences, one of them justified.

export async function seedAttendance(
  db: SeedDb,
  random: Random,
  options: {
    schoolId: number;
    lessons: number[];
    today: string;
    now: string;
    recorderUserId: number;
    demoStudent: number;
  },
): Promise<void> {
  const { schoolId, now } = options;
  const schedules = await db
    .selectFrom('lesson_schedules')
    .select(['lesson_id', 'weekday'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', 'in', options.lessons)
    .execute();
  const roster = await db
    .selectFrom('lesson_students')
    .select(['lesson_id', 'student_id'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', 'in', options.lessons)
    .orderBy('lesson_id')
    .orderBy('student_id')
    .execute();
  const days = daysBetween(addDays(options.today, -14), addDays(options.today, -1));
  const rows: object[] = [];
  let demoAbsences = 0;
  for (const { date, weekday } of days) {
    for (const lessonId of options.lessons) {
      if (!schedules.some((s) => s.lesson_id === lessonId && s.weekday === weekday)) continue;
      for (const { student_id } of roster.filter((r) => r.lesson_id === lessonId)) {
        const roll = random.next();
        let status = roll < 0.03 ? 'absent' : roll < 0.05 ? 'late' : 'present';
        if (student_id === options.demoStudent && demoAbsences < 2 && roll < 0.3) status = 'absent';
        if (student_id === options.demoStudent && status === 'absent') demoAbsences += 1;
        const justified =
          status === 'absent' &&
          (student_id === options.demoStudent ? demoAbsences === 1 : random.next() < 0.4);
        rows.push({
          school_id: schoolId,
          lesson_id: lessonId,
          student_id,
          date,
          status,
          justified: justified ? 1 : 0,
          justification_note: justified ? 'Ιατρική βεβαίωση' : null,
          justified_by_user_id: null,
          recorded_by_user_id: options.recorderUserId,
          created_at: now,
          updated_at: now,
        });
      }
    }
  }
  await insertReturningIds(db, 'attendance_records', rows, 400);
}
