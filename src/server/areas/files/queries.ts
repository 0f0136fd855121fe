import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { FileEntity } from '../../../shared/api/files';
import { searchTextOf } from '../../../shared/search';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { searchCondition, type TeachingCaller } from '../lessons/teaching-access';
import { listedFiles } from './policy';
import type { FilesTable } from './tables';

export type FileRow = Selectable<FilesTable>;

export async function insertFile(
  db: Kysely<Database>,
  row: Insertable<FilesTable>,
): Promise<FileRow> {
  return db
    .insertInto('files')
    .values({ ...row, search_text: row.search_text ?? searchTextOf([row.name]) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface FileListOptions {
  page: number;
  perPage: number;
  type?: FileEntity;
  entityId?: number;
  lessonId?: number;
  search?: string;
  sort: 'created_at' | 'name' | 'size';
  order: 'asc' | 'desc';
}

/** A page of the files the caller may see, with what each is attached to. */
export async function listFiles(
  db: Kysely<Database>,
  caller: TeachingCaller,
  options: FileListOptions,
) {
  const base = db
    .selectFrom('files as f')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'f.lesson_id').onRef('l.school_id', '=', 'f.school_id'),
    )
    .leftJoin('chapters as c', (join) =>
      join
        .on('f.entity', '=', 'chapter')
        .onRef('c.id', '=', 'f.entity_id')
        .onRef('c.school_id', '=', 'f.school_id'),
    )
    .leftJoin('tasks as t', (join) =>
      join
        .on('f.entity', '=', 'task')
        .onRef('t.id', '=', 'f.entity_id')
        .onRef('t.school_id', '=', 'f.school_id'),
    )
    .leftJoin('task_submissions as s', (join) =>
      join
        .on('f.entity', '=', 'submission')
        .onRef('s.id', '=', 'f.entity_id')
        .onRef('s.school_id', '=', 'f.school_id'),
    )
    .leftJoin('tasks as st', (join) =>
      join.onRef('st.id', '=', 's.task_id').onRef('st.school_id', '=', 's.school_id'),
    )
    .where('f.school_id', '=', caller.schoolId)
    .where(listedFiles(caller))
    .$if(options.type !== undefined, (q) => q.where('f.entity', '=', options.type!))
    .$if(options.entityId !== undefined, (q) =>
      // A submission's files are asked for by their task, as they are uploaded.
      q.where(
        sql<boolean>`(case when f.entity = 'submission' then s.task_id else f.entity_id end) = ${options.entityId!}`,
      ),
    )
    .$if(options.lessonId !== undefined, (q) => q.where('f.lesson_id', '=', options.lessonId!))
    .$if(Boolean(options.search), (q) =>
      q.where(searchCondition('f.search_text', options.search!)),
    );
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.id', '=', 's.student_id').onRef('m.school_id', '=', 's.school_id'),
    )
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('f')
    .select([
      'l.name as lesson_name',
      sql<string>`coalesce(c.title, t.title, st.title, '')`.as('entity_title'),
      's.task_id as task_id',
      's.student_id as student_id',
      's.status as submission_status',
      'st.open_at as task_open_at',
      'st.due_at as task_due_at',
      'st.accept_late as task_accept_late',
      'u.first_name as student_first_name',
      'u.last_name as student_last_name',
    ])
    .orderBy(`f.${options.sort}`, options.order)
    .orderBy('f.id', options.order)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { rows, totalCount: countOf(total as { count: number }) };
}

/** The files of some records of one kind, oldest first. */
export async function filesOf(
  db: Kysely<Database>,
  schoolId: number,
  entity: string,
  entityIds: number[],
): Promise<FileRow[]> {
  if (entityIds.length === 0) return [];
  return db
    .selectFrom('files')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('entity', '=', entity)
    .where('entity_id', 'in', [...new Set(entityIds)])
    .orderBy('entity_id')
    .orderBy('id')
    .execute();
}

export async function fileById(db: Kysely<Database>, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function fileInSchool(
  db: Kysely<Database>,
  schoolId: number,
  id: number,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes rows; returns the storage keys whose bytes are to go. */
/** Which file rows go: some by id, an entity's, or every file of a lesson. */
export type FileRowsToDelete =
  { entity: string; entityIds: number[] } | { ids: number[] } | { lessonId: number };

export async function deleteFileRows(
  db: Kysely<Database>,
  schoolId: number,
  where: FileRowsToDelete,
): Promise<string[]> {
  let query = db.deleteFrom('files').where('school_id', '=', schoolId);
  if ('lessonId' in where) {
    query = query.where('lesson_id', '=', where.lessonId);
  } else if ('ids' in where) {
    if (where.ids.length === 0) return [];
    query = query.where('id', 'in', where.ids);
  } else {
    if (where.entityIds.length === 0) return [];
    query = query.where('entity', '=', where.entity).where('entity_id', 'in', where.entityIds);
  }
  const rows = await query.returning('storage_key').execute();
  return rows.map((r) => r.storage_key);
}
