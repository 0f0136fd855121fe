import { type Insertable, type Kysely, type Updateable } from 'kysely';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchCondition, type TeachingCaller } from '../lessons/teaching-access';
import { readableTaskBooks } from './policy';
import type { TaskBooksTable } from './tables';

const bookColumns = [
  'b.id',
  'b.lesson_id',
  'l.name as lesson_name',
  'b.title',
  'b.description',
  'b.published',
  'b.published_at',
  'b.updated_at',
] as const;

function readable(db: Kysely<Database>, caller: TeachingCaller) {
  return db
    .selectFrom('task_books as b')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 'b.lesson_id').onRef('l.school_id', '=', 'b.school_id'),
    )
    .where('b.school_id', '=', caller.schoolId)
    .where(readableTaskBooks(caller));
}

export async function listTaskBooks(
  db: Kysely<Database>,
  caller: TeachingCaller,
  options: {
    page: number;
    perPage: number;
    search?: string;
    lessonId?: number;
    /** A parent's view of one child: only the lessons that child attends. */
    studentId?: number;
    sort: 'title' | 'updated_at';
    order: 'asc' | 'desc';
  },
) {
  const base = readable(db, caller)
    .$if(options.lessonId !== undefined, (q) => q.where('b.lesson_id', '=', options.lessonId!))
    .$if(options.studentId !== undefined, (q) =>
      q.where('b.lesson_id', 'in', (eb) =>
        eb
          .selectFrom('lesson_students as ls')
          .select('ls.lesson_id')
          .where('ls.school_id', '=', caller.schoolId)
          .where('ls.student_id', '=', options.studentId!),
      ),
    )
    .$if(Boolean(options.search), (q) =>
      q.where(searchCondition('b.search_text', options.search!)),
    );
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .select(bookColumns)
    .orderBy(`b.${options.sort}`, options.order)
    .orderBy('b.id', options.order)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

export type TaskBookRow = Awaited<ReturnType<typeof listTaskBooks>>['rows'][number];

export async function readableTaskBook(db: Kysely<Database>, caller: TeachingCaller, id: number) {
  return readable(db, caller).select(bookColumns).where('b.id', '=', id).executeTakeFirst();
}

/**
 * The steps of some books in order, with their titles; students and parents only get the
 * published tasks and chapters.
 */
export async function stepsOf(
  db: Kysely<Database>,
  schoolId: number,
  bookIds: number[],
  publishedOnly: boolean,
) {
  if (bookIds.length === 0) return [];
  return db
    .selectFrom('task_book_items as i')
    .leftJoin('tasks as t', (j) =>
      j.onRef('t.id', '=', 'i.task_id').onRef('t.school_id', '=', 'i.school_id'),
    )
    .leftJoin('chapters as c', (j) =>
      j.onRef('c.id', '=', 'i.chapter_id').onRef('c.school_id', '=', 'i.school_id'),
    )
    .select([
      'i.task_book_id',
      'i.position',
      'i.task_id',
      'i.chapter_id',
      't.title as task_title',
      'c.title as chapter_title',
    ])
    .where('i.school_id', '=', schoolId)
    .where('i.task_book_id', 'in', bookIds)
    .$if(publishedOnly, (q) =>
      q.where((eb) => eb.or([eb('t.published', '=', 1), eb('c.published', '=', 1)])),
    )
    .orderBy('i.task_book_id')
    .orderBy('i.position')
    .execute();
}

/** The tasks and chapters of a lesson among some ids (the steps a book may hold). */
export async function stepsInLesson(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  steps: { kind: 'task' | 'chapter'; id: number }[],
) {
  const taskIds = steps.filter((s) => s.kind === 'task').map((s) => s.id);
  const chapterIds = steps.filter((s) => s.kind === 'chapter').map((s) => s.id);
  const tasks = taskIds.length
    ? await db
        .selectFrom('tasks')
        .select('id')
        .where('school_id', '=', schoolId)
        .where('lesson_id', '=', lessonId)
        .where('id', 'in', taskIds)
        .execute()
    : [];
  const chapters = chapterIds.length
    ? await db
        .selectFrom('chapters')
        .select('id')
        .where('school_id', '=', schoolId)
        .where('lesson_id', '=', lessonId)
        .where('id', 'in', chapterIds)
        .execute()
    : [];
  return [
    ...tasks.map((t) => ({ kind: 'task' as const, id: t.id })),
    ...chapters.map((c) => ({ kind: 'chapter' as const, id: c.id })),
  ];
}

export async function insertTaskBook(db: Kysely<Database>, row: Insertable<TaskBooksTable>) {
  return (await db.insertInto('task_books').values(row).returning('id').executeTakeFirstOrThrow())
    .id;
}

export async function updateTaskBook(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: Updateable<TaskBooksTable>,
) {
  await db
    .updateTable('task_books')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTaskBook(db: Kysely<Database>, schoolId: number, id: number) {
  await db
    .deleteFrom('task_books')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function replaceSteps(
  db: Kysely<Database>,
  schoolId: number,
  bookId: number,
  steps: { kind: 'task' | 'chapter'; id: number }[],
) {
  await db
    .deleteFrom('task_book_items')
    .where('school_id', '=', schoolId)
    .where('task_book_id', '=', bookId)
    .execute();
  if (steps.length === 0) return;
  await db
    .insertInto('task_book_items')
    .values(
      steps.map((s, i) => ({
        school_id: schoolId,
        task_book_id: bookId,
        position: i + 1,
        task_id: s.kind === 'task' ? s.id : null,
        chapter_id: s.kind === 'chapter' ? s.id : null,
      })),
    )
    .execute();
}

/** Which tasks a student has handed in and which chapters they have read, among some. */
export async function doneBy(
  db: Kysely<Database>,
  schoolId: number,
  studentId: number,
  taskIds: number[],
  chapterIds: number[],
) {
  const tasks = taskIds.length
    ? await db
        .selectFrom('task_submissions')
        .select('task_id')
        .where('school_id', '=', schoolId)
        .where('student_id', '=', studentId)
        .where('task_id', 'in', taskIds)
        .where('status', 'in', ['submitted', 'graded'])
        .execute()
    : [];
  const chapters = chapterIds.length
    ? await db
        .selectFrom('chapter_reads')
        .select('chapter_id')
        .where('school_id', '=', schoolId)
        .where('student_id', '=', studentId)
        .where('chapter_id', 'in', chapterIds)
        .execute()
    : [];
  return {
    tasks: new Set(tasks.map((t) => t.task_id)),
    chapters: new Set(chapters.map((c) => c.chapter_id)),
  };
}

/** A page of a lesson's students, by name. */
export async function studentsOfLesson(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  page: number,
  perPage: number,
) {
  const base = db
    .selectFrom('lesson_students as ls')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.id', '=', 'ls.student_id').onRef('m.school_id', '=', 'ls.school_id'),
    )
    .where('ls.school_id', '=', schoolId)
    .where('ls.lesson_id', '=', lessonId);
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id as student_id', 'u.first_name', 'u.last_name'])
    .orderBy('m.sort_name')
    .orderBy('m.id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

/** Which of some tasks and chapters each of some students has handed in or read. */
export async function doneByStudents(
  db: Kysely<Database>,
  schoolId: number,
  studentIds: number[],
  taskIds: number[],
  chapterIds: number[],
) {
  if (studentIds.length === 0) return { tasks: [], chapters: [] };
  const tasks = taskIds.length
    ? await db
        .selectFrom('task_submissions')
        .select(['student_id', 'task_id'])
        .where('school_id', '=', schoolId)
        .where('student_id', 'in', studentIds)
        .where('task_id', 'in', taskIds)
        .where('status', 'in', ['submitted', 'graded'])
        .execute()
    : [];
  const chapters = chapterIds.length
    ? await db
        .selectFrom('chapter_reads')
        .select(['student_id', 'chapter_id'])
        .where('school_id', '=', schoolId)
        .where('student_id', 'in', studentIds)
        .where('chapter_id', 'in', chapterIds)
        .execute()
    : [];
  return { tasks, chapters };
}
