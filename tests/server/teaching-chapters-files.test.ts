import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import {
  lexical,
  PNG_BYTES,
  teachingFixture,
  uploadForm,
  type TeachingFixture,
} from './support/teaching';

describe.each(databaseKinds)('chapters and files on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  const base = () => `/schools/${fx.school}`;

  beforeAll(async () => {
    server = await startServer(kind, {
      env: { FILES_MAX_BYTES: '65536', FILES_LINK_TTL_SECONDS: '600', JOBS_POLL_MS: '50' },
    });
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, parent] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
    ]);
  });
  afterAll(() => server.close());

  async function upload(
    token: string,
    role: string,
    fields: Record<string, string>,
    file: { name: string; bytes: Buffer },
  ) {
    const response = await fetch(`${server.url}/api${base()}/${role}/files`, {
      method: 'POST',
      headers: { Token: token },
      body: uploadForm(fields, file),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  async function newChapter(published: boolean, title = 'Δευτεροβάθμιες εξισώσεις') {
    const created = await api.post(
      `${base()}/teacher/chapters`,
      { lesson_id: fx.shared, title, content: lexical('Η διακρίνουσα Δ'), published },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data;
  }

  it('keeps a draft with the teacher, and shows it to the class and parents once published', async () => {
    const chapter = await newChapter(false);
    expect(chapter.content).toEqual(lexical('Η διακρίνουσα Δ'));
    expect(chapter.abilities).toEqual({ update: true, delete: true });
    expect((await api.get(`${base()}/student/chapters/${chapter.id}`, student)).status).toBe(404);
    const before = await api.get(`${base()}/student/chapters?per_page=100`, student);
    expect(before.body.data.map((c: { id: number }) => c.id)).not.toContain(chapter.id);

    const published = await api.call('PUT', `${base()}/teacher/chapters/${chapter.id}`, {
      token: teacher,
      body: { published: true },
    });
    expect(published.body.data.published).toBe(true);
    // Changing the title alone keeps the chapter published.
    const renamed = await api.call('PUT', `${base()}/teacher/chapters/${chapter.id}`, {
      token: teacher,
      body: { title: 'Η διακρίνουσα' },
    });
    expect(renamed.body.data).toMatchObject({ title: 'Η διακρίνουσα', published: true });
    const seen = await api.get(`${base()}/student/chapters/${chapter.id}`, student);
    expect(seen.status).toBe(200);
    expect(seen.body.data.abilities).toEqual({ update: false, delete: false });
    expect(seen.body.data.read).toBe(false);
    // The plain text is searchable, accents and case aside.
    const found = await api.get(`${base()}/student/chapters?search=διακρινουσα`, student);
    expect(found.body.data.map((c: { id: number }) => c.id)).toContain(chapter.id);
    // A wildcard is a character like any other, not "everything".
    expect((await api.get(`${base()}/student/chapters?search=%25`, student)).body.totalCount).toBe(
      0,
    );
    const read = await api.post(`${base()}/student/chapters/${chapter.id}/read`, {}, student);
    expect(read.body.data.read).toBe(true);
    const family = await api.get(`${base()}/client/chapters/${chapter.id}`, parent);
    expect(family.status).toBe(200);
    // Students cannot write, or change the teacher's chapter.
    const change = await api.call('PUT', `${base()}/student/chapters/${chapter.id}`, {
      token: student,
      body: { title: 'x' },
    });
    expect(change.status).toBe(403);
  });

  it("refuses a chapter for a lesson the teacher does not teach, with the rule's code", async () => {
    const refused = await api.post(
      `${base()}/teacher/chapters`,
      { lesson_id: fx.foreign, title: 'Not mine', content: lexical('x') },
      teacher,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.issues).toEqual([{ code: 'not_your_lesson', field: 'lesson_id' }]);
  });

  it('accepts only an editor state of bounded size and depth', async () => {
    const post = (content: unknown) =>
      api.post(
        `${base()}/teacher/chapters`,
        { lesson_id: fx.shared, title: 'Bad', content },
        teacher,
      );
    expect((await post('<p>html</p>')).status).toBe(400);
    expect((await post({ no: 'root' })).status).toBe(400);
    let deep: Record<string, unknown> = { type: 'text', text: 'x' };
    for (let i = 0; i < 26; i++) deep = { type: 'paragraph', children: [deep] };
    expect((await post({ root: { type: 'root', children: [deep] } })).status).toBe(400);
    const huge = {
      root: { type: 'root', children: [{ type: 'text', text: 'α'.repeat(210_000) }] },
    };
    const tooLong = await post(huge);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields?.content).toBe('This text is too long');
  });

  it('stores uploads by their sniffed type and opens them only through a fresh signed link', async () => {
    const chapter = await newChapter(true, 'Με εικόνα');
    const uploaded = await upload(
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(chapter.id), file_type: 'file' },
      { name: 'graph.png', bytes: PNG_BYTES },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const file = uploaded.body.data;
    expect(file.content_type).toBe('image/png');
    expect(file.url).toMatch(/^\/api\/files\/\d+\?expires=\d+&signature=/);

    // An <img> sends no Token: the link alone opens it, inline.
    const opened = await fetch(`${server.url}${file.url}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(opened.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG_BYTES);

    // The reader of the chapter gets the files with links of their own.
    const seen = await api.get(`${base()}/student/chapters/${chapter.id}`, student);
    expect(seen.body.data.files.map((f: { id: number }) => f.id)).toEqual([file.id]);

    // A link names one file: its signature does not open another.
    const other = await upload(
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(chapter.id) },
      { name: 'notes.txt', bytes: Buffer.from('Σημειώσεις') },
    );
    const forged = file.url.replace(`/files/${file.id}?`, `/files/${other.body.data.id}?`);
    const refused = await fetch(`${server.url}${forged}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('This link is not valid.');

    // And it expires.
    server.advanceClock(601_000);
    const late = await fetch(`${server.url}${file.url}`);
    expect(late.status).toBe(403);
    expect(((await late.json()) as { message: string }).message).toMatch(/expired/);
    const fresh = await api.get(`${base()}/student/chapters/${chapter.id}`, student);
    expect((await fetch(`${server.url}${fresh.body.data.files[0].url}`)).status).toBe(200);
  });

  it('refuses programs whatever their name, and serves markup only as a download', async () => {
    const chapter = await newChapter(true, 'Αρχεία');
    const fields = { type: 'chapter', entity_id: String(chapter.id), file_type: 'file' };
    const program = await upload(teacher, 'teacher', fields, {
      name: 'photo.png',
      bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
    });
    expect(program.status).toBe(400);
    expect(program.body.issues).toEqual([{ code: 'file_type_refused', field: 'file' }]);
    const script = await upload(teacher, 'teacher', fields, {
      name: 'run.png',
      bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'),
    });
    expect(script.status).toBe(400);

    const page = await upload(teacher, 'teacher', fields, {
      name: 'page.png',
      bytes: Buffer.from('<!DOCTYPE html><script>alert(1)</script>'),
    });
    expect(page.status).toBe(200);
    expect(page.body.data.content_type).toBe('text/html');
    const opened = await fetch(`${server.url}${page.body.data.url}`);
    expect(opened.headers.get('content-type')).toBe('application/octet-stream');
    expect(opened.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 413 beyond FILES_MAX_BYTES and keeps nothing of it', async () => {
    const chapter = await newChapter(true, 'Μεγάλο');
    const tooBig = await upload(
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(chapter.id) },
      {
        name: 'big.pdf',
        bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(70_000, 0x20)]),
      },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('too_large');
    const rows = await server.built.deps.db
      .selectFrom('files')
      .select('id')
      .where('entity', '=', 'chapter')
      .where('entity_id', '=', chapter.id)
      .execute();
    expect(rows).toEqual([]);
    const incoming = path.join(server.dataDir, 'files', 'incoming');
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  });

  it('uploads only with every field, and only to what the caller may change', async () => {
    const chapter = await newChapter(true, 'Πεδία');
    const missing = await upload(
      teacher,
      'teacher',
      { type: 'chapter' },
      { name: 'a.txt', bytes: Buffer.from('a') },
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toContain('entity_id');
    const byStudent = await upload(
      student,
      'student',
      { type: 'chapter', entity_id: String(chapter.id) },
      { name: 'a.txt', bytes: Buffer.from('a') },
    );
    expect(byStudent.status).toBe(403);
    const foreignChapter = await server.built.deps.db
      .insertInto('chapters')
      .values({
        school_id: fx.school,
        lesson_id: fx.foreign,
        title: 'x',
        content: '{"root":{"children":[]}}',
        content_text: '',
        published: 1,
        published_at: null,
        sort_order: 1,
        author_user_id: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const intoForeign = await upload(
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(foreignChapter.id) },
      { name: 'a.txt', bytes: Buffer.from('a') },
    );
    expect(intoForeign.status).toBe(404);
    expect((await api.get(`${base()}/student/chapters/${foreignChapter.id}`, student)).status).toBe(
      404,
    );
  });

  it("deletes a chapter's files with it: rows at once, bytes by a job", async () => {
    const chapter = await newChapter(true, 'Προς διαγραφή');
    const uploaded = await upload(
      teacher,
      'teacher',
      { type: 'chapter', entity_id: String(chapter.id) },
      { name: 'g.png', bytes: PNG_BYTES },
    );
    const db = server.built.deps.db;
    const row = await db
      .selectFrom('files')
      .select(['storage_key', 'school_id'])
      .where('id', '=', uploaded.body.data.id)
      .executeTakeFirstOrThrow();
    const stored = path.join(server.dataDir, 'files', String(row.school_id), row.storage_key);
    expect(fs.existsSync(stored)).toBe(true);
    expect(
      (await api.call('DELETE', `${base()}/teacher/chapters/${chapter.id}`, { token: teacher }))
        .status,
    ).toBe(200);
    expect(
      await db.selectFrom('files').select('id').where('id', '=', uploaded.body.data.id).execute(),
    ).toEqual([]);
    const deadline = Date.now() + 10_000;
    while (fs.existsSync(stored) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(stored)).toBe(false);
    expect((await fetch(`${server.url}${uploaded.body.data.url}`)).status).toBe(404);
  });
});
