import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Report cards of a whole level, drawn in the background: who asked, for which sub-period
// and level, how far the job is, and the finished PDF (base64 in the row, as the reports'
// exports keep theirs, so that any API node hands it out); removed after a day.
export const reportCardBatches: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('report_card_batches'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('sub_period_id', 'integer', (c) =>
        c.notNull().references('sub_periods.id').onDelete('cascade'),
      )
      .addColumn('level_id', 'integer', (c) =>
        c.notNull().references('levels.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('student_count', 'integer')
      .addColumn('file_name', 'text')
      .addColumn('content_base64', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('report_card_batches_school_id_user_id_id')
      .on('report_card_batches')
      .columns(['school_id', 'user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('report_card_batches_school_id_created_at')
      .on('report_card_batches')
      .columns(['school_id', 'created_at'])
      .execute();
  },
};
