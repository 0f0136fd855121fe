import type { ColumnType } from 'kysely';
import type { Id, Instant, TableColumns } from '../../db/column-types';

// Table types of live sessions; db/schema.ts adds them to Database.

/** Cloud recording as the meeting last reported it (the teacher's call window tells us). */
export type RecordingState = 'off' | 'starting' | 'on' | 'stopped' | 'failed';

export interface LiveSessionsTable {
  id: Id;
  school_id: number;
  /** Null for a staff meeting. */
  lesson_id: number | null;
  title: string;
  room_name: string;
  scheduled_start: Instant;
  scheduled_end: Instant;
  started_at: Instant | null;
  ended_at: Instant | null;
  recording_state: ColumnType<RecordingState, RecordingState | undefined, RecordingState>;
  /** Who started or planned it: the meeting's moderator. */
  host_user_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface LiveSessionPresenceTable {
  id: Id;
  school_id: number;
  session_id: number;
  user_id: number;
  membership_id: number | null;
  role: string;
  joined_at: Instant;
  left_at: Instant | null;
}

export interface LiveSessionRecordingsTable {
  id: Id;
  school_id: number;
  session_id: number;
  link: string;
  created_at: Instant;
}

export interface LiveSessionTables {
  live_sessions: LiveSessionsTable;
  live_session_presence: LiveSessionPresenceTable;
  live_session_recordings: LiveSessionRecordingsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const LIVE_SESSIONS_COLUMNS: TableColumns<LiveSessionTables> = {
  live_sessions: {
    id: true,
    school_id: true,
    lesson_id: true,
    title: true,
    room_name: true,
    scheduled_start: true,
    scheduled_end: true,
    started_at: true,
    ended_at: true,
    recording_state: true,
    host_user_id: true,
    created_at: true,
    updated_at: true,
  },
  live_session_presence: {
    id: true,
    school_id: true,
    session_id: true,
    user_id: true,
    membership_id: true,
    role: true,
    joined_at: true,
    left_at: true,
  },
  live_session_recordings: {
    id: true,
    school_id: true,
    session_id: true,
    link: true,
    created_at: true,
  },
};
