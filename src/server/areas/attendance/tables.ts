import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';

// Table types of attendance; db/schema.ts adds them to Database.

export type AttendanceStatus = 'present' | 'absent' | 'late' | 'excused';

export interface AttendanceRecordsTable {
  id: Id;
  school_id: number;
  lesson_id: number;
  /** The student's membership. */
  student_id: number;
  /** The school day, YYYY-MM-DD. */
  date: string;
  status: AttendanceStatus;
  justified: Flag;
  justification_note: string | null;
  justified_by_user_id: number | null;
  recorded_by_user_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface AbsenceNoticesTable {
  id: Id;
  school_id: number;
  student_id: number;
  date: string;
  /** The lessons the notice listed, as a JSON array of ids. */
  lesson_ids: string;
  sent_at: Instant;
}

export interface AttendanceTables {
  attendance_records: AttendanceRecordsTable;
  absence_notices: AbsenceNoticesTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const ATTENDANCE_COLUMNS: TableColumns<AttendanceTables> = {
  attendance_records: {
    id: true,
    school_id: true,
    lesson_id: true,
    student_id: true,
    date: true,
    status: true,
    justified: true,
    justification_note: true,
    justified_by_user_id: true,
    recorded_by_user_id: true,
    created_at: true,
    updated_at: true,
  },
  absence_notices: {
    id: true,
    school_id: true,
    student_id: true,
    date: true,
    lesson_ids: true,
    sent_at: true,
  },
};
