import { sql, type Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import type { Migration } from './helpers';

// The files list (GET …/files): a teacher's files are found by lesson, the office's by school,
// both newest first, and searched by name without accents or case.
export const filesList: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('files')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const rows = await sql<{ id: number; name: string }>`SELECT id, name FROM files`.execute(db);
    for (const row of rows.rows)
      await sql`UPDATE files SET search_text = ${searchTextOf([row.name])} WHERE id = ${row.id}`.execute(
        db,
      );
    await db.schema
      .createIndex('files_school_id_lesson_id_created_at')
      .on('files')
      .columns(['school_id', 'lesson_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('files_school_id_created_at')
      .on('files')
      .columns(['school_id', 'created_at'])
      .execute();
  },
};
