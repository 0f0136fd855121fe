import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { ServerConfig } from '../config';
import { OperationsError } from './operations-error';
import { runPgTool } from './pg-tools';

// A backup is one folder under BACKUP_DIR: the database (SQLite's online backup, or a
// pg_dump in its custom format), a copy of DATA_DIR without the database itself (uploaded
// files, school files, the keys kept there), and a manifest that restore checks first.
// It is written under a hidden `.partial` name and renamed when whole, so a crash mid-way
// never leaves something that looks like a backup.
//
// With the uploads in an S3 bucket (S3_BUCKET), the bucket is not copied: objects cannot be
// listed and read as of one moment, and a bucket is kept better where it lives. The operator
// keeps versioning (and, for another site, replication) on the bucket; the manifest records
// which bucket and prefix and when, so that a restore brings the objects back to that time
// (docs/operations.md). DATA_DIR is still copied (the keys kept there).

export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_COPY = 'database.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const DATA_COPY = 'data';
const BACKUP_PREFIX = 'mathema-';
/** The largest step better-sqlite3 accepts: every page at once. */
const ALL_PAGES = 0x7fffffff;

export type BackupOrigin = 'manual' | 'daily';

export interface BackupManifest {
  format: 1;
  created_at: string;
  app_version: string;
  origin: BackupOrigin;
  database: 'sqlite' | 'postgres';
  /** The PostgreSQL schema the dump holds (DATABASE_SCHEMA), null for the default one. */
  schema: string | null;
  /** What of DATA_DIR the copy holds, by top-level name. */
  data_entries: string[];
  /**
   * Where the uploaded files were: in the copy of DATA_DIR, or in an S3 bucket that the backup
   * did not copy. Absent in backups of earlier versions, which were all local.
   */
  uploads?: UploadsRecord;
}

export type UploadsRecord =
  | { kind: 'local' }
  | { kind: 's3'; endpoint: string; region: string; bucket: string; prefix: string };

/** Where a configuration keeps the uploads, as a manifest records it (never the keys). */
export function uploadsRecordOf(config: Pick<ServerConfig, 's3'>): UploadsRecord {
  if (!config.s3) return { kind: 'local' };
  const { endpoint, region, bucket, prefix } = config.s3;
  return { kind: 's3', endpoint, region, bucket, prefix };
}

/** Uploads on their way in (a node's scratch folders): never part of a backup. */
const SCRATCH_DIRS = [path.join('files', 'incoming'), 'incoming'];

export interface BackupOptions {
  now?: Date;
  origin?: BackupOrigin;
}

/** Writes one complete backup while the server may be running; returns its folder. */
export async function createBackup(
  config: Pick<ServerConfig, 'database' | 'dataDir' | 'backup' | 'version' | 's3'>,
  options: BackupOptions = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const name = `${BACKUP_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}`;
  const finalDir = path.join(config.backup.dir, name);
  const partialDir = path.join(config.backup.dir, `.${name}.partial`);
  if (fs.existsSync(finalDir)) throw new OperationsError(`${finalDir} already exists.`);
  fs.mkdirSync(partialDir, { recursive: true });
  try {
    // The database first, then the files: a file uploaded in between is only extra, and a
    // record in the copy never lacks the file it was saved with.
    if (config.database.kind === 'sqlite') {
      await copySqlite(config.database.file, path.join(partialDir, SQLITE_COPY));
    } else {
      await runPgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${path.join(partialDir, PG_DUMP_FILE)}`,
        ...(config.database.schema ? [`--schema=${config.database.schema}`] : []),
        `--dbname=${config.database.url}`,
      ]);
    }
    const entries = dataEntriesToCopy(config);
    const dataCopy = path.join(partialDir, DATA_COPY);
    fs.mkdirSync(dataCopy);
    const scratch = new Set(SCRATCH_DIRS.map((dir) => path.join(config.dataDir, dir)));
    for (const entry of entries)
      await fs.promises.cp(path.join(config.dataDir, entry), path.join(dataCopy, entry), {
        recursive: true,
        preserveTimestamps: true,
        filter: (source) => !scratch.has(source),
      });
    const manifest: BackupManifest = {
      format: 1,
      created_at: now.toISOString(),
      app_version: config.version,
      origin: options.origin ?? 'manual',
      database: config.database.kind,
      schema: config.database.kind === 'postgres' ? (config.database.schema ?? null) : null,
      data_entries: entries,
      uploads: uploadsRecordOf(config),
    };
    fs.writeFileSync(path.join(partialDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    fs.renameSync(partialDir, finalDir);
    return finalDir;
  } catch (error) {
    fs.rmSync(partialDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * SQLite's online backup API, all pages in one step: a step is one read transaction, so the
 * copy is one consistent moment. Copied in small steps it would start over whenever the
 * server wrote in between, and a busy server writes all the time. Under WAL a reader does
 * not block the server's writers, so the one step holds nobody up.
 */
async function copySqlite(file: string, destination: string): Promise<void> {
  if (!fs.existsSync(file)) throw new OperationsError(`There is no database at ${file}.`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

/** DATA_DIR's top-level entries, less the live SQLite files and the backups themselves. */
function dataEntriesToCopy(
  config: Pick<ServerConfig, 'database' | 'dataDir' | 'backup'>,
): string[] {
  if (!fs.existsSync(config.dataDir)) return [];
  const skipped = new Set<string>();
  if (config.database.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      skipped.add(path.resolve(config.database.file + suffix));
  }
  const backupDir = path.resolve(config.backup.dir);
  return fs
    .readdirSync(config.dataDir)
    .filter((entry) => {
      const full = path.resolve(config.dataDir, entry);
      if (skipped.has(full) || SCRATCH_DIRS.includes(entry)) return false;
      // The backups folder (or the one holding it) inside DATA_DIR is never copied into itself.
      return !(backupDir === full || backupDir.startsWith(full + path.sep));
    })
    .sort();
}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!fs.existsSync(file))
    throw new OperationsError(`${backupDir} is not a Mathema backup (no ${MANIFEST_FILE}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1)
    throw new OperationsError(`${backupDir} was written in a format this version cannot read.`);
  return manifest;
}

/** Removes the daily backups older than keepDays; manual ones are the operator's to remove. */
export function pruneDailyBackups(
  config: Pick<ServerConfig, 'backup'>,
  now: Date = new Date(),
): string[] {
  if (!fs.existsSync(config.backup.dir)) return [];
  const cutoff = now.getTime() - config.backup.keepDays * 24 * 60 * 60_000;
  const removed: string[] = [];
  for (const entry of fs.readdirSync(config.backup.dir)) {
    if (!entry.startsWith(BACKUP_PREFIX)) continue;
    const dir = path.join(config.backup.dir, entry);
    let manifest: BackupManifest;
    try {
      manifest = readManifest(dir);
    } catch {
      continue;
    }
    if (manifest.origin !== 'daily' || Date.parse(manifest.created_at) >= cutoff) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
