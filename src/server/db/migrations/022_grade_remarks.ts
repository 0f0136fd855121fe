import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// The teacher's remark on one student's sub-period in a lesson (the report card's comment),
// beside the per-item comments of grade_entries. One row per student, lesson and sub-period.
export const gradeRemarks: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    await withId(kind, db.schema.createTable('grade_remarks'))
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('sub_period_id', 'integer', (c) =>
        c.notNull().references('sub_periods.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('updated_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grade_remarks_school_id_lesson_id_sub_period_id_student_id')
      .on('grade_remarks')
      .columns(['school_id', 'lesson_id', 'sub_period_id', 'student_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('grade_remarks_school_id_student_id')
      .on('grade_remarks')
      .columns(['school_id', 'student_id'])
      .execute();
  },
};
