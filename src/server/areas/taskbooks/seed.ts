import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../../db/schema';

type Step = [number | undefined, 'chapter' | 'task'];

// The demo's task books: per seeded lesson a published unit of its chapters and first tasks;
// for the first lesson also a revision unit of the tasks due today, tomorrow and later, and a
// draft. Students' progress comes from the seeded hand-ins and from chapter reads
// made here (every other student has read the first chapter, every fourth both).

const BOOKS: {
  title: string;
  description: string;
  published: boolean;
  /** Only for the first lesson. */
  firstOnly?: boolean;
  steps: (chapters: number[], tasks: number[]) => Step[];
}[] = [
  {
    title: 'Ενότητα 1: βασικές έννοιες',
    description: 'Διάβασε τα κεφάλαια με τη σειρά και παράδωσε τις εργασίες.',
    published: true,
    steps: ([c1, c2], [t1, t2, t3]) => [
      [c1, 'chapter'],
      [t1, 'task'],
      [c2, 'chapter'],
      [t2, 'task'],
      [t3, 'task'],
    ],
  },
  {
    title: 'Ενότητα 2: εμπέδωση και επανάληψη',
    description:
      'Το φύλλο εργασίας σήμερα, οι ερωτήσεις αύριο, η επανάληψη ως το τέλος του τριμήνου.',
    published: true,
    firstOnly: true,
    steps: (_chapters, tasks) => [
      [tasks[4], 'task'],
      [tasks[5], 'task'],
      [tasks[6], 'task'],
    ],
  },
  {
    title: 'Ενότητα 3: προετοιμασία διαγωνίσματος (πρόχειρο)',
    description: 'Σε προετοιμασία: η επανάληψη και το project του τριμήνου.',
    published: false,
    firstOnly: true,
    steps: ([, , c3], tasks) => [
      [c3, 'chapter'],
      [tasks[2], 'task'],
      [tasks[3], 'task'],
    ],
  },
];

/** The demo task books of the seeded lessons, with some chapters read by their students. */
export async function seedTaskBooks(
  db: Kysely<Database>,
  input: {
    schoolId: number;
    chapters: Map<number, number[]>;
    tasks: Map<number, number[]>;
    authorUserId: number;
    now: Date;
    demoStudent?: number;
  },
): Promise<void> {
  const nowIso = input.now.toISOString();
  const at = (days: number) => new Date(input.now.getTime() + days * 86_400_000).toISOString();
  const lessons = [...input.tasks.keys()].filter((l) => input.chapters.has(l));
  if (lessons.length === 0) return;
  const planned = lessons.flatMap((lessonId, l) =>
    BOOKS.filter((book) => !book.firstOnly || l === 0).map((book) => ({ lessonId, book })),
  );
  const inserted = await db
    .insertInto('task_books')
    .values(
      planned.map(({ lessonId, book }) => ({
        school_id: input.schoolId,
        lesson_id: lessonId,
        title: book.title,
        description: book.description,
        search_text: searchTextOf([book.title, book.description]),
        published: book.published ? 1 : 0,
        published_at: book.published ? at(-10) : null,
        author_user_id: input.authorUserId,
        created_at: at(-11),
        updated_at: book.published ? at(-10) : nowIso,
      })),
    )
    .returning('id')
    .execute();
  const items = inserted.flatMap(({ id }, b) => {
    const { lessonId, book } = planned[b]!;
    return book
      .steps(input.chapters.get(lessonId) ?? [], input.tasks.get(lessonId) ?? [])
      .filter(([stepId]) => stepId !== undefined)
      .map(([stepId, kind], position) => ({
        school_id: input.schoolId,
        task_book_id: id,
        position: position + 1,
        task_id: kind === 'task' ? stepId! : null,
        chapter_id: kind === 'chapter' ? stepId! : null,
      }));
  });
  if (items.length) await db.insertInto('task_book_items').values(items).execute();

  const enrolments = await db
    .selectFrom('lesson_students')
    .select(['lesson_id', 'student_id'])
    .where('school_id', '=', input.schoolId)
    .where('lesson_id', 'in', lessons)
    .orderBy('lesson_id')
    .orderBy('student_id')
    .execute();
  // The demo student has read the first chapter of each lesson and not the second, so the
  // study guide shows one done and one still to read.
  const reads = enrolments.flatMap(({ lesson_id, student_id }, s) => {
    const [c1, c2] = input.chapters.get(lesson_id) ?? [];
    const count = student_id === input.demoStudent ? 1 : s % 4 === 0 ? 2 : s % 2;
    return [c1, c2].slice(0, count).flatMap((chapterId, i) =>
      chapterId === undefined
        ? []
        : [
            {
              school_id: input.schoolId,
              chapter_id: chapterId,
              student_id,
              read_at: at(-9 + i * 3),
            },
          ],
    );
  });
  for (let i = 0; i < reads.length; i += 400)
    await db
      .insertInto('chapter_reads')
      .values(reads.slice(i, i + 400))
      .execute();
}
