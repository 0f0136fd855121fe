import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import type { Migration } from './helpers';

// Chat attachments: a file may belong to a chat room instead of a lesson (direct and group
// rooms have none). `files.lesson_id` becomes optional and `chat_room_id` names the room; one
// of the two is always set. PostgreSQL changes the column in place; SQLite cannot drop NOT NULL,
// so its table is rebuilt (nothing refers to `files`, so dropping the old one frees no row
// elsewhere) with the same columns, indexes and foreign keys.
export const chatAttachments: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    if (kind === 'postgres') {
      await sql`ALTER TABLE files ALTER COLUMN lesson_id DROP NOT NULL`.execute(db);
      await db.schema
        .alterTable('files')
        .addColumn('chat_room_id', 'integer', (c) =>
          c.references('chat_rooms.id').onDelete('cascade'),
        )
        .execute();
      await sql`ALTER TABLE files ADD CONSTRAINT files_lesson_or_chat_room
        CHECK (lesson_id IS NOT NULL OR chat_room_id IS NOT NULL)`.execute(db);
    } else {
      await sql`CREATE TABLE files_rebuilt (
        id integer PRIMARY KEY AUTOINCREMENT,
        school_id integer NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        lesson_id integer REFERENCES lessons (id) ON DELETE CASCADE,
        entity text NOT NULL,
        entity_id integer NOT NULL,
        storage_key text NOT NULL UNIQUE,
        name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        uploaded_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
        created_at text NOT NULL,
        search_text text NOT NULL DEFAULT '',
        chat_room_id integer REFERENCES chat_rooms (id) ON DELETE CASCADE,
        CONSTRAINT files_lesson_or_chat_room CHECK (lesson_id IS NOT NULL OR chat_room_id IS NOT NULL)
      )`.execute(db);
      await sql`INSERT INTO files_rebuilt (id, school_id, lesson_id, entity, entity_id, storage_key,
          name, content_type, size, uploaded_by_user_id, created_at, search_text)
        SELECT id, school_id, lesson_id, entity, entity_id, storage_key,
          name, content_type, size, uploaded_by_user_id, created_at, search_text
        FROM files`.execute(db);
      await sql`DROP TABLE files`.execute(db);
      await sql`ALTER TABLE files_rebuilt RENAME TO files`.execute(db);
      // The indexes went with the old table: the same ones again (migrations 010 and 012).
      await db.schema
        .createIndex('files_school_id_entity_entity_id')
        .on('files')
        .columns(['school_id', 'entity', 'entity_id'])
        .execute();
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
    }
    // A room's files: the unsent ones of its writer, and those a room's deletion takes along.
    await db.schema
      .createIndex('files_school_id_chat_room_id')
      .on('files')
      .columns(['school_id', 'chat_room_id', 'uploaded_by_user_id'])
      .execute();
    // The hourly sweep of files attached in a chat room and never sent, across schools.
    await db.schema
      .createIndex('files_entity_created_at')
      .on('files')
      .columns(['entity', 'created_at'])
      .execute();
  },
};
