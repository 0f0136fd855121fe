import { sql, type Kysely } from 'kysely';
import type { Migration } from './helpers';

// Chat rooms of three kinds: one per lesson (its teachers and students, kept in step with
// enrolment), direct conversations between two people (one room per pair, found again by
// direct_key), and rooms an admin makes. Messages are deleted softly, so that a reconnecting
// client learns which ones went away and the history keeps its place.
export const chat: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('chat_rooms')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('group'))
      .execute();
    await db.schema
      .alterTable('chat_rooms')
      .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('chat_rooms').addColumn('direct_key', 'text').execute();
    await db.schema
      .alterTable('chat_rooms')
      .addColumn('created_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .execute();
    await db.schema
      .createIndex('chat_rooms_school_id_lesson_id')
      .on('chat_rooms')
      .columns(['school_id', 'lesson_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('chat_rooms_school_id_direct_key')
      .on('chat_rooms')
      .columns(['school_id', 'direct_key'])
      .unique()
      .execute();

    await db.schema.alterTable('chat_messages').addColumn('deleted_at', 'text').execute();
    await db.schema
      .alterTable('chat_messages')
      .addColumn('deleted_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .execute();

    // Existing lessons get their rooms now; new ones when they are saved (chat/lesson-rooms.ts).
    const now = new Date().toISOString();
    await sql`INSERT INTO chat_rooms (school_id, name, created_at, kind, lesson_id)
      SELECT l.school_id, l.name, ${now}, 'lesson', l.id FROM lessons l`.execute(db);
    await sql`INSERT INTO chat_room_members (school_id, room_id, user_id, last_read_message_id)
      SELECT DISTINCT r.school_id, r.id, m.user_id, 0
      FROM chat_rooms r
      JOIN (
        SELECT lt.school_id, lt.lesson_id, lt.teacher_id AS membership_id FROM lesson_teachers lt
        UNION
        SELECT ls.school_id, ls.lesson_id, ls.student_id AS membership_id FROM lesson_students ls
      ) e ON e.lesson_id = r.lesson_id AND e.school_id = r.school_id
      JOIN memberships m ON m.id = e.membership_id
      WHERE r.kind = 'lesson'`.execute(db);
  },
};
