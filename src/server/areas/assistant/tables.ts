import type { AiSourceKind } from '../../../shared/api/assistant';
import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';

// Table types of the assistant: its search index over the school's material (passages and the
// queue the material's triggers fill), and the chat sessions with their messages.

/** A piece of the school's material, as the assistant searches and quotes it. */
export interface AssistantPassagesTable {
  id: Id;
  school_id: number;
  source: AiSourceKind;
  source_id: number;
  /** Which piece of the source this is (long texts are cut into passages), from 0. */
  part: number;
  /** The lesson whose members may read it (null: a school-wide announcement). */
  lesson_id: number | null;
  /** Chapters and tasks: whether students and parents see it yet. Others: always 1. */
  published: Flag;
  /** Announcements: who they are for (all, teachers, students, clients, lesson). */
  audience: string | null;
  /** The source's title as shown under an answer. */
  title: string;
  body: string;
  /** Title and body normalised (lower case, no accents, final sigma as sigma): what is searched. */
  search_text: string;
  indexed_at: Instant;
}

/** Material written since the last refresh, by its database triggers. */
export interface AssistantIndexQueueTable {
  id: Id;
  school_id: number;
  source: AiSourceKind;
  source_id: number;
}

export interface AssistantSessionsTable {
  id: Id;
  school_id: number;
  user_id: number;
  /** The role area it was opened from: what it may answer from. */
  role: string;
  /** The random key of spec §7 (`ai/chat/{key}`). */
  key: string;
  created_at: Instant;
}

export interface AssistantMessagesTable {
  id: Id;
  school_id: number;
  session_id: number;
  by_user: Flag;
  message: string;
  /** The answer's sources as JSON ([{kind, id}]); their names and links are read fresh. */
  sources: string | null;
  created_at: Instant;
}

export interface AssistantTables {
  assistant_passages: AssistantPassagesTable;
  assistant_index_queue: AssistantIndexQueueTable;
  assistant_sessions: AssistantSessionsTable;
  assistant_messages: AssistantMessagesTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const ASSISTANT_COLUMNS: TableColumns<AssistantTables> = {
  assistant_passages: {
    id: true,
    school_id: true,
    source: true,
    source_id: true,
    part: true,
    lesson_id: true,
    published: true,
    audience: true,
    title: true,
    body: true,
    search_text: true,
    indexed_at: true,
  },
  assistant_index_queue: { id: true, school_id: true, source: true, source_id: true },
  assistant_sessions: {
    id: true,
    school_id: true,
    user_id: true,
    role: true,
    key: true,
    created_at: true,
  },
  assistant_messages: {
    id: true,
    school_id: true,
    session_id: true,
    by_user: true,
    message: true,
    sources: true,
    created_at: true,
  },
};
