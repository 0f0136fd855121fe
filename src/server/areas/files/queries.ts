import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileListScope } from './policy';
import type { FilesTable } from './tables';

export type FileRow = Selectable<FilesTable>;

export async function insertFile(
  db: Kysely<Database>,
  row: Insertable<FilesTable>,
): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
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
export async function deleteFileRows(
  db: Kysely<Database>,
  schoolId: number,
  where: { entity: string; entityIds: number[] } | { ids: number[] },
): Promise<string[]> {
  let query = db.deleteFrom('files').where('school_id', '=', schoolId);
  if ('ids' in where) {
    if (where.ids.length === 0) return [];
    query = query.where('id', 'in', where.ids);
  } else {
    if (where.entityIds.length === 0) return [];
    query = query.where('entity', '=', where.entity).where('entity_id', 'in', where.entityIds);
  }
  const rows = await query.returning('storage_key').execute();
  return rows.map((r) => r.storage_key);
}

/** One page of the files a list scope allows, newest first, with their record's title. */
export async function listFiles(
  db: Kysely<Database>,
  schoolId: number,
  scope: FileListScope,
  page: { page: number; perPage: number },
): Promise<{ rows: (FileRow & { entity_title: string })[]; totalCount: number }> {
  let base = db
    .selectFrom('files as f')
    .leftJoin('chapters as c', (join) =>
      join
        .onRef('c.id', '=', 'f.entity_id')
        .onRef('c.school_id', '=', 'f.school_id')
        .on('f.entity', '=', 'chapter'),
    )
    .leftJoin('tasks as t', (join) =>
      join
        .onRef('t.id', '=', 'f.entity_id')
        .onRef('t.school_id', '=', 'f.school_id')
        .on('f.entity', '=', 'task'),
    )
    .where('f.school_id', '=', schoolId)
    .where('f.entity', 'in', ['chapter', 'task'])
    .where(scope.readable);
  if (scope.lessonId !== undefined) base = base.where('f.lesson_id', '=', scope.lessonId);
  if (scope.entity !== undefined)
    base = base.where('f.entity', '=', scope.entity).where('f.entity_id', '=', scope.entityId!);
  const total = await base.select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  const rows = await base
    .selectAll('f')
    .select(sql<string>`coalesce(c.title, t.title, '')`.as('entity_title'))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return { rows, totalCount: Number(total?.count ?? 0) };
}
