import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import {
  insertSubmission,
  lexical,
  PNG_BYTES,
  teachingFixture,
  uploadForm,
  type TeachingFixture,
} from './support/teaching';

const DAY = 86_400_000;

interface Listed {
  id: number;
  name: string;
  entity: string;
  entity_id: number;
  entity_title: string;
  task_id: number | null;
  student_name: string | null;
  lesson_id: number;
  url: string;
  abilities: { delete: boolean };
}

describe.each(databaseKinds)('the files list on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  const base = () => `/schools/${fx.school}`;
  const ids: Record<string, number> = {};
  let chapterId = 0;
  let draftChapterId = 0;
  let foreignChapterId = 0;
  let taskId = 0;

  async function upload(token: string, role: string, type: string, entityId: number, name: string) {
    const response = await fetch(`${server.url}/api${base()}/${role}/files`, {
      method: 'POST',
      headers: { Token: token },
      body: uploadForm(
        { type, entity_id: String(entityId), file_type: 'file' },
        { name, bytes: name.endsWith('.png') ? PNG_BYTES : Buffer.from(`Κείμενο ${name}`) },
      ),
    });
    const body = (await response.json()) as { data: { id: number } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.data.id;
  }
  const list = async (role: string, token: string, query = '') => {
    const answer = await api.get<Listed[]>(`${base()}/${role}/files?per_page=100${query}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const names = (rows: Listed[]) => rows.map((r) => r.name).sort();

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_POLL_MS: '50' } });
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, parent, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
    ]);
    const db = server.built.deps.db;
    // The demo's own files are not this test's: only the ones made here are looked at.
    await db.deleteFrom('files').where('school_id', '=', fx.school).execute();
    const chapter = async (lesson: number, published: boolean, title: string, token = teacher) => {
      const role = token === admin ? 'admin' : 'teacher';
      const made = await api.post(
        `${base()}/${role}/chapters`,
        { lesson_id: lesson, title, content: lexical('κείμενο'), published },
        token,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return made.body.data.id as number;
    };
    chapterId = await chapter(fx.shared, true, 'Παραβολή');
    draftChapterId = await chapter(fx.shared, false, 'Πρόχειρο');
    foreignChapterId = await chapter(fx.foreign, true, 'Ξένο', admin);
    const task = await api.post(
      `${base()}/teacher/tasks`,
      {
        lesson_id: fx.shared,
        title: 'Ασκήσεις',
        description: lexical('Λύστε'),
        due_at: new Date(server.built.deps.now().getTime() + 3 * DAY).toISOString(),
        points: 10,
        published: true,
      },
      teacher,
    );
    taskId = task.body.data.id;
    ids.chart = await upload(teacher, 'teacher', 'chapter', chapterId, 'Γράφημα Παραβολής.png');
    ids.draft = await upload(teacher, 'teacher', 'chapter', draftChapterId, 'σημειώσεις.txt');
    ids.foreign = await upload(admin, 'admin', 'chapter', foreignChapterId, 'ξένο.txt');
    ids.worksheet = await upload(teacher, 'teacher', 'task', taskId, 'φύλλο.txt');
    // The student's own work, still a draft; the classmate's, handed in.
    ids.mine = await upload(student, 'student', 'submission', taskId, 'λύση-μου.txt');
    const handedIn = await insertSubmission(db, {
      school: fx.school,
      taskId,
      studentId: fx.classmate.id,
    });
    const classmateFile = await db
      .insertInto('files')
      .values({
        school_id: fx.school,
        lesson_id: fx.shared,
        entity: 'submission',
        entity_id: handedIn,
        storage_key: 'a'.repeat(32),
        name: 'λύση-συμμαθητή.txt',
        content_type: 'text/plain',
        size: 10,
        uploaded_by_user_id: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.classmate = classmateFile.id;
  });
  afterAll(() => server.close());

  it("shows a teacher their lessons' material, drafts too, and only handed-in work", async () => {
    const answer = await list('teacher', teacher);
    expect(names(answer.data)).toEqual(
      ['Γράφημα Παραβολής.png', 'λύση-συμμαθητή.txt', 'σημειώσεις.txt', 'φύλλο.txt'].sort(),
    );
    expect(answer.totalCount).toBe(4);
    const chart = answer.data.find((r) => r.id === ids.chart)!;
    expect(chart).toMatchObject({
      entity: 'chapter',
      entity_id: chapterId,
      entity_title: 'Παραβολή',
      lesson_id: fx.shared,
      abilities: { delete: true },
    });
    // The link opens the file, without the Token header.
    const opened = await fetch(`${server.url}${chart.url}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG_BYTES);
    const work = answer.data.find((r) => r.id === ids.classmate)!;
    expect(work).toMatchObject({ entity: 'submission', task_id: taskId, entity_title: 'Ασκήσεις' });
    expect(work.student_name).toBeTruthy();
    // The teacher does not remove a student's work.
    expect(work.abilities.delete).toBe(false);
  });

  it('filters by type, by record (a submission by its task), by lesson and by name', async () => {
    expect(names((await list('teacher', teacher, '&type=task')).data)).toEqual(['φύλλο.txt']);
    expect(
      names((await list('teacher', teacher, `&type=chapter&entity_id=${chapterId}`)).data),
    ).toEqual(['Γράφημα Παραβολής.png']);
    expect(
      names((await list('teacher', teacher, `&type=submission&entity_id=${taskId}`)).data),
    ).toEqual(['λύση-συμμαθητή.txt']);
    // Accents and case aside, as every search of the app.
    expect(names((await list('teacher', teacher, '&search=ΓΡΑΦΗΜΑ')).data)).toEqual([
      'Γράφημα Παραβολής.png',
    ]);
    // Another lesson's files are not found by asking for that lesson.
    expect((await list('teacher', teacher, `&lesson_id=${fx.foreign}`)).totalCount).toBe(0);
    const paged = await api.get<Listed[]>(
      `${base()}/teacher/files?per_page=3&page=2&sort=name&order=asc`,
      teacher,
    );
    expect(paged.body.totalCount).toBe(4);
    expect(paged.body.data).toHaveLength(1);
    const bad = await api.get(`${base()}/teacher/files?type=lesson`, teacher);
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.type).toBeTruthy();
  });

  it('shows a student published material and their own work, and the office everything', async () => {
    const mine = await list('student', student);
    expect(names(mine.data)).toEqual(['Γράφημα Παραβολής.png', 'λύση-μου.txt', 'φύλλο.txt'].sort());
    const own = mine.data.find((r) => r.id === ids.mine)!;
    expect(own.abilities.delete).toBe(true);
    expect(mine.data.find((r) => r.id === ids.chart)!.abilities.delete).toBe(false);

    // The parent sees the child's lessons' published material; the child's draft is the child's.
    expect(names((await list('client', parent)).data)).toEqual(
      ['Γράφημα Παραβολής.png', 'φύλλο.txt'].sort(),
    );

    const office = await list('admin', admin);
    expect(names(office.data)).toEqual(
      [
        'Γράφημα Παραβολής.png',
        'λύση-συμμαθητή.txt',
        'σημειώσεις.txt',
        'φύλλο.txt',
        'ξένο.txt',
      ].sort(),
    );
  });

  it('keeps each file to its school', async () => {
    const other = await server.built.deps.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.school_id')
      .where('users.email', '=', 'admin@demo.school')
      .where('memberships.role', '=', 'teacher')
      .executeTakeFirstOrThrow();
    const there = await api.get(`/schools/${other.school_id}/teacher/files?per_page=100`, admin);
    expect(there.status).toBe(200);
    expect(there.body.data.map((r: Listed) => r.id)).not.toContain(ids.foreign);
    expect((await api.get(`/schools/${other.school_id}/teacher/files`, teacher)).status).toBe(403);
  });

  it("deletes a task's files and its students' work's files with it, bytes too", async () => {
    const db = server.built.deps.db;
    const made = await api.post(
      `${base()}/teacher/tasks`,
      {
        lesson_id: fx.shared,
        title: 'Προς διαγραφή',
        description: lexical('x'),
        due_at: new Date(server.built.deps.now().getTime() + 3 * DAY).toISOString(),
        points: 5,
        published: true,
      },
      teacher,
    );
    const task = made.body.data.id as number;
    const material = await upload(teacher, 'teacher', 'task', task, 'οδηγίες.png');
    const work = await upload(student, 'student', 'submission', task, 'απάντηση.txt');
    const rows = await db
      .selectFrom('files')
      .select(['id', 'school_id', 'storage_key'])
      .where('id', 'in', [material, work])
      .execute();
    const stored = rows.map((r) =>
      path.join(server.dataDir, 'files', String(r.school_id), r.storage_key),
    );
    expect(stored.every((file) => fs.existsSync(file))).toBe(true);
    const removed = await api.call('DELETE', `${base()}/teacher/tasks/${task}`, { token: teacher });
    expect(removed.status).toBe(200);
    expect(
      await db.selectFrom('files').select('id').where('id', 'in', [material, work]).execute(),
    ).toEqual([]);
    const deadline = Date.now() + 10_000;
    while (stored.some((file) => fs.existsSync(file)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(stored.filter((file) => fs.existsSync(file))).toEqual([]);
  });
  it("deletes a whole lesson's files with it, bytes too", async () => {
    const db = server.built.deps.db;
    const model = await db
      .selectFrom('lessons')
      .select(['course_id', 'period_id'])
      .where('id', '=', fx.shared)
      .executeTakeFirstOrThrow();
    const teacherId = (
      await db
        .selectFrom('lesson_teachers')
        .select('teacher_id')
        .where('lesson_id', '=', fx.shared)
        .executeTakeFirstOrThrow()
    ).teacher_id;
    const lesson = await api.post(
      `${base()}/admin/lessons`,
      { name: 'Θερινό τμήμα', ...model, teacher_ids: [teacherId], active: true },
      admin,
    );
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(200);
    const lessonId = lesson.body.data.id as number;
    const chapter = await api.post(
      `${base()}/teacher/chapters`,
      { lesson_id: lessonId, title: 'Σημειώσεις', content: lexical('x'), published: true },
      teacher,
    );
    const file = await upload(teacher, 'teacher', 'chapter', chapter.body.data.id, 'πίνακας.png');
    const row = await db
      .selectFrom('files')
      .select(['school_id', 'storage_key'])
      .where('id', '=', file)
      .executeTakeFirstOrThrow();
    const stored = path.join(server.dataDir, 'files', String(row.school_id), row.storage_key);
    expect(fs.existsSync(stored)).toBe(true);

    const removed = await api.call('DELETE', `${base()}/admin/lessons/${lessonId}`, {
      token: admin,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await db.selectFrom('files').select('id').where('id', '=', file).execute()).toEqual([]);
    const deadline = Date.now() + 10_000;
    while (fs.existsSync(stored) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(stored)).toBe(false);
  });
});
