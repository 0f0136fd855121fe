import type { Random } from '../../db/seed/random';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';

// The demo gradebook: for the sub-period today falls in (of each lesson's period), three
// weighted categories (oral, tests, and the lesson's tasks by themselves) and a few graded
// oral and test items, so that the grid, a student's grades and a parent's view show numbers.

const ORAL = ['Προφορική εξέταση Οκτωβρίου', 'Προφορική εξέταση Νοεμβρίου'];
const TESTS = ['Διαγώνισμα 1ου κεφαλαίου'];

export async function seedGrades(
  db: SeedDb,
  random: Random,
  options: { schoolId: number; lessons: number[]; today: string; now: string },
): Promise<void> {
  const { schoolId, today, now } = options;
  const subPeriod = await db
    .selectFrom('sub_periods as s')
    .innerJoin('periods as p', 'p.id', 's.period_id')
    .select(['s.id', 's.start_date', 's.end_date'])
    .where('s.school_id', '=', schoolId)
    .where('p.is_current', '=', 1)
    .where('s.start_date', '<=', today)
    .orderBy('s.start_date', 'desc')
    .executeTakeFirst();
  if (!subPeriod) return;
  const lastDay = subPeriod.end_date < today ? subPeriod.end_date : today;
  const span = Math.max(
    0,
    (Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${subPeriod.start_date}T00:00:00Z`)) /
      86_400_000,
  );
  const dayAt = (share: number) =>
    new Date(
      Date.parse(`${subPeriod.start_date}T00:00:00Z`) + Math.floor(span * share) * 86_400_000,
    )
      .toISOString()
      .slice(0, 10);

  for (const lessonId of options.lessons) {
    const category = (name: string, weight: number, sort: number, source: 'task' | null) => ({
      school_id: schoolId,
      lesson_id: lessonId,
      sub_period_id: subPeriod.id,
      name,
      weight,
      source_kind: source,
      sort_order: sort,
      created_at: now,
      updated_at: now,
    });
    const [oral, tests] = await insertReturningIds(db, 'grade_categories', [
      category('Προφορικά', 30, 0, null),
      category('Διαγωνίσματα', 40, 1, null),
      category('Εργασίες', 30, 2, 'task'),
    ]);
    const item = (title: string, kind: 'oral' | 'test', categoryId: number, share: number) => ({
      school_id: schoolId,
      lesson_id: lessonId,
      sub_period_id: subPeriod.id,
      category_id: categoryId,
      kind,
      source_kind: null,
      source_id: null,
      title,
      max_points: 20,
      date: dayAt(share),
      created_at: now,
      updated_at: now,
    });
    const items = await insertReturningIds(db, 'grade_items', [
      item(ORAL[0]!, 'oral', oral!, 0.3),
      item(ORAL[1]!, 'oral', oral!, 0.8),
      item(TESTS[0]!, 'test', tests!, 0.6),
    ]);
    const students = await db
      .selectFrom('lesson_students')
      .select('student_id')
      .where('school_id', '=', schoolId)
      .where('lesson_id', '=', lessonId)
      .orderBy('student_id')
      .execute();
    const entries = students.flatMap(({ student_id }) => {
      // A student's level, with some spread between items; now and then one not graded yet.
      const level = random.int(9, 19);
      return items.flatMap((itemId) => {
        if (random.next() < 0.08) return [];
        const whole = Math.min(20, Math.max(5, level + random.int(-2, 2)));
        const half = whole < 20 && random.next() < 0.3 ? 50 : 0;
        return [
          {
            school_id: schoolId,
            item_id: itemId,
            student_id,
            value_hundredths: whole * 100 + half,
            comment: random.next() < 0.05 ? 'Πολύ καλή προσπάθεια' : null,
            updated_by_user_id: null,
            updated_at: now,
          },
        ];
      });
    });
    await insertReturningIds(db, 'grade_entries', entries);
  }
}

/** The assessment settings a school starts with (the admin settings screen changes them). */
export async function seedAssessmentSettings(db: SeedDb, schoolId: number): Promise<void> {
  const text = (name: string, data: string) => ({ school_id: schoolId, name, data, is_json: 0 });
  await insertReturningIds(db, 'settings', [
    text('grade_scale', '20'),
    text('grade_rounding', 'tenth'),
    text('grades_publish', 'immediately'),
    text('absence_notice_grace_minutes', '10'),
    text('absence_threshold', '8'),
  ]);
}
