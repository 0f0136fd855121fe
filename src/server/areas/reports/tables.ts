import type { Id, Instant, TableColumns } from '../../db/column-types';

// Table types of the reports' background exports; db/schema.ts adds them to Database.

export type ReportExportStatus = 'pending' | 'running' | 'done' | 'failed';

export interface ReportExportsTable {
  id: Id;
  school_id: number;
  /** The admin who asked; only they fetch the file. */
  user_id: number;
  report_id: string;
  format: string;
  /** The filters as JSON text (key -> value). */
  filters: string;
  status: ReportExportStatus;
  /** 0–100, written by the job as it goes. */
  progress: number;
  row_count: number | null;
  file_name: string | null;
  content_type: string | null;
  /** The finished file, base64. */
  content_base64: string | null;
  error: string | null;
  created_at: Instant;
  finished_at: Instant | null;
}

/** A level's report cards drawn in the background (migration 062). */
export interface ReportCardBatchesTable {
  id: Id;
  school_id: number;
  /** The admin who asked; only they fetch the file. */
  user_id: number;
  sub_period_id: number;
  level_id: number;
  status: ReportExportStatus;
  /** 0–100, written by the job after each student. */
  progress: number;
  student_count: number | null;
  file_name: string | null;
  /** The finished PDF, base64. */
  content_base64: string | null;
  error: string | null;
  created_at: Instant;
  finished_at: Instant | null;
}

export interface ReportTables {
  report_exports: ReportExportsTable;
  report_card_batches: ReportCardBatchesTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const REPORTS_COLUMNS: TableColumns<ReportTables> = {
  report_exports: {
    id: true,
    school_id: true,
    user_id: true,
    report_id: true,
    format: true,
    filters: true,
    status: true,
    progress: true,
    row_count: true,
    file_name: true,
    content_type: true,
    content_base64: true,
    error: true,
    created_at: true,
    finished_at: true,
  },
  report_card_batches: {
    id: true,
    school_id: true,
    user_id: true,
    sub_period_id: true,
    level_id: true,
    status: true,
    progress: true,
    student_count: true,
    file_name: true,
    content_base64: true,
    error: true,
    created_at: true,
    finished_at: true,
  },
};
