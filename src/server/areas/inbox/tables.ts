import type { ColumnType } from 'kysely';
import type { Id, Instant, TableColumns } from '../../db/column-types';

// Table types of the inbox: notifications (chat's are in areas/chat/tables.ts). db/schema.ts
// joins every area's tables into Database.

export interface NotificationsTable {
  id: Id;
  school_id: number;
  user_id: number;
  role: string;
  title: string;
  body: string | null;
  entity: string | null;
  entity_id: number | null;
  /** The entity's lesson, when it has one (migration 037); writers may leave it out. */
  lesson_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Instant;
  seen_at: Instant | null;
}

export interface InboxTables {
  notifications: NotificationsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const INBOX_COLUMNS: TableColumns<InboxTables> = {
  notifications: {
    id: true,
    school_id: true,
    user_id: true,
    role: true,
    title: true,
    body: true,
    entity: true,
    entity_id: true,
    lesson_id: true,
    created_at: true,
    seen_at: true,
  },
};
