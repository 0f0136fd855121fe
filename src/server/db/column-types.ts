import type { ColumnType, Generated } from 'kysely';

// Column types every area's tables.ts uses. Booleans are integers 0/1 and instants ISO-8601
// text on both SQLite and PostgreSQL, so that one set of queries serves both.

export type Flag = number;
export type Instant = string;
export type Day = string;
export type Id = Generated<number>;

/** Columns every engine-managed table has besides its own. */
export interface SchoolRecord {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
}

/** A link table of the engine: two ids of the school's records. */
export interface LinkTable {
  id: Id;
  school_id: number;
}

/**
 * The runtime list of a set of tables' columns, beside their types: TypeScript refuses a list
 * that misses a column of the type or names one it does not have, and a test compares the
 * lists with the migrated database, so type, list and migration cannot drift apart.
 */
export type TableColumns<Tables> = { [T in keyof Tables]: Record<keyof Tables[T], true> };
