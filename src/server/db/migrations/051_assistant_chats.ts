import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// The assistant's chat sessions (one user's, in one school and role) and their messages.
export const assistantChats: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('assistant_sessions'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_sessions_school_id_key')
      .on('assistant_sessions')
      .columns(['school_id', 'key'])
      .unique()
      .execute();

    await withId(kind, db.schema.createTable('assistant_messages'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('session_id', 'integer', (c) =>
        c.notNull().references('assistant_sessions.id').onDelete('cascade'),
      )
      .addColumn('by_user', 'integer', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('sources', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_messages_school_id_session_id_id')
      .on('assistant_messages')
      .columns(['school_id', 'session_id', 'id'])
      .execute();
  },
};
