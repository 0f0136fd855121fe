import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LessonsTable } from './tables';

// SQL of lesson templates' material and of lessons made from them.

/** A template of the school with its course's name, or undefined. */
export async function templateInSchool(db: Kysely<Database>, schoolId: number, id: number) {
  return db
    .selectFrom('lesson_templates as lt')
    .leftJoin('courses as co', (join) =>
      join.onRef('co.id', '=', 'lt.course_id').onRef('co.school_id', '=', 'lt.school_id'),
    )
    .select([
      'lt.id',
      'lt.name',
      'lt.course_id',
      'lt.duration_minutes',
      'lt.description',
      'co.name as course_name',
    ])
    .where('lt.school_id', '=', schoolId)
    .where('lt.id', '=', id)
    .executeTakeFirst();
}

/** A template's chapters and tasks, in their order. */
export async function templateContents(db: Kysely<Database>, schoolId: number, id: number) {
  const chapters = await db
    .selectFrom('lesson_template_chapters')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('template_id', '=', id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const tasks = await db
    .selectFrom('lesson_template_tasks')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('template_id', '=', id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return { chapters, tasks };
}

/** Whether a record of a structure table is the school's (a reference in a request body). */
export async function isSchoolRecord(
  db: Kysely<Database>,
  table: 'periods' | 'levels',
  schoolId: number,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The school's current period, if it has one. */
export async function currentPeriodId(
  db: Kysely<Database>,
  schoolId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('periods')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('is_current', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertLesson(db: Kysely<Database>, row: Insertable<LessonsTable>) {
  return (await db.insertInto('lessons').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Whether the school already has a template of this name (names are unique per school). */
export async function templateNameTaken(db: Kysely<Database>, schoolId: number, name: string) {
  const row = await db
    .selectFrom('lesson_templates')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

/** A lesson's chapters (in order) and tasks (by opening), drafts included. */
export async function lessonMaterial(db: Kysely<Database>, schoolId: number, lessonId: number) {
  const chapters = await db
    .selectFrom('chapters')
    .select(['title', 'content', 'content_text'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const tasks = await db
    .selectFrom('tasks')
    .select([
      'title',
      'description',
      'description_text',
      'points',
      'accept_late',
      'open_at',
      'due_at',
    ])
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .orderBy('open_at')
    .orderBy('id')
    .execute();
  return { chapters, tasks };
}
