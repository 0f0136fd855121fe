import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// SCORM packages of a lesson (stored unpacked, see areas/scorm/storage.ts) and each learner's
// attempts. An attempt keeps the whole CMI data as JSON (what scorm-again hands back on a
// commit and loads again on resume) beside the columns the reports read, derived from it on
// the server: status, score, times, suspend data and location (docs/scorm.md).
export const scorm: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const decimal = kind === 'postgres' ? 'double precision' : 'real';
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

    await schoolTable('scorm_packages')
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      // '1.2' or '2004'.
      .addColumn('version', 'text', (c) => c.notNull())
      // The launch file inside the package, with its query if the manifest gives one.
      .addColumn('launch_path', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('file_count', 'integer', (c) => c.notNull())
      .addColumn('unpacked_bytes', 'integer', (c) => c.notNull())
      // The gradebook item its best score goes to, when the teacher counts it.
      .addColumn('grade_item_id', 'integer', (c) =>
        c.references('grade_items.id').onDelete('set null'),
      )
      .addColumn('uploaded_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('scorm_packages', ['school_id', 'lesson_id', 'created_at']);

    await schoolTable('scorm_attempts')
      .addColumn('package_id', 'integer', (c) =>
        c.notNull().references('scorm_packages.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('cmi_json', 'text', (c) => c.notNull())
      // not_attempted, incomplete, completed, passed or failed (shared/scorm/status.ts).
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('completion_status', 'text')
      .addColumn('success_status', 'text')
      .addColumn('score_raw', decimal)
      .addColumn('score_min', decimal)
      .addColumn('score_max', decimal)
      .addColumn('score_scaled', decimal)
      // Seconds of the sessions before this one, and of this one (its session_time).
      .addColumn('prior_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('session_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('suspend_data', 'text')
      .addColumn('location', 'text')
      .addColumn('exit', 'text')
      .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('commits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('scorm_attempts', ['school_id', 'package_id', 'student_id', 'number'], true);
    await index('scorm_attempts', ['school_id', 'student_id']);
  },
};
