import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** A level row as the database holds it, with the number of audit entries of its creation. */
export interface StoredLevel {
  id: number;
  name: string;
  sort_order: number;
  description: string | null;
  audited: number;
}

export interface StoredState {
  levels: StoredLevel[];
  /** Creation audit entries of levels whose row does not exist: half of a write. */
  orphanAudits: number;
  /** SQLite only: `PRAGMA integrity_check` and the journal mode stored in the file. */
  integrity?: string;
  journalMode?: string;
}

// The level row and its audit entry are written in one transaction (resources/write.ts), so
// a write that is half there shows up as a row without its entry or an entry without its row.
const levelsSql = `
  SELECT l.id, l.name, l.sort_order, l.description,
    (SELECT count(*) FROM audit_log a
      WHERE a.entity = 'levels' AND a.action = 'create' AND a.entity_id = CAST(l.id AS TEXT)) AS audited
  FROM levels l WHERE l.name LIKE $1 ORDER BY l.id`;
const orphansSql = `
  SELECT count(*) AS count FROM audit_log a
  WHERE a.entity = 'levels' AND a.action = 'create'
    AND NOT EXISTS (SELECT 1 FROM levels l WHERE CAST(l.id AS TEXT) = a.entity_id)`;

const normalise = (row: any): StoredLevel => ({
  id: Number(row.id),
  name: row.name,
  sort_order: Number(row.sort_order),
  description: row.description,
  audited: Number(row.audited),
});

/**
 * Reads the levels whose name starts with `prefix` straight from the database, bypassing the
 * server: on SQLite the file of `dataDir` (opening it replays the WAL a killed server left),
 * on PostgreSQL the given schema.
 */
export async function readStoredLevels(
  where: { dataDir: string; postgresSchema?: string },
  prefix: string,
): Promise<StoredState> {
  if (where.postgresSchema) {
    const client = new pg.Client({
      connectionString: process.env.DATABASE_URL,
      options: `-c search_path=${where.postgresSchema}`,
    });
    await client.connect();
    try {
      const levels = await client.query(levelsSql, [`${prefix}%`]);
      const orphans = await client.query(orphansSql);
      return {
        levels: levels.rows.map(normalise),
        orphanAudits: Number(orphans.rows[0].count),
      };
    } finally {
      await client.end();
    }
  }
  const database = new SQLite(path.join(where.dataDir, 'mathema.db'));
  try {
    const integrity = (database.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('\n');
    const journalMode = database.pragma('journal_mode', { simple: true }) as string;
    const levels = database.prepare(levelsSql.replace('$1', '?')).all(`${prefix}%`);
    const orphans = database.prepare(orphansSql).get() as { count: number };
    return {
      levels: levels.map(normalise),
      orphanAudits: orphans.count,
      integrity,
      journalMode,
    };
  } finally {
    database.close();
  }
}

/**
 * Copies the SQLite file and its WAL, as a killed server left them, to a folder of their own:
 * reading the copy leaves the originals for the restarted server to recover by itself.
 */
export function copySqliteFiles(dataDir: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-copy-'));
  for (const name of ['mathema.db', 'mathema.db-wal']) {
    const from = path.join(dataDir, name);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(copy, name));
  }
  return copy;
}

/** A schema name of the test's own in the PostgreSQL of DATABASE_URL. */
export const freshSchemaName = (purpose: string) =>
  `test_${purpose}_${Math.random().toString(36).slice(2, 10)}`;

export async function dropPostgresSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
