import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Db {
  kind: DatabaseKind;
  db: Kysely<Database>;
  close(): Promise<void>;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; ours fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens the configured database; SQLite gets WAL, foreign keys and synchronous=FULL. */
export async function openDatabase(config: Pick<ServerConfig, 'database'>): Promise<Db> {
  if (config.database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
    const sqlite = new SQLite(config.database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    return { kind: 'sqlite', db, close: () => db.destroy() };
  }
  const { url, schema } = config.database;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A schema per deployment (or per test file) keeps databases apart on one server.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) {
    const client = await pool.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      client.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kind: 'postgres', db, close: () => db.destroy() };
}

/** Number of rows from a `count(*)` column, whatever type the driver gave it. */
export const countOf = (row: { count: string | number | bigint } | undefined): number =>
  row ? Number(row.count) : 0;

/** Case-insensitive LIKE on both databases. */
export const ilike = (kind: DatabaseKind) => (kind === 'postgres' ? 'ilike' : 'like');

export { sql };
