import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DatabaseKind } from '../database';

/**
 * Adds the integer `id` primary key the way each database generates it: SQLite's rowid
 * alias, PostgreSQL's identity column (an int4, so that drivers return numbers).
 */
export function withId<T extends string>(
  kind: DatabaseKind,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return kind === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export interface Migration {
  up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void>;
}
