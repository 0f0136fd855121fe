import type { Instant, SchoolRecord, TableColumns } from '../../db/column-types';

// Table types of announcements. db/schema.ts joins every area's tables into Database.

export interface AnnouncementsTable extends SchoolRecord {
  title: string;
  body: string;
  audience: string;
  lesson_id: number | null;
  category_id: number | null;
  author_user_id: number | null;
  created_at: Instant;
}

export interface AnnouncementTables {
  announcements: AnnouncementsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const ANNOUNCEMENTS_COLUMNS: TableColumns<AnnouncementTables> = {
  announcements: {
    id: true,
    school_id: true,
    search_text: true,
    title: true,
    body: true,
    audience: true,
    lesson_id: true,
    category_id: true,
    author_user_id: true,
    created_at: true,
  },
};
