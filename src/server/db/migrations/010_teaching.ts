import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Teaching: chapters (reading material), tasks and their submissions, task books, uploaded
// files, chapter reads (the study guide's "done") and private calendar feeds. Every table is
// school-owned: school_id first in each index, rows removed with their school.
export const teaching: Migration = {
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
    const lessonColumn = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('lessons.id').onDelete('cascade');

    await schoolTable('chapters')
      .addColumn('lesson_id', 'integer', lessonColumn)
      .addColumn('title', 'text', (c) => c.notNull())
      // The Lexical editor's state as JSON text, and its plain text for search and previews.
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('chapters', ['school_id', 'lesson_id', 'sort_order', 'id']);
    await index('chapters', ['school_id', 'published_at']);

    await schoolTable('tasks')
      .addColumn('lesson_id', 'integer', lessonColumn)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('description_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('open_at', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('accept_late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text')
      .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('tasks', ['school_id', 'lesson_id', 'due_at']);
    await index('tasks', ['school_id', 'due_at']);

    await schoolTable('task_submissions')
      .addColumn('task_id', 'integer', (c) =>
        c.notNull().references('tasks.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      // draft, submitted, returned (for another try) or graded.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('points', 'integer')
      .addColumn('feedback', 'text')
      .addColumn('graded_at', 'text')
      .addColumn('graded_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('task_submissions', ['school_id', 'task_id', 'student_id'], true);
    await index('task_submissions', ['school_id', 'student_id', 'graded_at']);

    await schoolTable('task_books')
      .addColumn('lesson_id', 'integer', lessonColumn)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text')
      .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('task_books', ['school_id', 'lesson_id', 'id']);

    await schoolTable('task_book_items')
      .addColumn('task_book_id', 'integer', (c) =>
        c.notNull().references('task_books.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('cascade'))
      .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('cascade'))
      .execute();
    await index('task_book_items', ['school_id', 'task_book_id', 'position']);
    await index('task_book_items', ['school_id', 'task_id']);
    await index('task_book_items', ['school_id', 'chapter_id']);

    await schoolTable('chapter_reads')
      .addColumn('chapter_id', 'integer', (c) =>
        c.notNull().references('chapters.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('read_at', 'text', (c) => c.notNull())
      .execute();
    await index('chapter_reads', ['school_id', 'chapter_id', 'student_id'], true);
    await index('chapter_reads', ['school_id', 'student_id']);

    // Uploaded files: the row names the entity it belongs to (chapter, task, submission);
    // the bytes live under DATA_DIR/files by storage_key. lesson_id removes the rows with
    // their lesson.
    await schoolTable('files')
      .addColumn('lesson_id', 'integer', lessonColumn)
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('uploaded_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('files', ['school_id', 'entity', 'entity_id']);

    // A private iCalendar link per membership: only the token's hash is kept.
    await schoolTable('calendar_feeds')
      .addColumn('membership_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('calendar_feeds', ['school_id', 'membership_id'], true);
  },
};
