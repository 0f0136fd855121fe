import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Live sessions (docs/live-sessions.md): a lesson's video session or a staff meeting, who was
// in it when (one row per join, closed by the leave), and the recordings the meeting reported.
// Every table is school-owned: school_id first in each index.
export const liveSessions: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const schoolTable = (name: string) =>
      withId(kind, db.schema.createTable(name)).addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      );
    const index = (table: string, columns: string[], unique = false) => {
      const builder = db.schema
        .createIndex(`${table}_${columns.join('_')}`)
        .on(table)
        .columns(columns);
      return (unique ? builder.unique() : builder).execute();
    };

    await schoolTable('live_sessions')
      // Null: a staff meeting of the school's teachers and office.
      .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      // Random and unguessable: only those who may join ever learn it.
      .addColumn('room_name', 'text', (c) => c.notNull())
      .addColumn('scheduled_start', 'text', (c) => c.notNull())
      .addColumn('scheduled_end', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('recording_state', 'text', (c) => c.notNull().defaultTo('off'))
      .addColumn('host_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('live_sessions', ['room_name'], true);
    await index('live_sessions', ['school_id', 'scheduled_start']);
    await index('live_sessions', ['school_id', 'lesson_id', 'scheduled_start']);

    // One stay in the meeting: opened by the app's "joined", closed by its "left".
    await schoolTable('live_session_presence')
      .addColumn('session_id', 'integer', (c) =>
        c.notNull().references('live_sessions.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('membership_id', 'integer', (c) =>
        c.references('memberships.id').onDelete('set null'),
      )
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addColumn('left_at', 'text')
      .execute();
    await index('live_session_presence', ['school_id', 'session_id', 'joined_at']);
    await index('live_session_presence', ['school_id', 'session_id', 'user_id']);

    await schoolTable('live_session_recordings')
      .addColumn('session_id', 'integer', (c) =>
        c.notNull().references('live_sessions.id').onDelete('cascade'),
      )
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('live_session_recordings', ['school_id', 'session_id', 'created_at']);
  },
};
