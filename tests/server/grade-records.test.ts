import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gradebook, GradebookRows } from '../../src/shared/api/grades';
import { expandGridGrade } from '../../src/shared/grades/average';
import { apiClient, type ApiClient } from './support/client';
import { cellOf, keysOf, rowOf } from './support/gradebook';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// The gradebook's screens beyond the grid: a teacher's gradebooks at a glance, one student's
// record in a lesson (every sub-period, absences) and the teacher's remark per sub-period.

interface Progress {
  sub_period_id: number;
  items: number;
  filled: number;
  expected: number;
  closed: boolean;
}

describe.each(databaseKinds)('gradebook records on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  let current: { id: number; closed: boolean };
  const base = () => `/schools/${fx.school}`;
  const record = (token = teacher, lesson = fx.shared, who = fx.student, role = 'teacher') =>
    api.get(`${base()}/${role}/grades/${lesson}/students/${who}`, token);
  const remark = (comment: string, subPeriodId = current.id, token = teacher) =>
    api.call(
      'PUT',
      `${base()}/teacher/grades/${fx.shared}/students/${fx.student}/remarks/${subPeriodId}`,
      { token, body: { comment } },
    );
  const overview = (token = teacher, role = 'teacher') =>
    api.get(`${base()}/${role}/gradebooks`, token);

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
    const book = await api.get(`${base()}/teacher/grades/${fx.shared}`, teacher);
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    current = book.body.data.sub_period;
    expect(current.closed).toBe(false);
  });
  afterAll(() => server.close());

  it("lists the teacher's lessons with how full each sub-period's gradebook is", async () => {
    const before = await overview();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const lesson = before.body.data.lessons.find(
      (l: { lesson: { id: number } }) => l.lesson.id === fx.shared,
    );
    expect(lesson).toBeDefined();
    expect(
      before.body.data.lessons.some((l: { lesson: { id: number } }) => l.lesson.id === fx.foreign),
    ).toBe(false);
    const progressOf = (data: typeof lesson) =>
      data.progress.find((p: Progress) => p.sub_period_id === current.id) as Progress;
    const was = progressOf(lesson);
    expect(was.items).toBeGreaterThan(0);
    expect(was.expected).toBe(was.items * lesson.students);

    // A new item adds to the expected values; one value entered adds to the filled ones.
    const created = await api.post(
      `${base()}/teacher/grades/${fx.shared}/items`,
      { sub_period_id: current.id, kind: 'oral', title: 'Προφορικό', max_points: 20 },
      teacher,
    );
    expect(created.status).toBe(200);
    const put = await api.call(
      'PUT',
      `${base()}/teacher/grades/${fx.shared}/items/${created.body.data.id}/students/${fx.student}`,
      { token: teacher, body: { value: 17 } },
    );
    expect(put.status).toBe(200);
    const after = (await overview()).body.data.lessons.find(
      (l: { lesson: { id: number } }) => l.lesson.id === fx.shared,
    );
    expect(progressOf(after)).toMatchObject({
      items: was.items + 1,
      filled: was.filled + 1,
      expected: was.expected + lesson.students,
    });
    // Students, parents and the office have no such list.
    expect((await overview(student, 'student')).status).toBe(403);
    expect((await overview(parent, 'client')).status).toBe(403);
    expect((await overview(admin, 'admin')).status).toBe(403);
  });

  it("shows one student's sub-periods with the grid's grade, items and absences", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const currentOf = (body: { data: { sub_periods: { sub_period: { id: number } }[] } }) =>
      body.data.sub_periods.find((s) => s.sub_period.id === current.id) as unknown as {
        absences: { absent: number; unjustified: number };
      };
    const before = (await record()).body;
    expect(before.data.attendance.some((m: { date: string }) => m.date === today)).toBe(false);
    const register = await api.call(
      'PUT',
      `${base()}/teacher/lessons/${fx.shared}/attendance/${today}`,
      { token: teacher, body: { entries: [{ student_id: fx.student, status: 'absent' }] } },
    );
    expect(register.status, JSON.stringify(register.body)).toBe(200);

    const answer = await record();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data.student.student_id).toBe(fx.student);
    const book = (await api.get(`${base()}/teacher/grades/${fx.shared}`, teacher)).body
      .data as Gradebook;
    expect(data.sub_periods.map((s: { sub_period: { id: number } }) => s.sub_period.id)).toEqual(
      book.sub_periods.map((s: { id: number }) => s.id),
    );
    const mine = data.sub_periods.find(
      (s: { sub_period: { id: number } }) => s.sub_period.id === current.id,
    );
    const row = rowOf(book.students, fx.student);
    // The grid's compact grade is the same grade, and says the same of how it was computed.
    expect(mine.grade).toEqual({
      ...expandGridGrade(book.categories, row.grade),
      published: true,
    });
    expect(mine.grade.categories.length).toBeGreaterThan(0);
    expect(mine.items.map((i: { key: string }) => i.key)).toEqual(keysOf(book));
    for (const item of mine.items)
      expect(cellOf(keysOf(book), row, item.key) ?? { value: null, comment: null }).toEqual({
        value: item.value,
        comment: item.comment,
      });
    expect(mine.absences).toMatchObject({
      absent: currentOf(before).absences.absent + 1,
      unjustified: currentOf(before).absences.unjustified + 1,
    });
    expect(data.attendance[0]).toEqual({ date: today, status: 'absent', justified: false });
    expect(data.abilities.update).toBe(true);
  });

  it('keeps the teacher remark, shows it to the family as the grade is published', async () => {
    expect((await remark('Συνεπής και προσεκτικός.')).status).toBe(200);
    const current_ = (await record()).body.data.sub_periods.find(
      (s: { sub_period: { id: number } }) => s.sub_period.id === current.id,
    );
    expect(current_.remark).toBe('Συνεπής και προσεκτικός.');
    const lessonOf = (body: { data: { lessons: { lesson: { id: number } }[] } }) =>
      body.data.lessons.find((l) => l.lesson.id === fx.shared) as unknown as {
        remark: string | null;
        grade: { published: boolean };
      };
    const own = await api.get(`${base()}/student/grades`, student);
    expect(lessonOf(own.body).remark).toBe('Συνεπής και προσεκτικός.');
    const child = await api.get(`${base()}/client/students/${fx.student}/grades`, parent);
    expect(lessonOf(child.body).remark).toBe('Συνεπής και προσεκτικός.');

    // Published at the end of the sub-period: the family sees neither grade nor remark yet.
    const setting = (value: string) =>
      api.call('PUT', `${base()}/admin/settings`, {
        token: admin,
        body: { settings: { grades_publish: value } },
      });
    expect((await setting('end_of_sub_period')).status).toBe(200);
    const hidden = lessonOf((await api.get(`${base()}/student/grades`, student)).body);
    expect(hidden).toMatchObject({ remark: null, grade: { published: false } });
    expect((await setting('immediately')).status).toBe(200);

    // An empty remark removes it.
    expect((await remark('')).body.data).toEqual({ remark: null });
    const removed = (await record()).body.data.sub_periods.find(
      (s: { sub_period: { id: number } }) => s.sub_period.id === current.id,
    );
    expect(removed.remark).toBeNull();
  });

  it('saves a pasted block in one transaction, or none of it with every bad cell named', async () => {
    const created = await api.post(
      `${base()}/teacher/grades/${fx.shared}/items`,
      { sub_period_id: current.id, kind: 'test', title: 'Διαγώνισμα', max_points: 20 },
      teacher,
    );
    const itemId = created.body.data.id as number;
    const batch = (entries: unknown[]) =>
      api.call('PUT', `${base()}/teacher/grades/${fx.shared}/entries`, {
        token: teacher,
        body: { entries },
      });
    const refused = await batch([
      { item_id: itemId, student_id: fx.student, value: 18 },
      { item_id: itemId, student_id: fx.classmate.id, value: 21 },
      { item_id: itemId, student_id: fx.otherParent.childId, value: 5 },
      { item_id: itemId, student_id: fx.student, value: 1.234 },
    ]);
    expect(refused.status).toBe(400);
    expect((refused.body.issues ?? []).map((i) => [i.field, i.code])).toEqual([
      ['entries.1.value', 'value_out_of_scale'],
      ['entries.2.student_id', 'not_in_roster'],
      ['entries.3.value', 'too_many_decimals'],
    ]);
    const book = async () =>
      (await api.get(`${base()}/teacher/grades/${fx.shared}`, teacher)).body.data as Gradebook;
    const key = `item:${itemId}`;
    // Nothing of the refused block was written.
    const untouched = await book();
    expect(untouched.students.every((s) => cellOf(keysOf(untouched), s, key) === undefined)).toBe(
      true,
    );

    const saved = await batch([
      { item_id: itemId, student_id: fx.student, value: 18 },
      { item_id: itemId, student_id: fx.classmate.id, value: 12.5 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await book();
    const mine = rowOf(after.students, fx.student);
    expect(cellOf(keysOf(after), mine, key)?.value).toBe(18);
    expect(cellOf(keysOf(after), rowOf(after.students, fx.classmate.id), key)?.value).toBe(12.5);
    // The answer carries the same rows (values after the same items, and grades) the grid
    // would read again, of the pasted students only.
    const answer = saved.body.data as GradebookRows;
    expect(answer.item_keys).toEqual(keysOf(after));
    expect(answer.students.map((s) => s.student_id).sort()).toEqual(
      [fx.student, fx.classmate.id].sort(),
    );
    expect(rowOf(answer.students, fx.student)).toEqual(mine);
    // A column pasted for the whole class (more students than are looked up one by one: their
    // items' columns are read whole and the others' values left out) answers the same rows.
    expect(after.students.length).toBeGreaterThan(8);
    const other = await api.post(
      `${base()}/teacher/grades/${fx.shared}/items`,
      { sub_period_id: current.id, kind: 'oral', title: 'Προφορικά', max_points: 20 },
      teacher,
    );
    const column = await batch(
      after.students.map((s, index) => ({
        item_id: other.body.data.id as number,
        student_id: s.student_id,
        value: index % 20,
      })),
    );
    expect(column.status, JSON.stringify(column.body)).toBe(200);
    const whole = await book();
    const columnRows = (column.body.data as GradebookRows).students;
    expect(columnRows).toHaveLength(whole.students.length);
    for (const row of columnRows) expect(row).toEqual(rowOf(whole.students, row.student_id));

    // A closed sub-period takes no paste: every cell is refused, nothing is written.
    const close = (closed: boolean) =>
      api.call('PUT', `${base()}/admin/grade-periods/${current.id}`, {
        token: admin,
        body: { closed },
      });
    expect((await close(true)).status).toBe(200);
    const closedPaste = await batch([
      { item_id: itemId, student_id: fx.student, value: 5 },
      { item_id: itemId, student_id: fx.classmate.id, value: 6 },
    ]);
    expect((await close(false)).status).toBe(200);
    expect(closedPaste.status).toBe(400);
    expect((closedPaste.body.issues ?? []).map((i) => [i.field, i.code])).toEqual([
      ['entries.0.item_id', 'sub_period_closed'],
      ['entries.1.item_id', 'sub_period_closed'],
    ]);
    const kept = await book();
    expect(cellOf(keysOf(kept), rowOf(kept.students, fx.student), key)).toEqual({
      value: 18,
      comment: null,
    });
    // A student may not write grades.
    expect(
      (
        await api.call('PUT', `${base()}/student/grades/${fx.shared}/entries`, {
          token: student,
          body: { entries: [{ item_id: itemId, student_id: fx.student, value: 20 }] },
        })
      ).status,
    ).toBe(403);
  });

  it('a paste over stored values updates, clears and keeps comments, one audit row per block', async () => {
    const created = await api.post(
      `${base()}/teacher/grades/${fx.shared}/items`,
      {
        sub_period_id: current.id,
        kind: 'oral',
        title: 'Επικόλληση πάνω σε τιμές',
        max_points: 20,
      },
      teacher,
    );
    const itemId = created.body.data.id as number;
    // The audit log's rows from here on.
    const { last } = await server.built.deps.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    const auditBefore = Number(last);
    const cell = (studentId: number, body: unknown) =>
      api.call(
        'PUT',
        `${base()}/teacher/grades/${fx.shared}/items/${itemId}/students/${studentId}`,
        {
          token: teacher,
          body,
        },
      );
    // Stored first, one by one: a commented value, and a plain one.
    expect((await cell(fx.student, { value: 11, comment: 'Να επαναληφθεί' })).status).toBe(200);
    expect((await cell(fx.classmate.id, { value: 9 })).status).toBe(200);
    const paste = await api.call('PUT', `${base()}/teacher/grades/${fx.shared}/entries`, {
      token: teacher,
      body: {
        entries: [
          // Cleared: the comment keeps the entry, without a value.
          { item_id: itemId, student_id: fx.student, value: null },
          // Cleared with nothing to keep: the entry goes.
          { item_id: itemId, student_id: fx.classmate.id, value: 15 },
          { item_id: itemId, student_id: fx.classmate.id, value: null },
        ],
      },
    });
    expect(paste.status, JSON.stringify(paste.body)).toBe(200);
    const { item_keys: keys, students: rows } = paste.body.data as GradebookRows;
    expect(rows.map((r) => r.student_id).sort()).toEqual([fx.student, fx.classmate.id].sort());
    const of = (id: number) => cellOf(keys, rowOf(rows, id), `item:${itemId}`);
    expect(of(fx.student)).toEqual({ value: null, comment: 'Να επαναληφθεί' });
    expect(of(fx.classmate.id)).toBeUndefined();

    // Now over the commented entry, again with a value: the comment stays.
    const again = await api.call('PUT', `${base()}/teacher/grades/${fx.shared}/entries`, {
      token: teacher,
      body: {
        entries: [
          { item_id: itemId, student_id: fx.student, value: 13.25 },
          { item_id: itemId, student_id: fx.classmate.id, value: 7 },
        ],
      },
    });
    expect(again.status).toBe(200);
    const stored = await server.built.deps.db
      .selectFrom('grade_entries')
      .select(['student_id', 'value_hundredths', 'comment', 'updated_by_user_id'])
      .where('item_id', '=', itemId)
      .orderBy('student_id')
      .execute();
    const teacherUser = await server.built.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'teacher@demo.school')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(
      [
        {
          student_id: fx.student,
          value_hundredths: 1325,
          comment: 'Να επαναληφθεί',
          updated_by_user_id: teacherUser.id,
        },
        {
          student_id: fx.classmate.id,
          value_hundredths: 700,
          comment: null,
          updated_by_user_id: teacherUser.id,
        },
      ].sort((a, b) => a.student_id - b.student_id),
    );
    // Unchanged values are not written again: a third paste of the same is no change at all.
    const same = await api.call('PUT', `${base()}/teacher/grades/${fx.shared}/entries`, {
      token: teacher,
      body: { entries: [{ item_id: itemId, student_id: fx.student, value: 13.25 }] },
    });
    expect(same.status).toBe(200);

    // A single cell is one audit row (the item, the student, before and after); a pasted
    // block is one row with every changed cell, [item, student, before, after] in hundredths.
    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'detail', 'actor_user_id', 'as_user_id'])
      .where('entity', '=', 'grade')
      .where('id', '>', auditBefore)
      .orderBy('id')
      .execute();
    const details = audit.map((a) => ({ ...a, detail: JSON.parse(a.detail!) as unknown }));
    const by = { entity: 'grade', actor_user_id: teacherUser.id, as_user_id: null };
    const block = (cells: unknown[]) => ({
      ...by,
      action: 'paste',
      entity_id: null,
      detail: {
        lesson_id: fx.shared,
        columns: ['item_id', 'student_id', 'before', 'after'],
        cells,
      },
    });
    expect(details).toEqual([
      // The two single cells.
      {
        ...by,
        action: 'create',
        entity_id: String(itemId),
        detail: { student_id: fx.student, before: null, after: 1100 },
      },
      {
        ...by,
        action: 'create',
        entity_id: String(itemId),
        detail: { student_id: fx.classmate.id, before: null, after: 900 },
      },
      // The first paste: the last value given for a cell wins.
      block([
        [itemId, fx.student, 1100, null],
        [itemId, fx.classmate.id, 900, null],
      ]),
      // The second: over an entry without a value, and where there was none. The third
      // changed nothing and left no row.
      block([
        [itemId, fx.student, null, 1325],
        [itemId, fx.classmate.id, null, 700],
      ]),
    ]);
  });

  it('refuses remarks in a closed sub-period and from anyone but the teachers', async () => {
    const close = (closed: boolean) =>
      api.call('PUT', `${base()}/admin/grade-periods/${current.id}`, {
        token: admin,
        body: { closed },
      });
    expect((await close(true)).status).toBe(200);
    const refused = await remark('Αργά');
    expect(refused.status).toBe(409);
    expect(refused.body.issues?.[0]?.code).toBe('sub_period_closed');
    const closedRecord = (await record()).body.data.sub_periods.find(
      (s: { sub_period: { id: number } }) => s.sub_period.id === current.id,
    );
    expect(closedRecord.items.every((i: { editable: boolean }) => !i.editable)).toBe(true);
    expect((await close(false)).status).toBe(200);

    expect(
      (
        await api.call(
          'PUT',
          `${base()}/student/grades/${fx.shared}/students/${fx.student}/remarks/${current.id}`,
          { token: student, body: { comment: 'Άριστα' } },
        )
      ).status,
    ).toBe(403);
  });

  it('refuses other lessons, other students, other roles and other schools', async () => {
    expect((await record(teacher, fx.foreign)).status).toBe(403);
    expect((await record(teacher, fx.shared, fx.otherParent.childId)).status).toBe(404);
    expect((await record(student, fx.shared, fx.student, 'student')).status).toBe(403);
    expect((await record(parent, fx.shared, fx.student, 'client')).status).toBe(403);
    const thessaloniki = await server.built.deps.db
      .selectFrom('schools')
      .select('id')
      .where('name', '=', 'Demo School Thessaloniki')
      .executeTakeFirstOrThrow();
    expect(
      (
        await api.get(
          `/schools/${thessaloniki.id}/teacher/grades/${fx.shared}/students/${fx.student}`,
          teacher,
        )
      ).status,
    ).toBe(403);
    const across = await api.get(
      `/schools/${thessaloniki.id}/teacher/grades/${fx.shared}/students/${fx.student}`,
      admin,
    );
    expect([403, 404]).toContain(across.status);
  });
});
