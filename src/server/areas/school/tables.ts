import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';

// Table types of the schools, their white labels and settings. db/schema.ts joins every area's
// tables into Database.

export interface WhiteLabelsTable {
  id: string;
  host: string | null;
  name: string;
  logo: string | null;
  splash: string | null;
  login_img: string | null;
  colors: string;
}

export interface SchoolsTable {
  id: Id;
  name: string;
  logo: string | null;
  white_label_id: string | null;
  created_at: Instant;
}

export interface SettingsTable {
  id: Id;
  school_id: number;
  name: string;
  data: string;
  is_json: Flag;
}

export interface SchoolTables {
  white_labels: WhiteLabelsTable;
  schools: SchoolsTable;
  settings: SettingsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const SCHOOL_COLUMNS: TableColumns<SchoolTables> = {
  white_labels: {
    id: true,
    host: true,
    name: true,
    logo: true,
    splash: true,
    login_img: true,
    colors: true,
  },
  schools: {
    id: true,
    name: true,
    logo: true,
    white_label_id: true,
    created_at: true,
  },
  settings: {
    id: true,
    school_id: true,
    name: true,
    data: true,
    is_json: true,
  },
};
