import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Accounts, sessions, schools, memberships, settings, categories, periods, permissions,
// audit log, notifications and chat rooms: what the shell needs on its first screen.
export const foundation: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const table = (name: string) => withId(kind, db.schema.createTable(name));

    await table('users')
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('logo', 'text')
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await table('sessions')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('platform', 'text')
      .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();

    await table('password_tokens')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_tokens_user')
      .on('password_tokens')
      .columns(['user_id'])
      .execute();

    await db.schema
      .createTable('white_labels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('host', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('splash', 'text')
      .addColumn('login_img', 'text')
      .addColumn('colors', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();

    await table('schools')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('white_label_id', 'text', (c) =>
        c.references('white_labels.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    const schoolTable = (name: string) =>
      table(name).addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      );

    await schoolTable('memberships')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('memberships_unique', ['school_id', 'user_id', 'role'])
      .execute();
    await db.schema
      .createIndex('memberships_school_role')
      .on('memberships')
      .columns(['school_id', 'role'])
      .execute();
    await db.schema
      .createIndex('memberships_user')
      .on('memberships')
      .columns(['user_id'])
      .execute();

    await schoolTable('settings')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('is_json', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('settings_unique', ['school_id', 'name'])
      .execute();

    await schoolTable('categories')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text')
      .execute();
    await db.schema
      .createIndex('categories_school_type')
      .on('categories')
      .columns(['school_id', 'type', 'name'])
      .execute();

    await schoolTable('periods')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('periods_school_start')
      .on('periods')
      .columns(['school_id', 'start_date'])
      .execute();

    await schoolTable('sub_periods')
      .addColumn('period_id', 'integer', (c) =>
        c.notNull().references('periods.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sub_periods_school_period')
      .on('sub_periods')
      .columns(['school_id', 'period_id'])
      .execute();

    await schoolTable('permission_groups')
      .addColumn('name', 'text', (c) => c.notNull())
      .addUniqueConstraint('permission_groups_unique', ['school_id', 'name'])
      .execute();

    await schoolTable('permission_rules')
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('permission_groups.id').onDelete('cascade'),
      )
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('can_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('can_write', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('permission_rules_unique', ['school_id', 'group_id', 'resource'])
      .execute();

    await schoolTable('permission_group_members')
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('permission_groups.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addUniqueConstraint('permission_group_members_unique', ['school_id', 'group_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('permission_group_members_school_user')
      .on('permission_group_members')
      .columns(['school_id', 'user_id'])
      .execute();

    await table('audit_log')
      .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
      .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('as_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('detail', 'text')
      .addColumn('request_id', 'text')
      .addColumn('ip', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_log_school_created')
      .on('audit_log')
      .columns(['school_id', 'created_at'])
      .execute();

    await schoolTable('notifications')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text')
      .addColumn('entity', 'text')
      .addColumn('entity_id', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text')
      .execute();
    await db.schema
      .createIndex('notifications_school_user')
      .on('notifications')
      .columns(['school_id', 'user_id', 'role', 'created_at'])
      .execute();

    await schoolTable('chat_rooms')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_rooms_school')
      .on('chat_rooms')
      .columns(['school_id', 'name'])
      .execute();

    await schoolTable('chat_room_members')
      .addColumn('room_id', 'integer', (c) =>
        c.notNull().references('chat_rooms.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('last_read_message_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('chat_room_members_unique', ['school_id', 'room_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('chat_room_members_school_user')
      .on('chat_room_members')
      .columns(['school_id', 'user_id'])
      .execute();

    await schoolTable('chat_messages')
      .addColumn('room_id', 'integer', (c) =>
        c.notNull().references('chat_rooms.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_messages_school_room')
      .on('chat_messages')
      .columns(['school_id', 'room_id', 'id'])
      .execute();
  },
};
