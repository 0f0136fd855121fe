import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/resources';
import { DATABASE_COLUMNS } from '../../src/server/db/schema';
import { hooksOf } from '../../src/server/resources/hooks';
import { databaseKinds, startServer, type TestServer } from './support/server';

/**
 * Three descriptions of the same tables must agree: the migrations (what the database really
 * has), the areas' table types (through the column lists TypeScript keeps in step with them,
 * DATABASE_COLUMNS), and the resource declarations of src/shared/resources (every field's
 * column, account fields on users, link tables' two columns; a table only the engine reads
 * may go untyped, and then it must have exactly its declaration's columns). A name wrong in any of them
 * fails here on both databases instead of as a 500 on the first request that reads it.
 */

/** Fields of the hand-written users list that live on the memberships, not on the account. */
const MEMBERSHIP_FIELDS_OF_USERS: Record<string, string> = {
  roles: 'role',
  full_access: 'full_access',
};

describe.each(databaseKinds)('tables, types and declarations agree on %s', (kind) => {
  let server: TestServer;
  /** The migrated database's columns, by table. */
  const actual = new Map<string, Set<string>>();

  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    const db = server.built.deps.db;
    if (kind === 'sqlite') {
      // Ordinary tables only: a full-text index (virtual, with its shadow tables) is not data.
      const tables = await sql<{ name: string }>`
        select name from pragma_table_list
        where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
        db,
      );
      for (const { name } of tables.rows) {
        const columns = await sql<{ name: string }>`
          select name from pragma_table_info(${name})`.execute(db);
        actual.set(name, new Set(columns.rows.map((c) => c.name)));
      }
    } else {
      const columns = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(db);
      for (const { table_name, column_name } of columns.rows) {
        if (!actual.has(table_name)) actual.set(table_name, new Set());
        actual.get(table_name)!.add(column_name);
      }
    }
  });
  afterAll(() => server?.close());

  it('has exactly the tables and columns the areas type', () => {
    // A table only the engine reads needs no type (docs/resources.md): the declaration is its
    // description, so its columns must be exactly the declaration's.
    const declared = new Map<string, string[]>();
    for (const resource of Object.values(RESOURCES)) {
      if (resource.custom || resource.table in DATABASE_COLUMNS) continue;
      const own = resource.fields.filter((f) => !f.link).map((f) => f.column ?? f.name);
      declared.set(resource.table, ['id', 'school_id', 'search_text', ...own]);
      for (const field of resource.fields)
        if (field.link && !(field.link.table in DATABASE_COLUMNS))
          declared.set(field.link.table, ['id', 'school_id', field.link.from, field.link.to]);
    }
    const expected = Object.fromEntries([
      ...Object.entries(DATABASE_COLUMNS).map(([table, columns]) => [
        table,
        Object.keys(columns).sort(),
      ]),
      ...[...declared].map(([table, columns]) => [table, [...new Set(columns)].sort()]),
    ]);
    const migrated = Object.fromEntries(
      [...actual].map(([table, columns]) => [table, [...columns].sort()]),
    );
    expect(migrated).toEqual(expected);
  });

  it('has a column for every declared resource field and link', () => {
    const missing: string[] = [];
    const need = (table: string, column: string, why: string) => {
      if (!actual.get(table)?.has(column)) missing.push(`${table}.${column} (${why})`);
    };
    for (const resource of Object.values(RESOURCES)) {
      need(resource.table, 'id', `${resource.name} records`);
      if (resource.table !== 'users') need(resource.table, 'school_id', `${resource.name} records`);
      for (const field of resource.fields) {
        const why = `${resource.name}.${field.name}`;
        if (field.link) {
          need(field.link.table, 'school_id', why);
          need(field.link.table, field.link.from, why);
          need(field.link.table, field.link.to, why);
        } else if (resource.table === 'users' && field.name in MEMBERSHIP_FIELDS_OF_USERS) {
          need('memberships', MEMBERSHIP_FIELDS_OF_USERS[field.name]!, why);
        } else {
          need(
            field.storage === 'account' ? 'users' : resource.table,
            field.column ?? field.name,
            why,
          );
        }
        if (field.sortColumn) need(resource.table, field.sortColumn, `${why} sorts by it`);
      }
      for (const column of hooksOf(resource).internalColumns ?? [])
        need(resource.table, column, `${resource.name}'s rules keep it`);
    }
    expect(missing).toEqual([]);
  });
});
