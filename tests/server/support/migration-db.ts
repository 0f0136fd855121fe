import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/database';
import { MIGRATIONS } from '../../../src/server/db/migrate';
import type { databaseKinds } from './server';

type Kind = (typeof databaseKinds)[number];

/**
 * A database of the test's own, migrated step by step, for a migration's test: a temporary
 * SQLite file, or a fresh PostgreSQL schema dropped afterwards. Call inside `describe`.
 */
export function migrationDatabase(kind: Kind) {
  let handle: Db;
  let dir: string;
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const migrator = () =>
    new Migrator({
      db: handle.db as never,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            Object.entries(MIGRATIONS).map(([name, m]) => [
              name,
              { up: (d: Kysely<unknown>) => m.up(d, kind) },
            ]),
          ),
      },
      ...(kind === 'postgres' ? { migrationTableSchema: schema } : {}),
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-migration-'));
    handle = await openDatabase({
      database:
        kind === 'postgres'
          ? { kind, url: process.env.DATABASE_URL!, schema }
          : { kind, file: path.join(dir, 'db.sqlite') },
    } as never);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });

  return {
    /** The database without the app's table types, to write rows as they were then. */
    raw: () => handle.db as unknown as Kysely<any>,
    /** Runs the migrations up to and with `name`. */
    migrateTo: (name: string) => migrator().migrateTo(name),
    /** Runs every migration before `name`, whatever other areas have added meanwhile. */
    migrateToBefore: (name: string) => {
      const names = Object.keys(MIGRATIONS).sort();
      return migrator().migrateTo(names[names.indexOf(name) - 1]!);
    },
  };
}
