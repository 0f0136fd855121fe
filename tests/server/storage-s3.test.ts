import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormPackage } from '../fixtures/scormPackages';
import { startS3StandIn, type S3StandIn } from '../support/s3-standin';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import {
  lexical,
  PNG_BYTES,
  teachingFixture,
  uploadForm,
  type TeachingFixture,
} from './support/teaching';
import { readZip } from './support/zip';
import { localDate } from '../../src/server/areas/calendar/school-time';

// Two API nodes on one database, their uploads in one S3-compatible bucket (the stand-in of
// tests/support, which checks every request's signature), each with a DATA_DIR of its own:
// what one node receives, the other serves, and neither writes uploaded bytes to its disk.

const PREFIX = 'mathema-ci';

describe.each(databaseKinds)('uploads in an S3 bucket shared by two API nodes on %s', (kind) => {
  let s3: S3StandIn;
  let a: TestServer;
  let b: TestServer;
  let onA: ApiClient;
  let onB: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let admin: string;
  const base = () => `/schools/${fx.school}`;
  const objectKeys = (under: string) =>
    [...s3.objects.keys()].filter((key) => key.startsWith(`${PREFIX}/${under}`));
  const storageKeyOf = async (fileId: number) =>
    (
      await a.built.deps.db
        .selectFrom('files')
        .select('storage_key')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow()
    ).storage_key;

  async function upload(
    node: TestServer,
    token: string,
    role: string,
    fields: Record<string, string>,
    file: { name: string; bytes: Buffer; type?: string },
    what = 'files',
  ) {
    const response = await fetch(`${node.url}/api${base()}/${role}/${what}`, {
      method: 'POST',
      headers: { Token: token },
      body: uploadForm(fields, file),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  /** Nothing uploaded lies under a node's DATA_DIR: no files/, scorm/, school_files/, no scratch. */
  function expectNoUploadedBytesOnDisk(node: TestServer) {
    for (const area of ['files', 'scorm', 'school_files'])
      expect(fs.existsSync(path.join(node.dataDir, area)), `${node.dataDir}/${area}`).toBe(false);
    const scratch = path.join(node.dataDir, 'incoming');
    expect(fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).toEqual([]);
  }

  beforeAll(async () => {
    s3 = await startS3StandIn();
    const shared = {
      ...s3.env(PREFIX),
      // Links signed by one node are checked by the other.
      FILES_SIGNING_SECRET: crypto.randomBytes(32).toString('hex'),
      JOBS_POLL_MS: '50',
    };
    a = await startServer(kind, { env: shared });
    const config = a.built.deps.config;
    b = await startServer(kind, {
      env: {
        ...shared,
        REDIS_PREFIX: config.redisPrefix,
        ...(config.database.kind === 'postgres'
          ? { DATABASE_SCHEMA: config.database.schema! }
          : { DATABASE_URL: `sqlite:${config.database.file}` }),
      },
    });
    expect(b.dataDir).not.toBe(a.dataDir);
    fx = await teachingFixture(a.built.deps.db);
    onA = apiClient(a.url);
    onB = apiClient(b.url);
    teacher = await onA.login('teacher@demo.school');
    admin = await onB.login('admin@demo.school');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('keeps the demo files in the bucket from the first start', async () => {
    expect(objectKeys(`files/${fx.school}/`).length).toBeGreaterThan(0);
    expect(objectKeys('scorm/').length).toBeGreaterThan(0);
    const logo = await fetch(`${b.url}/api/school-files/athens-logo.svg`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toContain('<svg');
    expectNoUploadedBytesOnDisk(a);
    expectNoUploadedBytesOnDisk(b);
  });

  it('serves from one node a lesson file uploaded to the other, and its deletion removes the object', async () => {
    const chapter = await onA.post(
      `${base()}/teacher/chapters`,
      { lesson_id: fx.shared, title: 'Παραβολές', content: lexical('y = x²'), published: true },
      teacher,
    );
    expect(chapter.status, JSON.stringify(chapter.body)).toBe(200);
    const bytes = Buffer.concat([PNG_BYTES, crypto.randomBytes(200_000)]);
    const uploaded = await upload(
      a,
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(chapter.body.data.id) },
      { name: 'παραβολή.png', bytes, type: 'image/png' },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const file = uploaded.body.data;
    const key = `${PREFIX}/files/${fx.school}/${await storageKeyOf(file.id)}`;
    expect(s3.objects.get(key)?.equals(bytes)).toBe(true);
    expectNoUploadedBytesOnDisk(a);

    const download = await fetch(`${b.url}${file.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const removed = await onB.call('DELETE', `${base()}/teacher/files/${file.id}`, {
      token: teacher,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await expect.poll(() => s3.objects.has(key), { timeout: 10_000 }).toBe(false);
    expect(s3.requests).toContainEqual({ method: 'DELETE', key, status: 204 });
    expect((await fetch(`${a.url}${file.url}`)).status).toBe(404);
    expectNoUploadedBytesOnDisk(a);
    expectNoUploadedBytesOnDisk(b);
  });

  it('keeps an absence document uploaded on one node for the office on the other', async () => {
    const today = localDate(a.built.deps.now(), a.built.deps.config.timeZone);
    const taken = await onA.call(
      'PUT',
      `${base()}/teacher/lessons/${fx.shared}/attendance/${today}`,
      { token: teacher, body: { entries: [{ student_id: fx.student, status: 'absent' }] } },
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const list = await onB.get(
      `${base()}/admin/absences?student_id=${fx.student}&from=${today}&lesson_id=${fx.shared}`,
      admin,
    );
    const record = list.body.data[0];
    const uploaded = await upload(
      b,
      admin,
      'admin',
      { type: 'absence', entity_id: String(record.id) },
      { name: 'βεβαίωση.png', bytes: PNG_BYTES, type: 'image/png' },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const key = `${PREFIX}/files/${fx.school}/${await storageKeyOf(uploaded.body.data.id)}`;
    expect(s3.objects.get(key)?.equals(PNG_BYTES)).toBe(true);
    const detail = await onA.get(`${base()}/admin/absences/${fx.student}`, admin);
    const withFiles = detail.body.data.records.find((r: { id: number }) => r.id === record.id);
    const served = await fetch(`${a.url}${withFiles.files[0].url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    expectNoUploadedBytesOnDisk(b);
  });

  it('plays on one node a SCORM package unpacked on the other; deleting it removes its files', async () => {
    const uploaded = await upload(
      a,
      teacher,
      'teacher',
      { lesson_id: String(fx.shared) },
      { name: 'package.zip', bytes: await scormPackage('1.2'), type: 'application/zip' },
      'scorm',
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const pkg = uploaded.body.data;
    const row = await a.built.deps.db
      .selectFrom('scorm_packages')
      .select('storage_key')
      .where('id', '=', pkg.id)
      .executeTakeFirstOrThrow();
    const under = `scorm/${fx.school}/${row.storage_key}/`;
    expect(objectKeys(under)).toHaveLength(pkg.file_count);

    const preview = await onB.post(`${base()}/teacher/scorm/${pkg.id}/launch`, {}, teacher);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const page = await fetch(`${b.url}${preview.body.data.content_url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('window.API =');
    const script = await fetch(
      `${a.url}${preview.body.data.content_url}`.replace(/index\.html$/, 'player.js'),
    );
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');

    const removed = await onB.call('DELETE', `${base()}/teacher/scorm/${pkg.id}`, {
      token: teacher,
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => objectKeys(under).length, { timeout: 10_000 }).toBe(0);
    expectNoUploadedBytesOnDisk(a);
    expectNoUploadedBytesOnDisk(b);
  });

  it('serves from one node a logo and a photo uploaded to the other', async () => {
    const logoBytes = Buffer.concat([PNG_BYTES, Buffer.from('logo')]);
    const form = uploadForm({}, { name: 'logo.png', bytes: logoBytes, type: 'image/png' });
    const logo = await fetch(`${a.url}/api${base()}/admin/settings/logo`, {
      method: 'POST',
      headers: { Token: admin },
      body: form,
    });
    expect(logo.status).toBe(200);
    const { logo: logoName } = ((await logo.json()) as { data: { logo: string } }).data;
    expect(s3.objects.get(`${PREFIX}/school_files/${logoName}`)?.equals(logoBytes)).toBe(true);
    const servedLogo = await fetch(`${b.url}/api/school-files/${logoName}`);
    expect(servedLogo.status).toBe(200);
    expect(Buffer.from(await servedLogo.arrayBuffer()).equals(logoBytes)).toBe(true);

    const photo = await fetch(`${b.url}/api/account/photo`, {
      method: 'POST',
      headers: { Token: teacher },
      body: uploadForm({}, { name: 'me.png', bytes: PNG_BYTES, type: 'image/png' }),
    });
    expect(photo.status).toBe(200);
    const photoName = ((await photo.json()) as { data: { logo: string } }).data.logo;
    expect((await fetch(`${a.url}/api/school-files/${photoName}`)).status).toBe(200);
    // Removed on one node: gone from the bucket, so from both.
    expect((await onA.call('DELETE', '/account/photo', { token: teacher })).status).toBe(200);
    expect(s3.objects.has(`${PREFIX}/school_files/${photoName}`)).toBe(false);
    expect((await fetch(`${b.url}/api/school-files/${photoName}`)).status).toBe(404);
    expectNoUploadedBytesOnDisk(a);
    expectNoUploadedBytesOnDisk(b);
  });

  it('keeps nothing when the bucket fails: a server error, no row, no scratch file left', async () => {
    const chapter = await onA.post(
      `${base()}/teacher/chapters`,
      { lesson_id: fx.shared, title: 'Λογάριθμοι', content: lexical('log x'), published: true },
      teacher,
    );
    const filesBefore = await a.built.deps.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const packagesBefore = await a.built.deps.db
      .selectFrom('scorm_packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const objectsBefore = s3.objects.size;
    s3.failWrites = true;
    try {
      const file = await upload(
        a,
        teacher,
        'teacher',
        { type: 'chapter', entity_id: String(chapter.body.data.id) },
        { name: 'log.png', bytes: PNG_BYTES, type: 'image/png' },
      );
      // The store's failure is the server's, not the user's file: 500, nothing of S3 told.
      expect(file.status).toBe(500);
      expect(file.body.error).toBe('internal');
      expect(JSON.stringify(file.body)).not.toMatch(/S3|SlowDown|mathema-test/);
      const pkg = await upload(
        a,
        teacher,
        'teacher',
        { lesson_id: String(fx.shared) },
        { name: 'package.zip', bytes: await scormPackage('2004'), type: 'application/zip' },
        'scorm',
      );
      expect(pkg.status).toBe(500);
      expect(pkg.body.error).toBe('internal');
    } finally {
      s3.failWrites = false;
    }
    // Retried before giving up: the file (it can be sent again) three times.
    expect(s3.requests.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(4);
    const filesAfter = await a.built.deps.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const packagesAfter = await a.built.deps.db
      .selectFrom('scorm_packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(filesAfter.n)).toBe(Number(filesBefore.n));
    expect(Number(packagesAfter.n)).toBe(Number(packagesBefore.n));
    expect(s3.objects.size).toBe(objectsBefore);
    expectNoUploadedBytesOnDisk(a);
  });

  // Last: it erases the demo teacher.
  it("exports on one node a person's files uploaded to the other, and erasing removes them", async () => {
    const chapter = await onA.post(
      `${base()}/teacher/chapters`,
      { lesson_id: fx.shared, title: 'Εκθετικές', content: lexical('2^x'), published: true },
      teacher,
    );
    const bytes = Buffer.concat([PNG_BYTES, crypto.randomBytes(5000)]);
    const uploaded = await upload(
      a,
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(chapter.body.data.id) },
      { name: 'graph.png', bytes, type: 'image/png' },
    );
    expect(uploaded.status).toBe(200);
    const file = uploaded.body.data;
    const key = `${PREFIX}/files/${fx.school}/${await storageKeyOf(file.id)}`;
    const teacherId = (
      await a.built.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'teacher@demo.school')
        .executeTakeFirstOrThrow()
    ).id;
    const exported = await fetch(`${b.url}/api${base()}/admin/people/${teacherId}/export`, {
      headers: { Token: admin },
    });
    expect(exported.status).toBe(200);
    const entries = readZip(Buffer.from(await exported.arrayBuffer()));
    expect(entries.get(`files/${file.id}-graph.png`)?.equals(bytes)).toBe(true);

    const erased = await onB.post(
      `${base()}/admin/people/${teacherId}/erase`,
      { confirmation: 'ERASE' },
      admin,
    );
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
  });

  it('does not start a node whose S3 secret is wrong', async () => {
    await expect(
      startServer(kind, {
        seedDemo: false,
        env: { ...s3.env(PREFIX), S3_SECRET_ACCESS_KEY: 'not-the-secret' },
      }),
    ).rejects.toThrow(/refused the access key/);
  });
});
