import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// A lesson template's own material: chapters and tasks that a lesson created from the template
// gets copies of (docs/decisions.md, "Lesson templates and teaching material"). Task times are
// offsets in days from the new lesson's start, since a template has no dates of its own. Also
// the index the lesson page's list of files reads.
export const lessonTemplateMaterial: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const templateTable = (name: string) =>
      withId(kind, db.schema.createTable(name))
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('lesson_templates.id').onDelete('cascade'),
        );

    await templateTable('lesson_template_chapters')
      .addColumn('title', 'text', (c) => c.notNull())
      // The Lexical editor state as JSON text, and its plain text, as in `chapters`.
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('lesson_template_chapters_school_id_template_id')
      .on('lesson_template_chapters')
      .columns(['school_id', 'template_id', 'sort_order'])
      .execute();

    await templateTable('lesson_template_tasks')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('accept_late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('open_offset_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('due_offset_days', 'integer', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('lesson_template_tasks_school_id_template_id')
      .on('lesson_template_tasks')
      .columns(['school_id', 'template_id', 'sort_order'])
      .execute();
  },
};
