import type { Id, Instant, TableColumns } from '../../db/column-types';

// Table types of the inbox: notifications and chat. db/schema.ts joins every area's tables into
// Database.

export interface NotificationsTable {
  id: Id;
  school_id: number;
  user_id: number;
  role: string;
  title: string;
  body: string | null;
  entity: string | null;
  entity_id: number | null;
  created_at: Instant;
  seen_at: Instant | null;
}

export interface ChatRoomsTable {
  id: Id;
  school_id: number;
  name: string;
  created_at: Instant;
}

export interface ChatRoomMembersTable {
  id: Id;
  school_id: number;
  room_id: number;
  user_id: number;
  last_read_message_id: number;
}

export interface ChatMessagesTable {
  id: Id;
  school_id: number;
  room_id: number;
  user_id: number;
  body: string;
  created_at: Instant;
}

export interface InboxTables {
  notifications: NotificationsTable;
  chat_rooms: ChatRoomsTable;
  chat_room_members: ChatRoomMembersTable;
  chat_messages: ChatMessagesTable;
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
    created_at: true,
    seen_at: true,
  },
  chat_rooms: {
    id: true,
    school_id: true,
    name: true,
    created_at: true,
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
  },
};
