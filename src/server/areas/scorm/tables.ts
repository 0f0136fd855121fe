import type { TableColumns } from '../../db/column-types';
import type { Generated } from 'kysely';

// Table types of SCORM packages and attempts (migration 052); db/schema.ts adds them.

export interface ScormPackagesTable {
  id: Generated<number>;
  school_id: number;
  lesson_id: number;
  title: string;
  /** '1.2' or '2004'. */
  version: string;
  /** The launch file inside the package (with its query string, if any). */
  launch_path: string;
  /** The package's folder in the package store (random; never a client's text). */
  storage_key: string;
  file_count: number;
  unpacked_bytes: number;
  grade_item_id: number | null;
  uploaded_by_user_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ScormAttemptsTable {
  id: Generated<number>;
  school_id: number;
  package_id: number;
  student_id: number;
  number: number;
  /** The whole CMI data model as scorm-again renders it (JSON). */
  cmi_json: string;
  status: string;
  completion_status: string | null;
  success_status: string | null;
  score_raw: number | null;
  score_min: number | null;
  score_max: number | null;
  score_scaled: number | null;
  prior_seconds: Generated<number>;
  session_seconds: Generated<number>;
  suspend_data: string | null;
  location: string | null;
  exit: string | null;
  sessions: Generated<number>;
  commits: Generated<number>;
  started_at: string;
  updated_at: string;
}

export interface ScormTables {
  scorm_packages: ScormPackagesTable;
  scorm_attempts: ScormAttemptsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const SCORM_COLUMNS: TableColumns<ScormTables> = {
  scorm_packages: {
    id: true,
    school_id: true,
    lesson_id: true,
    title: true,
    version: true,
    launch_path: true,
    storage_key: true,
    file_count: true,
    unpacked_bytes: true,
    grade_item_id: true,
    uploaded_by_user_id: true,
    created_at: true,
    updated_at: true,
  },
  scorm_attempts: {
    id: true,
    school_id: true,
    package_id: true,
    student_id: true,
    number: true,
    cmi_json: true,
    status: true,
    completion_status: true,
    success_status: true,
    score_raw: true,
    score_min: true,
    score_max: true,
    score_scaled: true,
    prior_seconds: true,
    session_seconds: true,
    suspend_data: true,
    location: true,
    exit: true,
    sessions: true,
    commits: true,
    started_at: true,
    updated_at: true,
  },
};
