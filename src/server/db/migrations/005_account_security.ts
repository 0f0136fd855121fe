import { sql, type Kysely } from 'kysely';
import type { Migration } from './helpers';

// Password links bound to the address they went to and voidable; rate limits in the database
// for servers without Redis (see docs/security.md, "Sign-in and password links").
export const accountSecurity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('password_tokens').addColumn('email', 'text').execute();
    await db.schema.alterTable('password_tokens').addColumn('voided_at', 'text').execute();
    // Links sent before now carry no address to check against: void them (reset links lived
    // an hour anyway; an invitation can be sent again).
    await sql`UPDATE password_tokens SET voided_at = ${new Date().toISOString()}
      WHERE used_at IS NULL`.execute(db);

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('rate_limits_reset_at')
      .on('rate_limits')
      .column('reset_at')
      .execute();
  },
};
