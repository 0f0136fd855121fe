import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { createBackup, pruneDailyBackups, readManifest } from '../../src/server/ops/backup';
import { OperationsError } from '../../src/server/ops/operations-error';
import { restoreBackup } from '../../src/server/ops/restore';
import { apiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture } from './support/teaching';
import { startS3StandIn } from '../support/s3-standin';

/** Every file under a folder with its size, by path relative to it. */
function fileList(root: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (!fs.existsSync(root)) return out;
  for (const entry of fs.readdirSync(root, { recursive: true }) as string[]) {
    const full = path.join(root, entry);
    if (fs.statSync(full).isFile()) out[entry] = fs.statSync(full).size;
  }
  return out;
}

describe.each(databaseKinds)('backup and restore on %s', (kind) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('copies a serving, writing server; the restored copy answers the same lists', async () => {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-backups-'));
    cleanup.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
    const source: TestServer = await startServer(kind, { env: { BACKUP_DIR: backupDir } });
    const api = apiClient(source.url);
    const admin = await api.login('admin@demo.school');
    const athens = (await source.built.deps.db
      .selectFrom('schools')
      .select('id')
      .where('name', 'like', '%Athens%')
      .executeTakeFirstOrThrow())!.id;
    const list = (resource: string, url = source.url, token = admin, query = '') =>
      apiClient(url).get(`/schools/${athens}/admin/${resource}?per_page=100&${query}`, token);
    const tagCount = async (url = source.url, token = admin) => {
      const answer = await list('tags', url, token, 'sort=name');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.totalCount!;
    };
    // Something in DATA_DIR/files beside the database, as uploads leave there.
    fs.mkdirSync(path.join(source.dataDir, 'files', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, 'files', 'ab', 'upload.bin'), 'a scanned page');
    const tagsBefore = await tagCount();

    // Writes keep landing while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const created = await api.post(
          `/schools/${athens}/admin/tags`,
          { name: `during-backup-${written}`, color: '#336699' },
          admin,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        written += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const folder = await createBackup(source.built.deps.config);
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);

    const manifest = readManifest(folder);
    expect(manifest.database).toBe(kind);
    expect(manifest.data_entries).toContain('files');
    expect(fs.readdirSync(backupDir).filter((e) => e.endsWith('.partial'))).toEqual([]);

    const students = (await list('students')).body;
    const lessons = (await list('lessons')).body;
    expect([students.status, lessons.status]).toEqual(['ok', 'ok']);
    const tagsAfter = await tagCount();
    const files = fileList(path.join(source.dataDir, 'files'));
    const schema = (source.built.deps.config.database as { schema?: string }).schema;
    await source.close();

    // Into a new DATA_DIR (and, on PostgreSQL, the same schema name, now dropped).
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-restored-'));
    cleanup.push(() => fs.rmSync(targetDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: targetDir,
      ...(kind === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema! }
        : {}),
    };
    if (kind === 'postgres')
      cleanup.push(async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      });
    const targetConfig: ServerConfig = loadConfig(env);
    await restoreBackup(targetConfig, folder, { force: false });
    expect(fileList(path.join(targetDir, 'files'))).toEqual(files);

    // A second restore over it is refused without --force and changes nothing.
    await expect(restoreBackup(targetConfig, folder, { force: false })).rejects.toThrow(
      OperationsError,
    );
    await restoreBackup(targetConfig, folder, { force: true });

    const restored = await startServer(kind, { env: { ...env, SEED_DEMO: 'true' } });
    cleanup.push(() => restored.close());
    const again = await apiClient(restored.url).login('admin@demo.school');
    const restoredStudents = (await list('students', restored.url, again)).body;
    expect(students.data.length).toBeGreaterThan(0);
    expect(lessons.data.length).toBeGreaterThan(0);
    expect(restoredStudents.totalCount).toBe(students.totalCount);
    expect(restoredStudents.data).toEqual(students.data);
    expect((await list('lessons', restored.url, again)).body.data).toEqual(lessons.data);
    // The copy is one moment between the first and the last write: whole rows, none torn.
    const restoredTags = await tagCount(restored.url, again);
    expect(restoredTags).toBeGreaterThanOrEqual(tagsBefore);
    expect(restoredTags).toBeLessThanOrEqual(tagsAfter);
  }, 120_000);

  it('refuses a backup of the other database kind and a folder that is no backup', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-not-a-backup-'));
    cleanup.push(() => fs.rmSync(empty, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: empty });
    await expect(restoreBackup(config, empty, { force: true })).rejects.toThrow(/not a Mathema/);
    fs.writeFileSync(
      path.join(empty, 'manifest.json'),
      JSON.stringify({ format: 1, database: 'postgres', schema: null, data_entries: [] }),
    );
    await expect(restoreBackup(config, empty, { force: true })).rejects.toThrow(/postgres/);
  });
});

describe.each(databaseKinds)('backup with the uploads in an S3 bucket on %s', (kind) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('records the bucket and copies none of its objects; a restore needs the same kind of store', async () => {
    const s3 = await startS3StandIn();
    cleanup.push(() => s3.close());
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-backups-'));
    cleanup.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
    const s3Env = { ...s3.env('site-a'), FILES_SIGNING_SECRET: 'k'.repeat(40) };
    const source = await startServer(kind, { env: { ...s3Env, BACKUP_DIR: backupDir } });
    const fx = await teachingFixture(source.built.deps.db);
    const file = await source.built.deps.db
      .selectFrom('files')
      .select(['id', 'storage_key'])
      .where('school_id', '=', fx.school)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const objectsBefore = s3.objects.size;
    const folder = await createBackup(source.built.deps.config);
    const manifest = readManifest(folder);
    expect(manifest.uploads).toEqual({
      kind: 's3',
      endpoint: s3.url,
      region: s3.region,
      bucket: s3.bucket,
      prefix: 'site-a/',
    });
    expect(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')).not.toContain(
      s3.secretAccessKey,
    );
    // DATA_DIR is copied (its keys), but it holds no uploads: the objects stay in the bucket.
    expect(manifest.data_entries).toContain('secrets');
    for (const area of ['files', 'scorm', 'school_files', 'incoming'])
      expect(manifest.data_entries).not.toContain(area);
    expect(s3.objects.size).toBe(objectsBefore);
    const schema = (source.built.deps.config.database as { schema?: string }).schema;
    await source.close();

    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-restored-'));
    cleanup.push(() => fs.rmSync(targetDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: targetDir,
      ...(kind === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema! }
        : {}),
    };
    if (kind === 'postgres')
      cleanup.push(async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      });
    // Restored without the bucket, every file would be missing: refused, nothing written.
    await expect(restoreBackup(loadConfig(env), folder, { force: false })).rejects.toThrow(
      /uploaded files are in the S3 bucket "mathema-test"/,
    );
    expect(fs.readdirSync(targetDir)).toEqual([]);
    await restoreBackup(loadConfig({ ...env, ...s3Env }), folder, { force: false });

    // The restored database finds its files in the bucket.
    const restored = await startServer(kind, { env: { ...env, ...s3Env } });
    cleanup.push(() => restored.close());
    const admin = await apiClient(restored.url).login('admin@demo.school');
    const files = await apiClient(restored.url).get(
      `/schools/${fx.school}/admin/files?per_page=100`,
      admin,
    );
    expect(files.status, JSON.stringify(files.body)).toBe(200);
    const listed = files.body.data.find((f: { id: number }) => f.id === file.id);
    const download = await fetch(`${restored.url}${listed.url}`);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer()).equals(
        s3.objects.get(`site-a/files/${fx.school}/${file.storage_key}`)!,
      ),
    ).toBe(true);

    // A backup whose uploads were in DATA_DIR is not restored under S3 settings.
    const local = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-local-backup-'));
    cleanup.push(() => fs.rmSync(local, { recursive: true, force: true }));
    fs.writeFileSync(
      path.join(local, 'manifest.json'),
      JSON.stringify({ format: 1, database: kind, schema: null, data_entries: ['files'] }),
    );
    await expect(
      restoreBackup(loadConfig({ ...env, ...s3Env }), local, { force: true }),
    ).rejects.toThrow(/without the S3_\* settings/);
  }, 120_000);
});

describe('daily backups', () => {
  it('keeps the daily copies of the last BACKUP_KEEP_DAYS days and never a manual one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-daily-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP_DAYS: '3' });
      // A tiny database of its own: the backup only needs a file SQLite can open.
      const { default: SQLite } = await import('better-sqlite3');
      new SQLite(path.join(dataDir, 'mathema.db')).exec('CREATE TABLE t (x)').close();
      const day = 24 * 60 * 60_000;
      const now = new Date('2026-03-10T03:00:00Z');
      const at = (days: number) => new Date(now.getTime() - days * day);
      const old = await createBackup(config, { now: at(5), origin: 'daily' });
      const recent = await createBackup(config, { now: at(1), origin: 'daily' });
      const manual = await createBackup(config, { now: at(9), origin: 'manual' });
      expect(pruneDailyBackups(config, now)).toEqual([old]);
      expect(fs.existsSync(recent)).toBe(true);
      expect(fs.existsSync(manual)).toBe(true);
      expect(fs.existsSync(old)).toBe(false);
      // The backups live in DATA_DIR/backups by default and are not copied into themselves.
      expect(readManifest(recent).data_entries).not.toContain('backups');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
