import type { TableColumns } from '../../db/column-types';
import type { ColumnType, Generated } from 'kysely';

// Table types of the task books area; db/schema.ts adds them to Database.

export interface TaskBooksTable {
  id: Generated<number>;
  school_id: number;
  lesson_id: number;
  title: string;
  description: string | null;
  search_text: ColumnType<string, string | undefined, string>;
  published: number;
  published_at: string | null;
  author_user_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One step of a task book: a task or a chapter, at its position. */
export interface TaskBookItemsTable {
  id: Generated<number>;
  school_id: number;
  task_book_id: number;
  position: number;
  task_id: number | null;
  chapter_id: number | null;
}

export interface TaskBookTables {
  task_books: TaskBooksTable;
  task_book_items: TaskBookItemsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const TASKBOOKS_COLUMNS: TableColumns<TaskBookTables> = {
  task_books: {
    id: true,
    school_id: true,
    lesson_id: true,
    title: true,
    description: true,
    search_text: true,
    published: true,
    published_at: true,
    author_user_id: true,
    created_at: true,
    updated_at: true,
  },
  task_book_items: {
    id: true,
    school_id: true,
    task_book_id: true,
    position: true,
    task_id: true,
    chapter_id: true,
  },
};
