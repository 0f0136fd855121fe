import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Durable background jobs (the transactional outbox) and the stored answers of requests
// sent with an Idempotency-Key. See docs/architecture.md, "Jobs" and "Idempotency".
export const jobs: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('jobs'))
      .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('key', 'text')
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addCheckConstraint(
        'jobs_status_known',
        sql`status in ('pending', 'running', 'failed', 'done')`,
      )
      .execute();
    // The runners' poll: due pending jobs, and running ones (few) whose lease ran out.
    await db.schema
      .createIndex('jobs_status_run_at')
      .on('jobs')
      .columns(['status', 'run_at'])
      .execute();
    // The admin list, newest first, with or without a status filter.
    await db.schema
      .createIndex('jobs_school_status_id')
      .on('jobs')
      .columns(['school_id', 'status', 'id'])
      .execute();
    await db.schema.createIndex('jobs_school_id').on('jobs').columns(['school_id', 'id']).execute();
    // One not-yet-started job per dedupe key. A started one (running, or pending again for a
    // retry) may have read the old state already, so a new one may wait beside it.
    await db.schema
      .createIndex('jobs_pending_key')
      .on('jobs')
      .columns(['kind', 'key'])
      .unique()
      .where(sql.ref('status'), '=', sql.lit('pending'))
      .where(sql.ref('attempts'), '=', sql.lit(0))
      .where(sql.ref('key'), 'is not', null)
      .execute();

    await withId(kind, db.schema.createTable('idempotency_keys'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('idempotency_keys_unique', ['user_id', 'route', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_expires_at')
      .on('idempotency_keys')
      .columns(['expires_at'])
      .execute();
  },
};
