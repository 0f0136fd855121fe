import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// How notifications reach people outside the open app: each account's choice per kind
// (in the app, by e-mail, by push) and its devices' Web Push subscriptions. Both belong to the
// account, not to a school, like its language.
export const notificationDelivery: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    // A missing row means the defaults (shared/notifications/preferences.ts).
    await withId(kind, db.schema.createTable('notification_preferences'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('in_app', 'integer', (c) => c.notNull())
      .addColumn('email', 'integer', (c) => c.notNull())
      .addColumn('push', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('notification_preferences_user_kind', ['user_id', 'kind'])
      .execute();

    // One row per device: the push service's endpoint names the browser profile, so it is
    // unique, and moves to whoever subscribes on that device last. The session it was made
    // in ends it: logging out (or the session's revocation) removes the device.
    await withId(kind, db.schema.createTable('push_subscriptions'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('session_id', 'integer', (c) =>
        c.notNull().references('sessions.id').onDelete('cascade'),
      )
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user_id')
      .on('push_subscriptions')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('push_subscriptions_session_id')
      .on('push_subscriptions')
      .column('session_id')
      .execute();
  },
};
