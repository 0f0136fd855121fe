import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Who may change whose account. Full rights become explicit: an admin membership holds them
// only with full_access = 1 (an admin in no permission group used to have everything, so that
// deleting a group turned its members into full admins). Today's full admins (admins in no
// group) keep them; admins in a group stay limited to it.
//
// An existing account joins another school only when its holder accepts: until then the
// school's record points at an account of its own (no e-mail, the typed names), with the
// address it invited in users.pending_email and a pending invitation.
export const accountAuthority: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await db.schema
      .alterTable('memberships')
      .addColumn('full_access', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update memberships set full_access = 1
      where role = 'admin' and not exists (
        select 1 from permission_group_members g
        where g.school_id = memberships.school_id and g.user_id = memberships.user_id)`.execute(db);
    await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();

    await withId(kind, db.schema.createTable('school_invitations'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      // The school's stand-in account whose memberships move to the holder on acceptance.
      .addColumn('placeholder_user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('invited_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('school_invitations_school_created')
      .on('school_invitations')
      .columns(['school_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('school_invitations_placeholder')
      .on('school_invitations')
      .columns(['placeholder_user_id'])
      .execute();
  },
};
