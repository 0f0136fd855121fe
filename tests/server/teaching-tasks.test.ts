import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { lexical, teachingFixture, uploadForm, type TeachingFixture } from './support/teaching';

const DAY = 86_400_000;

describe.each(databaseKinds)('tasks and submissions on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  let classmate: string;
  const base = () => `/schools/${fx.school}`;
  const at = (days: number) =>
    new Date(server.built.deps.now().getTime() + days * DAY).toISOString();

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, parent, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
    ]);
    classmate = await api.login(fx.classmate.email);
  });
  afterAll(() => server.close());

  /** Moves the server's clock; sessions last 12 hours, so everyone signs in again. */
  async function travel(ms: number) {
    server.advanceClock(ms);
    [teacher, student, parent, admin, classmate] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
      api.login(fx.classmate.email),
    ]);
  }

  async function newTask(body: Record<string, unknown> = {}, token = teacher, role = 'teacher') {
    const created = await api.post(
      `${base()}/${role}/tasks`,
      {
        lesson_id: fx.shared,
        title: 'Ασκήσεις',
        description: lexical('Λύστε'),
        due_at: at(2),
        points: 10,
        published: true,
        ...body,
      },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data;
  }
  const submit = (taskId: number, body: Record<string, unknown>, token = student) =>
    api.call('PUT', `${base()}/student/tasks/${taskId}/submission`, { token, body });
  const rowOf = async (taskId: number, studentId: number) => {
    const list = await api.get(
      `${base()}/teacher/tasks/${taskId}/submissions?per_page=100`,
      teacher,
    );
    expect(list.status).toBe(200);
    return list.body.data.find((r: { student_id: number }) => r.student_id === studentId);
  };

  it("publishing tells the lesson's students and their parents; a draft tells nobody and stays hidden", async () => {
    const db = server.built.deps.db;
    const draft = await newTask({ published: false, title: 'Πρόχειρη' });
    expect((await api.get(`${base()}/student/tasks/${draft.id}`, student)).status).toBe(404);
    const noticesOf = (id: number) =>
      db
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select(['users.email', 'notifications.role'])
        .where('entity', '=', 'task')
        .where('entity_id', '=', id)
        .execute();
    expect(await noticesOf(draft.id)).toEqual([]);
    await api.call('PUT', `${base()}/teacher/tasks/${draft.id}`, {
      token: teacher,
      body: { published: true },
    });
    const told = await noticesOf(draft.id);
    expect(told).toEqual(
      expect.arrayContaining([
        { email: 'student@demo.school', role: 'student' },
        { email: 'parent@demo.school', role: 'client' },
        { email: fx.classmate.email, role: 'student' },
      ]),
    );
    expect(told.some((n) => n.email === 'teacher@demo.school')).toBe(false);
    // Published again later: nobody is told twice.
    await api.call('PUT', `${base()}/teacher/tasks/${draft.id}`, {
      token: teacher,
      body: { published: false },
    });
    await api.call('PUT', `${base()}/teacher/tasks/${draft.id}`, {
      token: teacher,
      body: { published: true },
    });
    expect((await noticesOf(draft.id)).length).toBe(told.length);
  });

  it('keeps a draft private, hands it in, and allows handing in again until the due date', async () => {
    const task = await newTask();
    const draft = await submit(task.id, { text: 'Μισή λύση', submit: false });
    expect(draft.body.data).toMatchObject({ state: 'draft', editable: true, text: 'Μισή λύση' });
    // The teacher sees nothing of a draft.
    expect((await rowOf(task.id, fx.student)).submission).toMatchObject({
      state: 'missing',
      id: null,
      text: '',
    });
    const handed = await submit(task.id, { text: 'Όλη η λύση', submit: true });
    expect(handed.body.data).toMatchObject({ state: 'submitted', late: false, editable: true });
    const again = await submit(task.id, { text: 'Διορθωμένη λύση', submit: true });
    expect(again.status).toBe(200);
    expect((await rowOf(task.id, fx.student)).submission).toMatchObject({
      state: 'submitted',
      text: 'Διορθωμένη λύση',
    });

    await travel(3 * DAY);
    const tooLate = await submit(task.id, { text: 'Μετά την προθεσμία', submit: true });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.issues?.[0]?.code).toBe('past_due');
    const detail = await api.get(`${base()}/student/tasks/${task.id}`, student);
    expect(detail.body.data.my_submission).toMatchObject({
      state: 'submitted',
      editable: false,
      text: 'Διορθωμένη λύση',
    });
  });

  it('flags late work where the task accepts it, and refuses it where it does not', async () => {
    const lateOk = await newTask({ accept_late: true, due_at: at(1), open_at: at(-1) });
    const strict = await newTask({ accept_late: false, due_at: at(1), open_at: at(-1) });
    await travel(2 * DAY);
    const late = await submit(lateOk.id, { text: 'Αργά', submit: true });
    expect(late.body.data).toMatchObject({ state: 'submitted', late: true });
    const refused = await submit(strict.id, { text: 'Αργά', submit: true });
    expect(refused.status).toBe(409);
    expect(refused.body.issues?.[0]?.code).toBe('late_not_accepted');
    const list = await api.get(
      `${base()}/teacher/tasks?lesson_id=${fx.shared}&per_page=100`,
      teacher,
    );
    const counts = list.body.data.find((t: { id: number }) => t.id === lateOk.id).counts;
    expect(counts).toMatchObject({ submitted: 1, late: 1 });
    expect(counts.missing).toBe(counts.students - 1);
  });

  it('grades within the points, shows the grade to the student and the parent, and returns work for another try', async () => {
    const task = await newTask({ due_at: at(1), open_at: at(-1) });
    await submit(task.id, { text: 'Λύση', submit: true });
    const row = await rowOf(task.id, fx.student);
    const grade = (body: Record<string, unknown>, token = teacher, role = 'teacher') =>
      api.call('PUT', `${base()}/${role}/tasks/${task.id}/submissions/${row.submission.id}`, {
        token,
        body,
      });
    const over = await grade({ points: 11 });
    expect(over.status).toBe(400);
    expect(over.body.issues).toEqual([
      { code: 'points_over_max', field: 'points', params: { max: 10 } },
    ]);
    const graded = await grade({ points: 8, feedback: 'Καλή δουλειά' });
    expect(graded.body.data.submission).toMatchObject({
      state: 'graded',
      points: 8,
      feedback: 'Καλή δουλειά',
    });

    const mine = await api.get(`${base()}/student/tasks/${task.id}`, student);
    expect(mine.body.data.my_submission).toMatchObject({
      state: 'graded',
      points: 8,
      feedback: 'Καλή δουλειά',
      editable: false,
    });
    const changeGraded = await submit(task.id, { text: 'Κι άλλο', submit: true });
    expect(changeGraded.body.issues?.[0]?.code).toBe('already_graded');
    const child = await api.get(
      `${base()}/client/students/${fx.student}/tasks?lesson_id=${fx.shared}&per_page=100`,
      parent,
    );
    expect(child.status).toBe(200);
    expect(child.body.data.find((t: { id: number }) => t.id === task.id).submission).toMatchObject({
      state: 'graded',
      points: 8,
    });
    const graderNotice = await server.built.deps.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select('users.email')
      .where('entity', '=', 'task')
      .where('entity_id', '=', task.id)
      .execute();
    expect(graderNotice.map((n) => n.email)).toEqual(
      expect.arrayContaining(['student@demo.school', 'parent@demo.school']),
    );

    // Returned: another try, even after the due date, flagged late.
    expect(
      (await grade({ returned: true, feedback: 'Ξαναδές το 2' })).body.data.submission.state,
    ).toBe('returned');
    await travel(2 * DAY);
    const retry = await submit(task.id, { text: 'Νέα λύση', submit: true });
    expect(retry.body.data).toMatchObject({ state: 'submitted', late: true });
    // The office may grade too.
    expect((await grade({ points: 9 }, admin, 'admin')).body.data.submission.points).toBe(9);
  });

  it('refuses grading work that was not handed in', async () => {
    const task = await newTask();
    await submit(task.id, { text: 'Πρόχειρο', submit: false });
    const draft = await server.built.deps.db
      .selectFrom('task_submissions')
      .select('id')
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    const refused = await api.call(
      'PUT',
      `${base()}/teacher/tasks/${task.id}/submissions/${draft.id}`,
      { token: teacher, body: { points: 5 } },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.issues?.[0]?.code).toBe('not_handed_in');
  });

  it('keeps every student to their own work and lessons, every parent to their own children, every teacher to their lessons', async () => {
    const task = await newTask();
    await submit(task.id, { text: 'Η δική μου λύση', submit: true });
    // A classmate sees the task, never another student's work.
    const theirs = await api.get(`${base()}/student/tasks/${task.id}`, classmate);
    expect(theirs.body.data.my_submission).toMatchObject({ state: 'missing', text: '' });
    expect(JSON.stringify(theirs.body)).not.toContain('Η δική μου λύση');
    const peek = await api.get(`${base()}/student/tasks/${task.id}/submissions`, classmate);
    expect([403, 404]).toContain(peek.status);
    const row = await rowOf(task.id, fx.student);
    const grabs = await api.call(
      'PUT',
      `${base()}/student/tasks/${task.id}/submissions/${row.submission.id}`,
      { token: classmate, body: { points: 10 } },
    );
    expect([403, 404]).toContain(grabs.status);

    // Another lesson's task: invisible to the student, and not the teacher's to grade.
    const foreign = await newTask({ lesson_id: fx.foreign }, admin, 'admin');
    expect((await api.get(`${base()}/student/tasks/${foreign.id}`, student)).status).toBe(404);
    expect((await submit(foreign.id, { text: 'x', submit: true })).status).toBe(404);
    const upload = await fetch(`${server.url}/api${base()}/student/files`, {
      method: 'POST',
      headers: { Token: student },
      body: uploadForm(
        { type: 'submission', entity_id: String(foreign.id), file_type: 'file' },
        { name: 'a.txt', bytes: Buffer.from('x') },
      ),
    });
    expect(upload.status).toBe(404);
    const teacherRefused = await api.post(
      `${base()}/teacher/tasks`,
      { lesson_id: fx.foreign, title: 'x', due_at: at(2), points: 1 },
      teacher,
    );
    expect(teacherRefused.status).toBe(403);
    expect(teacherRefused.body.issues?.[0]?.code).toBe('not_your_lesson');
    expect(
      (await api.get(`${base()}/teacher/tasks/${foreign.id}/submissions`, teacher)).status,
    ).toBe(404);
    const foreignSubmission = await server.built.deps.db
      .insertInto('task_submissions')
      .values({
        school_id: fx.school,
        task_id: foreign.id,
        student_id: fx.otherParent.childId,
        text: 'x',
        status: 'submitted',
        submitted_at: at(0),
        late: 0,
        points: null,
        feedback: null,
        graded_at: null,
        graded_by_user_id: null,
        updated_at: at(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gradeForeign = await api.call(
      'PUT',
      `${base()}/teacher/tasks/${foreign.id}/submissions/${foreignSubmission.id}`,
      { token: teacher, body: { points: 1 } },
    );
    expect(gradeForeign.status).toBe(404);
    // And a submission id of another task, under a task of the teacher's, is not found.
    const mixed = await api.call(
      'PUT',
      `${base()}/teacher/tasks/${task.id}/submissions/${foreignSubmission.id}`,
      { token: teacher, body: { points: 1 } },
    );
    expect(mixed.status).toBe(404);

    // Another family's parent cannot read the demo student's tasks.
    const otherParent = await api.login(fx.otherParent.email);
    const otherFamily = await api.get(`${base()}/client/students/${fx.student}/tasks`, otherParent);
    expect(otherFamily.status).toBe(403);
    expect(
      (await api.get(`${base()}/client/students/${fx.otherParent.childId}/tasks`, otherParent))
        .status,
    ).toBe(200);
  });

  it("attaches files to the student's own work and drops those left out of a save", async () => {
    const task = await newTask();
    const upload = await fetch(`${server.url}/api${base()}/student/files`, {
      method: 'POST',
      headers: { Token: student },
      body: uploadForm(
        { type: 'submission', entity_id: String(task.id), file_type: 'file' },
        { name: 'λύση.txt', bytes: Buffer.from('x = 2') },
      ),
    });
    expect(upload.status).toBe(200);
    const file = ((await upload.json()) as { data: { id: number } }).data;
    const kept = await submit(task.id, { text: 'Με αρχείο', files: [file.id], submit: true });
    expect(kept.body.data.files.map((f: { id: number }) => f.id)).toEqual([file.id]);
    expect(
      (await rowOf(task.id, fx.student)).submission.files.map((f: { name: string }) => f.name),
    ).toEqual(['λύση.txt']);
    const foreignFile = await submit(task.id, { files: [file.id + 1000], submit: true });
    expect(foreignFile.status).toBe(400);
    const dropped = await submit(task.id, { files: [], submit: true });
    expect(dropped.body.data.files).toEqual([]);
  });
});
