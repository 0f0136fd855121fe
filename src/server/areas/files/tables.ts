import type { TableColumns } from '../../db/column-types';
import type { ColumnType, Generated } from 'kysely';

// Table types of the uploaded files; db/schema.ts adds them to Database.

export interface FilesTable {
  id: Generated<number>;
  school_id: number;
  /**
   * The lesson of the entity: the rows go with their lesson. Null for a file of a chat room
   * without a lesson (migration 064: one of lesson_id and chat_room_id is always set).
   */
  lesson_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The chat room of an attachment (migration 064); its rows go with their room. */
  chat_room_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * What the file belongs to: 'chapter', 'task', 'submission', 'absence', 'chat_message' (a
   * sent attachment), or 'chat' (attached in a room's composer, not sent yet; entity_id the room).
   */
  entity: string;
  entity_id: number;
  /** The file's name under DATA_DIR/files (random; never the uploaded name). */
  storage_key: string;
  /** The name it was uploaded with, for the download. */
  name: string;
  /** The type sniffed from its first bytes, not the one the browser claimed. */
  content_type: string;
  size: number;
  uploaded_by_user_id: number | null;
  created_at: string;
  /** The name, normalised for search (migration 012). */
  search_text: ColumnType<string, string | undefined, string>;
}

export interface FileTables {
  files: FilesTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const FILES_COLUMNS: TableColumns<FileTables> = {
  files: {
    id: true,
    school_id: true,
    lesson_id: true,
    chat_room_id: true,
    entity: true,
    entity_id: true,
    storage_key: true,
    name: true,
    content_type: true,
    size: true,
    uploaded_by_user_id: true,
    created_at: true,
    search_text: true,
  },
};
