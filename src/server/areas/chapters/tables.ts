import type { TableColumns } from '../../db/column-types';
import type { ColumnType, Generated } from 'kysely';

// Table types of the chapters area; db/schema.ts adds them to Database.

type Flag = number;
type Instant = string;

export interface ChaptersTable {
  id: Generated<number>;
  school_id: number;
  lesson_id: number;
  title: string;
  /** The Lexical editor state as JSON text. */
  content: string;
  /** The content's plain text (search, previews). */
  content_text: string;
  search_text: ColumnType<string, string | undefined, string>;
  published: Flag;
  published_at: Instant | null;
  sort_order: number;
  author_user_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A student opened a chapter: the study guide's and the task books' "done". */
export interface ChapterReadsTable {
  id: Generated<number>;
  school_id: number;
  chapter_id: number;
  student_id: number;
  read_at: Instant;
}

export interface ChapterTables {
  chapters: ChaptersTable;
  chapter_reads: ChapterReadsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const CHAPTERS_COLUMNS: TableColumns<ChapterTables> = {
  chapters: {
    id: true,
    school_id: true,
    lesson_id: true,
    title: true,
    content: true,
    content_text: true,
    search_text: true,
    published: true,
    published_at: true,
    sort_order: true,
    author_user_id: true,
    created_at: true,
    updated_at: true,
  },
  chapter_reads: {
    id: true,
    school_id: true,
    chapter_id: true,
    student_id: true,
    read_at: true,
  },
};
