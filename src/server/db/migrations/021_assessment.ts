import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Assessment: the gradebook (categories with weights, grade items, students' entries, the
// closing of a sub-period) and attendance (one row per student, lesson and day; the day's
// notice to the family). Every table is school-owned: school_id first in each index.
export const assessment: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
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

    // A lesson's categories in one sub-period; `source_kind` makes it collect the items another
    // area provides by itself (tasks, later quizzes).
    await schoolTable('grade_categories')
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('sub_period_id', 'integer', (c) =>
        c.notNull().references('sub_periods.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('source_kind', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('grade_categories', ['school_id', 'lesson_id', 'sub_period_id', 'sort_order']);

    // Items the teacher adds (oral, test, exam) and items another area adds for its records
    // (source_kind + source_id, e.g. a quiz); task items are read from the tasks themselves.
    await schoolTable('grade_items')
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('sub_period_id', 'integer', (c) =>
        c.notNull().references('sub_periods.id').onDelete('cascade'),
      )
      .addColumn('category_id', 'integer', (c) =>
        c.references('grade_categories.id').onDelete('set null'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('source_kind', 'text')
      .addColumn('source_id', 'integer')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('max_points', 'integer', (c) => c.notNull())
      .addColumn('date', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('grade_items', ['school_id', 'lesson_id', 'sub_period_id', 'date']);
    await index('grade_items', ['school_id', 'source_kind', 'source_id']);

    // A student's value on an item, in hundredths of the item's points.
    await schoolTable('grade_entries')
      .addColumn('item_id', 'integer', (c) =>
        c.notNull().references('grade_items.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('value_hundredths', 'integer')
      .addColumn('comment', 'text')
      .addColumn('updated_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('grade_entries', ['school_id', 'item_id', 'student_id'], true);
    await index('grade_entries', ['school_id', 'student_id']);

    // Closed or (re)opened by the office; without a row a sub-period closes after its end.
    await schoolTable('grade_sub_period_states')
      .addColumn('sub_period_id', 'integer', (c) =>
        c.notNull().references('sub_periods.id').onDelete('cascade'),
      )
      .addColumn('closed', 'integer', (c) => c.notNull())
      .addColumn('changed_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .execute();
    await index('grade_sub_period_states', ['school_id', 'sub_period_id'], true);

    await schoolTable('attendance_records')
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('date', 'text', (c) => c.notNull())
      // present, absent, late or excused.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('justified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('justification_note', 'text')
      .addColumn('justified_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('recorded_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('attendance_records', ['school_id', 'lesson_id', 'date', 'student_id'], true);
    await index('attendance_records', ['school_id', 'student_id', 'date']);
    await index('attendance_records', ['school_id', 'status', 'date']);

    // The family's notice of a day's absences: at most one per student and day.
    await schoolTable('absence_notices')
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('lesson_ids', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();
    await index('absence_notices', ['school_id', 'student_id', 'date'], true);
  },
};
