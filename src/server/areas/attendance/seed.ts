import type { Random } from '../../db/seed/random';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import { addDays, daysBetween } from '../calendar/school-time';

// Demo attendance: the registers of the past two weeks of every lesson on its timetable days,
// nearly everyone present, a few absences (some justified by the office) and late arrivals;
// the demo student has two absences, one of them justified. One classmate of the first lesson
// has as many unjustified absences there as the school's threshold (the office's list shows
// them highlighted), the older ones before the fortnight.

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
  const firstLesson = options.lessons[0];
  const truant = roster
    .filter((r) => r.lesson_id === firstLesson && r.student_id !== options.demoStudent)
    .at(-1)?.student_id;

  for (const { date, weekday } of days) {
    for (const lessonId of options.lessons) {
      if (!schedules.some((s) => s.lesson_id === lessonId && s.weekday === weekday)) continue;
      for (const { student_id } of roster.filter((r) => r.lesson_id === lessonId)) {
        const roll = random.next();
        let status = roll < 0.03 ? 'absent' : roll < 0.05 ? 'late' : 'present';
        if (student_id === options.demoStudent && demoAbsences < 2 && roll < 0.3) status = 'absent';
        if (student_id === options.demoStudent && status === 'absent') demoAbsences += 1;
        // The truant's absences in the first lesson are written by seedTruant.
        if (student_id === truant && lessonId === firstLesson) continue;
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
  await seedTruant(db, options, truant, firstLesson, schedules);
}

/** The truant's register of the first lesson: absent on its last `threshold` meetings, else present. */
async function seedTruant(
  db: SeedDb,
  options: { schoolId: number; today: string; now: string; recorderUserId: number },
  truant: number | undefined,
  lessonId: number | undefined,
  schedules: { lesson_id: number; weekday: number }[],
): Promise<void> {
  if (truant === undefined || lessonId === undefined) return;
  const setting = await db
    .selectFrom('settings')
    .select('data')
    .where('school_id', '=', options.schoolId)
    .where('name', '=', 'absence_threshold')
    .executeTakeFirst();
  const threshold = Math.min(Number(setting?.data ?? 3) || 3, 20);
  const meetings = daysBetween(addDays(options.today, -120), addDays(options.today, -1)).filter(
    ({ weekday }) => schedules.some((s) => s.lesson_id === lessonId && s.weekday === weekday),
  );
  const fortnight = addDays(options.today, -14);
  const absent = new Set(meetings.slice(-threshold).map((m) => m.date));
  const rows = meetings
    .filter(({ date }) => absent.has(date) || date >= fortnight)
    .map(({ date }) => ({
      school_id: options.schoolId,
      lesson_id: lessonId,
      student_id: truant,
      date,
      status: absent.has(date) ? 'absent' : 'present',
      justified: 0,
      justification_note: null,
      justified_by_user_id: null,
      recorded_by_user_id: options.recorderUserId,
      created_at: options.now,
      updated_at: options.now,
    }));
  await insertReturningIds(db, 'attendance_records', rows, 400);
}
