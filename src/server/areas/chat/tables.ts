import type { ColumnType } from 'kysely';
import type { Id, Instant, TableColumns } from '../../db/column-types';

// Table types of chat: rooms, their members with each one's read position, and messages.
// db/schema.ts joins every area's tables into Database.

export interface ChatRoomsTable {
  id: Id;
  school_id: number;
  name: string;
  created_at: Instant;
  /** 'lesson', 'direct' or 'group' (an admin's room); migration 033. */
  kind: ColumnType<string, string | undefined, string>;
  /** The lesson of a lesson room. */
  lesson_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A direct room's pair of user ids, "low:high": one room per pair and school. */
  direct_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ChatRoomMembersTable {
  id: Id;
  school_id: number;
  room_id: number;
  user_id: number;
  /** The newest message this member has seen (0: none). */
  last_read_message_id: number;
}

export interface ChatMessagesTable {
  id: Id;
  school_id: number;
  room_id: number;
  user_id: number;
  body: string;
  created_at: Instant;
  deleted_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  deleted_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ChatTables {
  chat_rooms: ChatRoomsTable;
  chat_room_members: ChatRoomMembersTable;
  chat_messages: ChatMessagesTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const CHAT_COLUMNS: TableColumns<ChatTables> = {
  chat_rooms: {
    id: true,
    school_id: true,
    name: true,
    created_at: true,
    kind: true,
    lesson_id: true,
    direct_key: true,
    created_by_user_id: true,
  },
  chat_room_members: {
    id: true,
    school_id: true,
    room_id: true,
    user_id: true,
    last_read_message_id: true,
  },
  chat_messages: {
    id: true,
    school_id: true,
    room_id: true,
    user_id: true,
    body: true,
    created_at: true,
    deleted_at: true,
    deleted_by_user_id: true,
  },
};
