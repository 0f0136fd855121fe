import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const CACHE_SIZE = 500;

/**
 * better-sqlite3 as kysely sees it, keeping prepared statements. Kysely's SQLite driver calls
 * prepare() for every query; preparing costs as much as running a small indexed query, so a
 * list request (session, membership, permissions, page, total) paid for it five times. The
 * cache is bounded and drops the least recently used statement.
 */
export function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}
