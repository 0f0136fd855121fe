import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Background exports of reports: who asked, for which report and filters, how far the job
// is, and the finished file. The file lives in the row (base64 text, the same on both
// databases) so that every API node can hand it out; old exports are removed after a day.
export const reportExports: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('report_exports'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('report_id', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('filters', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('row_count', 'integer')
      .addColumn('file_name', 'text')
      .addColumn('content_type', 'text')
      .addColumn('content_base64', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('report_exports_school_id_user_id_id')
      .on('report_exports')
      .columns(['school_id', 'user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('report_exports_school_id_created_at')
      .on('report_exports')
      .columns(['school_id', 'created_at'])
      .execute();
  },
};
