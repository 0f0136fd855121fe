import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../config';
import {
  DATA_COPY,
  PG_DUMP_FILE,
  SQLITE_COPY,
  readManifest,
  uploadsRecordOf,
  type UploadsRecord,
} from './backup';
import { OperationsError } from './operations-error';
import { runPgTool } from './pg-tools';

export interface RestoreOptions {
  /** Replace a database and data that are already there. */
  force: boolean;
}

// Restore runs with the server stopped (docs/operations.md). Everything that would be
// overwritten is checked before anything is written: a refusal changes nothing.

/** Brings a backup folder back into the configured database and DATA_DIR. */
export async function restoreBackup(
  config: Pick<ServerConfig, 'database' | 'dataDir' | 's3'>,
  backupDir: string,
  options: RestoreOptions,
): Promise<void> {
  const manifest = readManifest(backupDir);
  assertSameUploadsStore(manifest.uploads ?? { kind: 'local' }, uploadsRecordOf(config));
  if (manifest.database !== config.database.kind)
    throw new OperationsError(
      `This backup holds a ${manifest.database} database, but the configuration names a ` +
        `${config.database.kind} one (DATABASE_URL).`,
    );
  const schema = config.database.kind === 'postgres' ? (config.database.schema ?? null) : null;
  if (config.database.kind === 'postgres' && manifest.schema !== schema)
    throw new OperationsError(
      `This backup holds the schema "${manifest.schema ?? 'public'}"; set DATABASE_SCHEMA to ` +
        `${manifest.schema ?? 'nothing'} to restore it.`,
    );

  const occupied: string[] = [];
  if (config.database.kind === 'sqlite' && fs.existsSync(config.database.file))
    occupied.push(config.database.file);
  if (config.database.kind === 'postgres' && (await pgTableCount(config.database.url, schema)) > 0)
    occupied.push(`the PostgreSQL schema "${schema ?? 'public'}"`);
  for (const entry of manifest.data_entries) {
    const target = path.join(config.dataDir, entry);
    if (fs.existsSync(target)) occupied.push(target);
  }
  if (occupied.length > 0 && !options.force)
    throw new OperationsError(
      `Restoring would overwrite ${occupied.join(', ')}. Stop the server, and run again with ` +
        `--force to replace them.`,
    );

  fs.mkdirSync(config.dataDir, { recursive: true });
  if (config.database.kind === 'sqlite') {
    const target = config.database.file;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Copied beside the target, then renamed over it; the old WAL must not be replayed on it.
    fs.copyFileSync(path.join(backupDir, SQLITE_COPY), `${target}.restoring`);
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(`${target}.restoring`, target);
  } else {
    const dump = path.join(backupDir, PG_DUMP_FILE);
    if (schema) await dropPgSchema(config.database.url, schema);
    await runPgTool('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      ...(schema ? [] : ['--clean', '--if-exists']),
      `--dbname=${config.database.url}`,
      dump,
    ]);
  }
  for (const entry of manifest.data_entries) {
    const target = path.join(config.dataDir, entry);
    fs.rmSync(target, { recursive: true, force: true });
    await fs.promises.cp(path.join(backupDir, DATA_COPY, entry), target, {
      recursive: true,
      preserveTimestamps: true,
    });
  }
}

async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function pgTableCount(url: string, schema: string | null): Promise<number> {
  return withPgClient(url, async (client) => {
    const result = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = $1',
      [schema ?? 'public'],
    );
    return Number(result.rows[0]?.count ?? 0);
  });
}

/** The dump of one schema creates it: what was there goes first (only with --force). */
function dropPgSchema(url: string, schema: string): Promise<void> {
  return withPgClient(url, async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
  });
}

/**
 * A backup's database names uploads by key; restored where the uploads are not, every file
 * would be missing. Moving between the folder and a bucket is a copy the operator makes
 * (docs/operations.md), not something a restore can guess.
 */
function assertSameUploadsStore(taken: UploadsRecord, configured: UploadsRecord): void {
  if (taken.kind === 'local' && configured.kind === 's3')
    throw new OperationsError(
      'This backup holds its uploaded files in its copy of DATA_DIR, but the configuration ' +
        'keeps them in an S3 bucket (S3_BUCKET). Restore it without the S3_* settings, then ' +
        'copy files/, scorm/ and school_files/ of DATA_DIR into the bucket.',
    );
  if (taken.kind === 's3' && configured.kind === 'local')
    throw new OperationsError(
      `This backup's uploaded files are in the S3 bucket "${taken.bucket}" ` +
        `(${taken.endpoint}${taken.prefix ? `, prefix ${taken.prefix}` : ''}); set the S3_* ` +
        'settings to that bucket to restore it.',
    );
}
