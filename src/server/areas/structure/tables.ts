import type { ColumnType } from 'kysely';
import type { Day, Flag, Id, SchoolRecord, TableColumns } from '../../db/column-types';

// Table types of the school's frame: categories, periods, levels, tags, sites, rooms and courses.
// db/schema.ts joins every area's tables into Database.

export interface CategoriesTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  type: string;
  name: string;
  color: string | null;
}

export interface PeriodsTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  name: string;
  start_date: Day;
  end_date: Day;
  is_current: Flag;
}

export interface SubPeriodsTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  period_id: number;
  name: string;
  start_date: Day;
  end_date: Day;
}

export interface LevelsTable extends SchoolRecord {
  name: string;
  sort_order: ColumnType<number, number | undefined, number>;
  description: string | null;
}

export interface TagsTable extends SchoolRecord {
  name: string;
  color: string | null;
}

export interface SitesTable extends SchoolRecord {
  name: string;
  address: string | null;
  city: string | null;
  phone: string | null;
}

export interface RoomsTable extends SchoolRecord {
  site_id: number;
  name: string;
  capacity: number | null;
}

export interface CoursesTable extends SchoolRecord {
  name: string;
  code: string | null;
  level_id: number | null;
  category_id: number | null;
  color: string | null;
  description: string | null;
}

export interface StructureTables {
  categories: CategoriesTable;
  periods: PeriodsTable;
  sub_periods: SubPeriodsTable;
  levels: LevelsTable;
  tags: TagsTable;
  sites: SitesTable;
  rooms: RoomsTable;
  courses: CoursesTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const STRUCTURE_COLUMNS: TableColumns<StructureTables> = {
  categories: {
    id: true,
    school_id: true,
    search_text: true,
    type: true,
    name: true,
    color: true,
  },
  periods: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    start_date: true,
    end_date: true,
    is_current: true,
  },
  sub_periods: {
    id: true,
    school_id: true,
    search_text: true,
    period_id: true,
    name: true,
    start_date: true,
    end_date: true,
  },
  levels: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    sort_order: true,
    description: true,
  },
  tags: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    color: true,
  },
  sites: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    address: true,
    city: true,
    phone: true,
  },
  rooms: {
    id: true,
    school_id: true,
    search_text: true,
    site_id: true,
    name: true,
    capacity: true,
  },
  courses: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    code: true,
    level_id: true,
    category_id: true,
    color: true,
    description: true,
  },
};
