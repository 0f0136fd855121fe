import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
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
