import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../../db/schema';

/** A published task book per seeded lesson: its chapters and tasks in study order. */
export async function seedTaskBooks(
  db: Kysely<Database>,
  input: {
    schoolId: number;
    chapters: Map<number, number[]>;
    tasks: Map<number, number[]>;
    authorUserId: number;
    now: Date;
  },
): Promise<void> {
  const nowIso = input.now.toISOString();
  const lessons = [...input.tasks.keys()].filter((l) => input.chapters.has(l));
  if (lessons.length === 0) return;
  const title = 'Ενότητα 1: βασικές έννοιες';
  const books = await db
    .insertInto('task_books')
    .values(
      lessons.map((lessonId) => ({
        school_id: input.schoolId,
        lesson_id: lessonId,
        title,
        description: 'Διάβασε τα κεφάλαια με τη σειρά και παράδωσε τις εργασίες.',
        search_text: searchTextOf([title]),
        published: 1,
        published_at: nowIso,
        author_user_id: input.authorUserId,
        created_at: nowIso,
        updated_at: nowIso,
      })),
    )
    .returning(['id', 'lesson_id'])
    .execute();
  const items = books.flatMap((book) => {
    const [c1, c2] = input.chapters.get(book.lesson_id) ?? [];
    const [t1, t2, t3] = input.tasks.get(book.lesson_id) ?? [];
    const steps: [number | undefined, 'chapter' | 'task'][] = [
      [c1, 'chapter'],
      [t1, 'task'],
      [c2, 'chapter'],
      [t2, 'task'],
      [t3, 'task'],
    ];
    return steps
      .filter(([id]) => id !== undefined)
      .map(([id, kind], position) => ({
        school_id: input.schoolId,
        task_book_id: book.id,
        position: position + 1,
        task_id: kind === 'task' ? id! : null,
        chapter_id: kind === 'chapter' ? id! : null,
      }));
  });
  if (items.length) await db.insertInto('task_book_items').values(items).execute();
}
