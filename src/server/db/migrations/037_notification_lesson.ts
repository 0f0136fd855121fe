import type { Kysely } from 'kysely';
import type { Migration } from './helpers';

// A notification about a lesson's material names the lesson too: a student's quiz screen is
// `lesson/{lesson_id}/quiz/{quiz_id}`, and the notification is all the app has when pressed.
export const notificationLesson: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('lesson_id', 'integer').execute();
  },
};
