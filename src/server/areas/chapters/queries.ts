import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchCondition, type TeachingCaller } from '../lessons/teaching-access';
import { readableChapters } from './policy';
import type { ChaptersTable } from './tables';

export interface ChapterListOptions {
  page: number;
  perPage: number;
  search?: string;
  lessonId?: number;
  sort: 'sort_order' | 'title' | 'updated_at';
  order: 'asc' | 'desc';
}

const chapterColumns = [
  'c.id',
  'c.lesson_id',
  'l.name as lesson_name',
  'c.title',
  'c.content_text',
  'c.published',
  'c.published_at',
  'c.sort_order',
  'c.created_at',
  'c.updated_at',
] as const;

function readable(db: Kysely<Database>, caller: TeachingCaller) {
  return db
    .selectFrom('chapters as c')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'c.lesson_id').onRef('l.school_id', '=', 'c.school_id'),
    )
    .where('c.school_id', '=', caller.schoolId)
    .where(readableChapters(caller));
}

/** A page of the chapters the caller may read; the order is stated, ids break ties. */
export async function listChapters(
  db: Kysely<Database>,
  caller: TeachingCaller,
  options: ChapterListOptions,
) {
  const base = readable(db, caller)
    .$if(options.lessonId !== undefined, (q) => q.where('c.lesson_id', '=', options.lessonId!))
    .$if(Boolean(options.search), (q) =>
      q.where(searchCondition('c.search_text', options.search!)),
    );
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  let query = base.select(chapterColumns);
  // Chapters are read in their lesson's order: by lesson, then position.
  if (options.sort === 'sort_order') query = query.orderBy('c.lesson_id', options.order);
  const rows = await query
    .orderBy(`c.${options.sort}`, options.order)
    .orderBy('c.id', options.order)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

export async function readableChapter(db: Kysely<Database>, caller: TeachingCaller, id: number) {
  return readable(db, caller)
    .select([...chapterColumns, 'c.content'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** Which of these chapters a student has read. */
export async function readChapterIds(
  db: Kysely<Database>,
  schoolId: number,
  studentId: number,
  chapterIds: number[],
): Promise<Set<number>> {
  if (chapterIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('chapter_reads')
    .select('chapter_id')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('chapter_id', 'in', chapterIds)
    .execute();
  return new Set(rows.map((r) => r.chapter_id));
}

export async function insertChapter(db: Kysely<Database>, row: Insertable<ChaptersTable>) {
  return (await db.insertInto('chapters').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateChapter(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
  values: Updateable<ChaptersTable>,
) {
  await db
    .updateTable('chapters')
    .set(values)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** The next position at the end of a lesson's chapters. */
export async function nextSortOrder(db: Kysely<Database>, schoolId: number, lessonId: number) {
  const row = await db
    .selectFrom('chapters')
    .select(sql<number>`coalesce(max(sort_order), 0)`.as('last'))
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function deleteChapter(db: Kysely<Database>, schoolId: number, id: number) {
  await db.deleteFrom('chapters').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** Records a read once; reading again keeps the first instant. */
export async function markChapterRead(
  db: Kysely<Database>,
  schoolId: number,
  chapterId: number,
  studentId: number,
  nowIso: string,
) {
  await db
    .insertInto('chapter_reads')
    .values({ school_id: schoolId, chapter_id: chapterId, student_id: studentId, read_at: nowIso })
    .onConflict((c) => c.columns(['school_id', 'chapter_id', 'student_id']).doNothing())
    .execute();
}
