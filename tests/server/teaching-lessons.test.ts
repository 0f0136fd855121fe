import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { insertFileRow, lexical, teachingFixture, type TeachingFixture } from './support/teaching';

// Lesson templates (their material, a lesson made from one) and the list of a lesson's files.

describe.each(databaseKinds)('lesson templates and lesson files on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  let template: number;
  const db = () => server.built.deps.db;
  const base = () => `/schools/${fx.school}`;

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    [teacher, student, parent, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
    ]);
    template = (
      await db()
        .selectFrom('lesson_templates')
        .select('id')
        .where('school_id', '=', fx.school)
        .where('name', 'like', 'Άλγεβρα%')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it("shows a template's chapters and tasks to teachers and the office, not to students or parents", async () => {
    const seen = await api.get(`${base()}/teacher/lessons-templates/${template}/material`, teacher);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const material = seen.body.data;
    expect(material.name).toMatch(/^Άλγεβρα/);
    expect(material.course_name).toBe('Mathematics');
    expect(material.chapters.map((c: { title: string }) => c.title)).toEqual([
      'Δευτεροβάθμιες εξισώσεις',
      'Τριγωνομετρικοί αριθμοί',
    ]);
    expect(material.chapters[0].excerpt).toContain('δευτεροβάθμια');
    expect(material.tasks).toHaveLength(3);
    expect(material.tasks[0]).toMatchObject({
      points: 20,
      open_offset_days: 0,
      due_offset_days: 7,
    });
    expect(material.abilities).toEqual({ create_lesson: true, edit_material: false });
    const office = await api.get(`${base()}/admin/lessons-templates/${template}/material`, admin);
    expect(office.status).toBe(200);
    for (const [role, token] of [
      ['student', student],
      ['client', parent],
    ] as const)
      expect(
        (await api.get(`${base()}/${role}/lessons-templates/${template}/material`, token)).status,
      ).toBe(403);
    // The demo teacher's templates list (the engine's resource) holds the demo's templates.
    const list = await api.get(`${base()}/teacher/lessons-templates`, teacher);
    expect(list.body.data.map((t: { id: number }) => t.id)).toContain(template);
  });

  it('makes a lesson from a template: the teacher teaches it, chapters and tasks copied as drafts', async () => {
    const lessonsBefore = await db().selectFrom('lessons').select('id').execute();
    const made = await api.post(
      `${base()}/teacher/lessons-templates/${template}/lessons`,
      { name: 'Άλγεβρα Β2', start_date: '2026-09-14' },
      teacher,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'Άλγεβρα Β2', chapters: 2, tasks: 3 });
    const lessonId = made.body.data.lesson_id as number;
    expect(lessonsBefore.map((l) => l.id)).not.toContain(lessonId);

    // The lesson is the school's, in its current period, with the template's course, and the
    // teacher's own (it opens on their lesson screen).
    const lesson = await db()
      .selectFrom('lessons')
      .selectAll()
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    expect(lesson.school_id).toBe(fx.school);
    const current = await db()
      .selectFrom('periods')
      .select('id')
      .where('school_id', '=', fx.school)
      .where('is_current', '=', 1)
      .executeTakeFirstOrThrow();
    expect(lesson.period_id).toBe(current.id);
    expect((await api.get(`${base()}/teacher/lessons/${lessonId}`, teacher)).status).toBe(200);

    // Every chapter and task, complete, unpublished, in order.
    const chapters = await api.get(`${base()}/teacher/chapters?lesson_id=${lessonId}`, teacher);
    expect(chapters.body.totalCount).toBe(2);
    expect(chapters.body.data.map((c: { title: string }) => c.title)).toEqual([
      'Δευτεροβάθμιες εξισώσεις',
      'Τριγωνομετρικοί αριθμοί',
    ]);
    expect(chapters.body.data.every((c: { published: boolean }) => !c.published)).toBe(true);
    expect(chapters.body.data[0].abilities).toEqual({ update: true, delete: true });
    const source = await db()
      .selectFrom('lesson_template_chapters')
      .select(['title', 'content'])
      .where('template_id', '=', template)
      .orderBy('sort_order')
      .execute();
    const copied = await db()
      .selectFrom('chapters')
      .select(['title', 'content'])
      .where('lesson_id', '=', lessonId)
      .orderBy('sort_order')
      .execute();
    expect(copied).toEqual(source);

    const tasks = await db()
      .selectFrom('tasks')
      .selectAll()
      .where('lesson_id', '=', lessonId)
      .orderBy('due_at')
      .execute();
    expect(tasks.map((t) => [t.title, t.points, t.accept_late, t.published])).toEqual([
      ['Ασκήσεις: δευτεροβάθμιες εξισώσεις', 20, 1, 0],
      ['Τριγωνομετρικοί αριθμοί: φύλλο εργασίας', 15, 0, 0],
      ['Επαναληπτικό διαγώνισμα', 50, 0, 0],
    ]);
    // Days after the start, in school time (Athens, summer time: UTC+3).
    expect(tasks[0]!.open_at).toBe('2026-09-14T05:00:00.000Z');
    expect(tasks[0]!.due_at).toBe('2026-09-21T17:00:00.000Z');
    expect(tasks[2]!.due_at).toBe('2026-10-12T17:00:00.000Z');
    expect(JSON.parse(tasks[0]!.description).root.children[0].children[0].text).toMatch(/^Λύστε/);
    // Drafts: nobody was told, and the students see nothing of it.
    const told = await db()
      .selectFrom('notifications')
      .select('id')
      .where('entity', '=', 'task')
      .where(
        'entity_id',
        'in',
        tasks.map((t) => t.id),
      )
      .execute();
    expect(told).toHaveLength(0);
  });

  it('lets the office make a lesson with no teacher, and checks the references are the school’s', async () => {
    const made = await api.post(
      `${base()}/admin/lessons-templates/${template}/lessons`,
      { name: 'Άλγεβρα Β3' },
      admin,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const teachers = await db()
      .selectFrom('lesson_teachers')
      .select('id')
      .where('lesson_id', '=', made.body.data.lesson_id)
      .execute();
    expect(teachers).toHaveLength(0);

    const otherPeriod = await db()
      .selectFrom('periods')
      .select('id')
      .where('school_id', '!=', fx.school)
      .executeTakeFirstOrThrow();
    const refused = await api.post(
      `${base()}/teacher/lessons-templates/${template}/lessons`,
      { name: 'Λάθος περίοδος', period_id: otherPeriod.id },
      teacher,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('period_id');
    const nameless = await api.post(
      `${base()}/teacher/lessons-templates/${template}/lessons`,
      { name: '  ' },
      teacher,
    );
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields).toHaveProperty('name');
  });

  it('refuses students, parents and other schools, writing nothing', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('lessons')
            .select(db().fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [role, token] of [
      ['student', student],
      ['client', parent],
    ] as const) {
      const refused = await api.post(
        `${base()}/${role}/lessons-templates/${template}/lessons`,
        { name: 'Όχι' },
        token,
      );
      expect(refused.status).toBe(403);
    }
    // admin@demo.school teaches in Thessaloniki: Athens' template is not found there.
    const thessaloniki = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('id', '!=', fx.school)
        .executeTakeFirstOrThrow()
    ).id;
    const elsewhere = await api.post(
      `/schools/${thessaloniki}/teacher/lessons-templates/${template}/lessons`,
      { name: 'Όχι' },
      admin,
    );
    expect(elsewhere.status).toBe(404);
    expect(
      (
        await api.get(
          `/schools/${thessaloniki}/teacher/lessons-templates/${template}/material`,
          admin,
        )
      ).status,
    ).toBe(404);
    // The Athens teacher holds no role in Thessaloniki.
    expect(
      (
        await api.post(
          `/schools/${thessaloniki}/teacher/lessons-templates/${template}/lessons`,
          { name: 'Όχι' },
          teacher,
        )
      ).status,
    ).toBe(403);
    expect(await count()).toBe(before);
  });

  it("saves a lesson's chapters and tasks as a new template, for the lesson's teachers only", async () => {
    const inLesson = async (table: 'chapters' | 'tasks') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select(db().fn.countAll<number>().as('n'))
            .where('lesson_id', '=', fx.shared)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [chapterCount, taskCount] = [await inLesson('chapters'), await inLesson('tasks')];
    expect(taskCount).toBeGreaterThan(0);
    const saved = await api.post(
      `${base()}/teacher/lessons/${fx.shared}/template`,
      { name: 'Μαθηματικά Α1 — πρότυπο τάξης', duration_minutes: 90 },
      teacher,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ chapters: chapterCount, tasks: taskCount });
    const material = await api.get(
      `${base()}/teacher/lessons-templates/${saved.body.data.template_id}/material`,
      teacher,
    );
    expect(material.body.data.chapters).toHaveLength(chapterCount);
    const offsets = material.body.data.tasks.map(
      (t: { open_offset_days: number; due_offset_days: number }) => t,
    );
    // Day 0 is the first task's opening; every task is due on or after it opens.
    expect(Math.min(...offsets.map((t: { open_offset_days: number }) => t.open_offset_days))).toBe(
      0,
    );
    for (const t of offsets) expect(t.due_offset_days).toBeGreaterThanOrEqual(t.open_offset_days);

    // Names are unique in the school; only the lesson's teachers (and the office) save it.
    const again = await api.post(
      `${base()}/teacher/lessons/${fx.shared}/template`,
      { name: 'Μαθηματικά Α1 — πρότυπο τάξης' },
      teacher,
    );
    expect(again.status).toBe(409);
    expect(again.body.issues?.[0]).toMatchObject({ code: 'unique', field: 'name' });
    expect(
      (
        await api.post(
          `${base()}/teacher/lessons/${fx.foreign}/template`,
          { name: 'Ξένο μάθημα' },
          teacher,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api.post(
          `${base()}/student/lessons/${fx.shared}/template`,
          { name: 'Όχι μαθητές' },
          student,
        )
      ).status,
    ).toBe(403);

    // The round trip: a lesson made from it gets the same material.
    const made = await api.post(
      `${base()}/teacher/lessons-templates/${saved.body.data.template_id}/lessons`,
      { name: 'Μαθηματικά Α2' },
      teacher,
    );
    expect(made.body.data).toMatchObject({ chapters: chapterCount, tasks: taskCount });
  });

  it("lists a lesson's files to whoever may read their chapter or task", async () => {
    const teacherUser = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'teacher@demo.school')
        .executeTakeFirstOrThrow()
    ).id;
    const chapter = async (published: boolean, title: string) =>
      (
        await api.post(
          `${base()}/teacher/chapters`,
          { lesson_id: fx.shared, title, content: lexical(title), published },
          teacher,
        )
      ).body.data.id as number;
    const shown = await chapter(true, 'Φυλλάδιο');
    const draft = await chapter(false, 'Πρόχειρο');
    const file = (entityId: number) =>
      insertFileRow(db(), {
        school: fx.school,
        lessonId: fx.shared,
        entity: 'chapter',
        entityId,
        uploaderUserId: teacherUser,
      });
    const shownFile = await file(shown);
    const draftFile = await file(draft);
    const ids = (body: { data: { id: number }[] }) => body.data.map((f) => f.id);

    const mine = await api.get(`${base()}/teacher/files?lesson_id=${fx.shared}`, teacher);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(ids(mine.body)).toEqual(expect.arrayContaining([shownFile, draftFile]));
    const listed = mine.body.data.find((f: { id: number }) => f.id === shownFile);
    expect(listed).toMatchObject({ entity: 'chapter', entity_id: shown, entity_title: 'Φυλλάδιο' });
    expect(listed.url).toMatch(/^\/api\/files\/\d+\?expires=\d+&signature=/);

    const pupil = await api.get(`${base()}/student/files?lesson_id=${fx.shared}`, student);
    expect(ids(pupil.body)).toContain(shownFile);
    expect(ids(pupil.body)).not.toContain(draftFile);
    expect(pupil.body.totalCount).toBe(pupil.body.data.length);
    const drafted = await api.get(
      `${base()}/student/files?type=chapter&entity_id=${draft}`,
      student,
    );
    expect(ids(drafted.body)).not.toContain(draftFile);
    const one = await api.get(`${base()}/student/files?type=chapter&entity_id=${shown}`, student);
    expect(ids(one.body)).toEqual([shownFile]);

    // A lesson the caller is no part of lists nothing; a type that is not attached to is a 400.
    const foreign = await api.get(`${base()}/teacher/files?lesson_id=${fx.foreign}`, teacher);
    expect(foreign.body.data).toEqual([]);
    expect(
      (await api.get(`${base()}/teacher/files?type=lesson&entity_id=${fx.shared}`, teacher)).status,
    ).toBe(400);
    const office = await api.get(`${base()}/admin/files?lesson_id=${fx.shared}`, admin);
    expect(ids(office.body)).toEqual(expect.arrayContaining([shownFile, draftFile]));
  });
  it("lets the office change and remove a template's chapters and tasks one by one", async () => {
    const made = await api.post(
      `${base()}/admin/lessons-templates`,
      { name: 'Πρότυπο προς αλλαγή' },
      admin,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    const chapterId = Number(
      (
        await db()
          .insertInto('lesson_template_chapters')
          .values({
            school_id: fx.school,
            template_id: id,
            title: 'Κλάσματα',
            content: JSON.stringify(lexical('Αριθμητής')),
            content_text: 'Αριθμητής',
            sort_order: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const taskId = Number(
      (
        await db()
          .insertInto('lesson_template_tasks')
          .values({
            school_id: fx.school,
            template_id: id,
            title: 'Ασκήσεις',
            description: JSON.stringify(lexical('Λύσε')),
            description_text: 'Λύσε',
            points: 10,
            accept_late: 0,
            open_offset_days: 0,
            due_offset_days: 7,
            sort_order: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const path = (item: string, itemId: number) => `${base()}/admin/template-${item}/${itemId}`;
    const office = await api.get(`${base()}/admin/lessons-templates/${id}/material`, admin);
    expect(office.body.data.abilities).toEqual({ create_lesson: true, edit_material: true });

    // A teacher reads a chapter's text but may not change it.
    const read = await api.get(`${base()}/teacher/template-chapters/${chapterId}`, teacher);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.content).toEqual(lexical('Αριθμητής'));
    const refused = await api.call('PUT', `${base()}/teacher/template-chapters/${chapterId}`, {
      token: teacher,
      body: { title: 'x' },
    });
    expect(refused.status).toBe(403);

    const chapter = await api.call('PUT', path('chapters', chapterId), {
      token: admin,
      body: { content: lexical('Παρονομαστής') },
    });
    expect(chapter.status, JSON.stringify(chapter.body)).toBe(200);
    // Only what was sent changes.
    expect(chapter.body.data.title).toBe('Κλάσματα');
    expect(chapter.body.data.excerpt).toMatch(/^Παρονομαστής/);

    const task = await api.call('PUT', path('tasks', taskId), {
      token: admin,
      body: { points: 15, open_offset_days: 2 },
    });
    expect(task.body.data).toMatchObject({ points: 15, open_offset_days: 2, due_offset_days: 7 });
    // A change that would put the due day before the opening is refused, naming the field.
    const backwards = await api.call('PUT', path('tasks', taskId), {
      token: admin,
      body: { due_offset_days: 1 },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toHaveProperty('due_offset_days');

    // Another school's template item is not found (the demo admin teaches in that school).
    const elsewhere = await db()
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', fx.school)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await api.get(`/schools/${elsewhere.id}/teacher/template-tasks/${taskId}`, admin)).status,
    ).toBe(404);

    expect((await api.call('DELETE', path('chapters', chapterId), { token: admin })).status).toBe(
      200,
    );
    expect((await api.call('DELETE', path('tasks', taskId), { token: admin })).status).toBe(200);
    const after = await api.get(`${base()}/admin/lessons-templates/${id}/material`, admin);
    expect(after.body.data).toMatchObject({ chapters: [], tasks: [] });
    expect((await api.call('DELETE', path('tasks', taskId), { token: admin })).status).toBe(404);
  });
});
