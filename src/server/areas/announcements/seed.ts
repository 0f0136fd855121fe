import { searchTextOf } from '../../../shared/search';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';

/** A few announcements of the last days, one of them to a lesson. */
export async function seedAnnouncements(
  db: SeedDb,
  school: number,
  authorUserId: number,
  lessonId: number,
  nowIso: string,
): Promise<void> {
  const base = Date.parse(nowIso);
  const rows = [
    [
      'School closed on Friday',
      'The school is closed on Friday for the national holiday. Lessons resume on Monday.',
      'all',
      null,
      30,
    ],
    [
      'Term 1 exams timetable',
      'The Term 1 exams start on 14 December. The timetable is on the notice board.',
      'students',
      null,
      50,
    ],
    [
      'Parents’ evening',
      'Parents’ evening is on Thursday at 19:00 in the main building.',
      'clients',
      null,
      70,
    ],
    [
      'Bring your calculators',
      'Tomorrow we work on trigonometry: bring your calculators.',
      'lesson',
      lessonId,
      5,
    ],
  ] as const;
  await insertReturningIds(
    db,
    'announcements',
    rows.map(([title, body, audience, lesson, hoursAgo]) => ({
      school_id: school,
      title,
      body,
      audience,
      lesson_id: lesson,
      category_id: null,
      author_user_id: authorUserId,
      created_at: new Date(base - hoursAgo * 3_600_000).toISOString(),
      search_text: searchTextOf([title]),
    })),
  );
}
