import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gradebook } from '../../src/shared/api/grades';
import { expandGridGrade } from '../../src/shared/grades/average';
import { apiClient, type ApiClient } from './support/client';
import { cellOf, keysOf, rowOf } from './support/gradebook';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

interface SubPeriod {
  id: number;
  start_date: string;
  end_date: string;
  closed: boolean;
}

describe.each(databaseKinds)('the gradebook on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  /** A sub-period of the shared lesson's period that has not begun: open, and empty. */
  let later: SubPeriod;
  const base = () => `/schools/${fx.school}`;
  const book = (subPeriodId?: number, token = teacher, role = 'teacher', lesson = fx.shared) =>
    api.get(
      `${base()}/${role}/grades/${lesson}${subPeriodId ? `?sub_period_id=${subPeriodId}` : ''}`,
      token,
    );
  const put = (itemId: number, studentId: number, body: unknown, token = teacher) =>
    api.call('PUT', `${base()}/teacher/grades/${fx.shared}/items/${itemId}/students/${studentId}`, {
      token,
      body,
    });
  const settings = (values: Record<string, string>) =>
    api.call('PUT', `${base()}/admin/settings`, { token: admin, body: { settings: values } });

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
    const current = await book();
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    later = current.body.data.sub_periods.find((s: SubPeriod) => s.start_date > today);
    expect(later).toBeDefined();
  });
  afterAll(() => server.close());

  async function category(name: string, weight: number, subPeriodId = later.id) {
    const created = await api.post(
      `${base()}/teacher/grades/${fx.shared}/categories`,
      { sub_period_id: subPeriodId, name, weight },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as number;
  }
  async function item(categoryId: number, title: string, maxPoints: number, kind = 'oral') {
    const created = await api.post(
      `${base()}/teacher/grades/${fx.shared}/items`,
      { sub_period_id: later.id, category_id: categoryId, kind, title, max_points: maxPoints },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as number;
  }

  it("shows the lesson's tasks by themselves in the category that collects them, graded on the task", async () => {
    const current = await book();
    const data = current.body.data;
    const collector = data.categories.find(
      (c: { source_kind: string }) => c.source_kind === 'task',
    );
    expect(collector).toBeDefined();
    const tasks = data.items.filter((i: { kind: string }) => i.kind === 'task');
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(task).toMatchObject({ id: null, editable: false, category_id: collector.id });
      expect(task.key).toBe(`task:${task.source.id}`);
    }
    // A graded submission of the demo student shows as the task item's value.
    const graded = await server.built.deps.db
      .selectFrom('task_submissions')
      .select(['task_id', 'points'])
      .where('student_id', '=', fx.student)
      .where('status', '=', 'graded')
      .where(
        'task_id',
        'in',
        tasks.map((t: { source: { id: number } }) => t.source.id),
      )
      .execute();
    const row = rowOf(data.students, fx.student);
    for (const g of graded)
      expect(cellOf(keysOf(data), row, `task:${g.task_id}`)?.value).toBe(g.points);
  });

  it('computes the sub-period grade as the weighted average on the school scale and says how', async () => {
    const oral = await category('Προφορικά', 30);
    const tests = await category('Διαγωνίσματα', 70);
    const oral1 = await item(oral, 'Προφορικό 1', 20);
    const oral2 = await item(oral, 'Προφορικό 2', 10);
    const test1 = await item(tests, 'Διαγώνισμα', 100, 'test');
    for (const [itemId, value] of [
      [oral1, 15],
      [oral2, 8],
      [test1, 62],
    ] as const)
      expect((await put(itemId, fx.student, { value, comment: 'Καλά' })).status).toBe(200);
    // Only the test for the classmate: a category without grades leaves the average.
    const classmate = await put(test1, fx.classmate.id, { value: 50 });
    expect(classmate.body.data.students[0].grade).toMatchObject({ value: 10, weight_total: 70 });

    const data = (await book(later.id)).body.data as Gradebook;
    const row = rowOf(data.students, fx.student);
    // Oral: (15/20 + 8/10) / 2 = 0.775; tests: 0.62; (30 × 0.775 + 70 × 0.62) / 100 = 0.6665
    // of 20 = 13.33, rounded to a tenth: 13.3.
    expect(row.grade.value).toBe(13.3);
    expect(row.grade.unrounded).toBeCloseTo(13.33, 5);
    expect(row.grade.weight_total).toBe(100);
    // How: per category in the order of the gradebook's categories (their names and weights).
    expect(data.categories.map((c) => c.id)).toEqual([oral, tests]);
    expect(row.grade.items_counted).toEqual([2, 1]);
    expect(row.grade.averages[0]).toBeCloseTo(15.5, 5);
    expect(row.grade.averages[1]).toBeCloseTo(12.4, 5);
    const how = expandGridGrade(data.categories, row.grade).categories;
    expect(how).toEqual([
      expect.objectContaining({ category_id: oral, weight: 30, items_counted: 2, share: 0.3 }),
      expect.objectContaining({ category_id: tests, weight: 70, items_counted: 1, share: 0.7 }),
    ]);
    expect(cellOf(keysOf(data), row, `item:${oral1}`)).toEqual({ value: 15, comment: 'Καλά' });
    // Values follow the items; no key is repeated per value.
    expect(row.values).toHaveLength(data.items.length);
    expect(row.values[keysOf(data).indexOf(`item:${test1}`)]).toBe(62);

    // The school's rounding and scale change the answer, not the values.
    expect((await settings({ grade_rounding: 'half' })).status).toBe(200);
    let again = (await book(later.id)).body.data;
    expect(
      again.students.find((s: { student_id: number }) => s.student_id === fx.student).grade.value,
    ).toBe(13.5);
    expect((await settings({ grade_scale: '100', grade_rounding: 'whole' })).status).toBe(200);
    again = (await book(later.id)).body.data;
    expect(again.scale).toEqual({ max: 100, rounding: 'whole' });
    expect(
      again.students.find((s: { student_id: number }) => s.student_id === fx.student).grade.value,
    ).toBe(67);
    expect((await settings({ grade_scale: '20', grade_rounding: 'tenth' })).status).toBe(200);

    // The student and the parent read the same; the student sees no classmate.
    const mine = await api.get(`${base()}/student/grades?sub_period_id=${later.id}`, student);
    expect(mine.status).toBe(200);
    const lesson = mine.body.data.lessons.find(
      (l: { lesson: { id: number } }) => l.lesson.id === fx.shared,
    );
    expect(lesson.grade).toMatchObject({ value: 13.3, published: true });
    expect(lesson.items.find((i: { id: number }) => i.id === oral1)).toMatchObject({
      value: 15,
      comment: 'Καλά',
    });
    expect(JSON.stringify(mine.body.data)).not.toContain(`"student_id":${fx.classmate.id}`);
    const child = await api.get(
      `${base()}/client/students/${fx.student}/grades?sub_period_id=${later.id}`,
      parent,
    );
    expect(child.status).toBe(200);
    expect(
      child.body.data.lessons.find((l: { lesson: { id: number } }) => l.lesson.id === fx.shared)
        .grade.value,
    ).toBe(13.3);

    // Published at the end of the sub-period: the students and parents wait, the teacher does not.
    expect((await settings({ grades_publish: 'end_of_sub_period' })).status).toBe(200);
    const hidden = await api.get(`${base()}/student/grades?sub_period_id=${later.id}`, student);
    const hiddenLesson = hidden.body.data.lessons.find(
      (l: { lesson: { id: number } }) => l.lesson.id === fx.shared,
    );
    expect(hiddenLesson.grade).toMatchObject({ value: null, unrounded: null, published: false });
    expect(hiddenLesson.items.find((i: { id: number }) => i.id === oral1).value).toBe(15);
    expect(
      (await book(later.id)).body.data.students.find(
        (s: { student_id: number }) => s.student_id === fx.student,
      ).grade.value,
    ).toBe(13.3);
    expect((await settings({ grades_publish: 'immediately' })).status).toBe(200);
  });

  it('refuses a value outside the item’s points with a clear error, and clears a value', async () => {
    const cat = await category('Γραπτά', 50);
    const quiz = await item(cat, 'Τεστ 20 λεπτών', 20, 'test');
    const over = await put(quiz, fx.student, { value: 21 });
    expect(over.status).toBe(400);
    expect(over.body.issues).toEqual([
      { code: 'value_out_of_scale', field: 'value', params: { max: 20 } },
    ]);
    expect(over.body.message).toBe('Enter a value from 0 to 20.');
    expect((await put(quiz, fx.student, { value: -1 })).body.issues?.[0]?.code).toBe(
      'value_out_of_scale',
    );
    expect((await put(quiz, fx.student, { value: 12.345 })).body.issues?.[0]?.code).toBe(
      'too_many_decimals',
    );
    expect((await put(quiz, fx.student, { value: 'ten' })).status).toBe(400);
    const ok = await put(quiz, fx.student, { value: 17.5 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const answered = (body: { data: { item_keys: string[]; students: [] } }) =>
      cellOf(body.data.item_keys, rowOf(body.data.students, fx.student), `item:${quiz}`);
    expect(ok.body.data.students).toHaveLength(1);
    expect(answered(ok.body)).toEqual({ value: 17.5, comment: null });
    const cleared = await put(quiz, fx.student, { value: null, comment: null });
    expect(answered(cleared.body)).toBeUndefined();
    // A student of another lesson is not in this gradebook.
    const foreignStudent = await server.built.deps.db
      .selectFrom('lesson_students')
      .select('student_id')
      .where('lesson_id', '=', fx.foreign)
      .where(
        'student_id',
        'not in',
        server.built.deps.db
          .selectFrom('lesson_students')
          .select('student_id')
          .where('lesson_id', '=', fx.shared),
      )
      .executeTakeFirstOrThrow();
    expect((await put(quiz, foreignStudent.student_id, { value: 10 })).status).toBe(404);
  });

  it('makes a closed sub-period read-only until an admin reopens it, and the audit log says who', async () => {
    const cat = await category('Εξετάσεις', 20);
    const exam = await item(cat, 'Εξέταση', 20, 'exam');
    const close = (closed: boolean, token = admin, role = 'admin') =>
      api.call('PUT', `${base()}/${role}/grade-periods/${later.id}`, { token, body: { closed } });
    expect((await close(true, teacher, 'teacher')).status).toBe(403);
    const closed = await close(true);
    expect(closed.status).toBe(200);
    expect(closed.body.data.closed).toBe(true);

    const refused = await put(exam, fx.student, { value: 12 });
    expect(refused.status).toBe(409);
    expect(refused.body.issues?.[0]?.code).toBe('sub_period_closed');
    const newItem = await api.post(
      `${base()}/teacher/grades/${fx.shared}/items`,
      { sub_period_id: later.id, kind: 'oral', title: 'Κλειστό' },
      teacher,
    );
    expect(newItem.status).toBe(409);
    const view = (await book(later.id)).body.data;
    expect(view.sub_period.closed).toBe(true);
    expect(view.abilities).toEqual({ update: false, delete: false });
    expect(view.items.every((i: { editable: boolean }) => !i.editable)).toBe(true);

    expect((await close(false)).body.data.closed).toBe(false);
    expect((await put(exam, fx.student, { value: 12 })).status).toBe(200);
    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .select(['audit_log.action', 'users.email'])
      .where('audit_log.entity', '=', 'grade_sub_period')
      .where('audit_log.entity_id', '=', String(later.id))
      .orderBy('audit_log.id')
      .execute();
    expect(audit).toEqual([
      { action: 'close', email: 'admin@demo.school' },
      { action: 'reopen', email: 'admin@demo.school' },
    ]);
  });

  it('refuses other lessons, other families and other schools', async () => {
    // A lesson the teacher does not teach.
    expect((await book(undefined, teacher, 'teacher', fx.foreign)).status).toBe(403);
    // Students and parents have no gradebook of a lesson.
    expect((await book(undefined, student, 'student')).status).toBe(403);
    // Another family's child.
    const otherParent = await api.login(fx.otherParent.email);
    expect(
      (await api.get(`${base()}/client/students/${fx.student}/grades`, otherParent)).status,
    ).toBe(403);
    expect((await api.get(`${base()}/client/students/${fx.student}/grades`, parent)).status).toBe(
      200,
    );
    // A teacher of the other school (the demo admin teaches in Thessaloniki) reaches no Athens lesson.
    const thessaloniki = await server.built.deps.db
      .selectFrom('schools')
      .select('id')
      .where('name', '=', 'Demo School Thessaloniki')
      .executeTakeFirstOrThrow();
    const across = await api.get(`/schools/${thessaloniki.id}/teacher/grades/${fx.shared}`, admin);
    expect([403, 404]).toContain(across.status);
    // An Athens teacher has no role in Thessaloniki at all.
    expect(
      (await api.get(`/schools/${thessaloniki.id}/teacher/grades/${fx.shared}`, teacher)).status,
    ).toBe(403);
  });
});
