import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// The gradebook's set-up (docs/assessment-grades.md, "Categories and items"): a teacher adds,
// changes and deletes the weighted categories and the oral, test and exam items of a lesson's
// sub-period; deleting an item takes its values, deleting a category moves its items to
// another or leaves them without one; nobody else's lesson, no closed sub-period, no other
// area's item, and no other school.

interface SubPeriod {
  id: number;
  start_date: string;
  closed: boolean;
}

describe.each(databaseKinds)('the gradebook set-up on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let admin: string;
  /** Sub-periods of the shared lesson's period that have not begun: open and empty. */
  let later: SubPeriod;
  let other: SubPeriod;
  const base = () => `/schools/${fx.school}/teacher/grades/${fx.shared}`;
  const book = async (subPeriodId = later.id) => {
    const answer = await api.get(`${base()}?sub_period_id=${subPeriodId}`, teacher);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as {
      categories: { id: number; name: string; weight: number; source_kind: string | null }[];
      items: { id: number | null; key: string; title: string; category_id: number | null }[];
      students: { student_id: number; values: (number | null)[] }[];
    };
  };
  const addCategory = (body: Record<string, unknown>, token = teacher, path = base()) =>
    api.post(`${path}/categories`, { sub_period_id: later.id, ...body }, token);
  const addItem = (body: Record<string, unknown>, token = teacher, path = base()) =>
    api.post(`${path}/items`, { sub_period_id: later.id, kind: 'oral', ...body }, token);
  const change = (what: string, id: number, body: unknown, token = teacher, path = base()) =>
    api.call('PUT', `${path}/${what}/${id}`, { token, body });
  const remove = (what: string, id: number, token = teacher, path = base()) =>
    api.call('DELETE', `${path}/${what}/${id}`, { token });

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('admin@demo.school'),
    ]);
    const current = await api.get(base(), teacher);
    const today = new Date().toISOString().slice(0, 10);
    const ahead = (current.body.data.sub_periods as SubPeriod[]).filter(
      (s) => s.start_date > today,
    );
    expect(ahead.length).toBeGreaterThanOrEqual(2);
    [later, other] = ahead as [SubPeriod, SubPeriod];
  });
  afterAll(() => server.close());

  it('adds, changes and deletes categories and items, each in the audit log', async () => {
    const created = await addCategory({ name: 'Προφορικά', weight: 30 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Προφορικά', weight: 30, source_kind: null });
    const oral = created.body.data.id as number;
    const tests = (await addCategory({ name: 'Διαγωνίσματα', weight: 70 })).body.data.id as number;

    // Without points the item takes the school's scale (20 in the demo school).
    const item = await addItem({ title: 'Προφορικό 1', category_id: oral, date: later.start_date });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    expect(item.body.data).toMatchObject({
      title: 'Προφορικό 1',
      kind: 'oral',
      category_id: oral,
      max_points: 20,
      date: later.start_date,
      editable: true,
    });
    const itemId = item.body.data.id as number;

    const renamed = await change('categories', oral, { name: 'Προφορική εξέταση', weight: 40 });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Προφορική εξέταση', weight: 40 });
    const moved = await change('items', itemId, {
      title: 'Διαγώνισμα Α',
      kind: 'test',
      category_id: tests,
      max_points: 50,
      date: null,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      title: 'Διαγώνισμα Α',
      kind: 'test',
      category_id: tests,
      max_points: 50,
      date: null,
    });
    const data = await book();
    expect(data.categories.map((c) => [c.name, c.weight])).toEqual([
      ['Προφορική εξέταση', 40],
      ['Διαγωνίσματα', 70],
    ]);
    expect(data.items.find((i) => i.id === itemId)).toMatchObject({ category_id: tests });

    // A value on the item, then the item goes with it.
    const value = await api.call('PUT', `${base()}/items/${itemId}/students/${fx.student}`, {
      token: teacher,
      body: { value: 42 },
    });
    expect(value.status).toBe(200);
    expect((await remove('items', itemId)).status).toBe(200);
    expect((await book()).items.some((i) => i.id === itemId)).toBe(false);
    const left = await server.built.deps.db
      .selectFrom('grade_entries')
      .select('id')
      .where('item_id', '=', itemId)
      .execute();
    expect(left).toEqual([]);
    expect((await remove('items', itemId)).status).toBe(404);

    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('entity', 'in', ['grade_category', 'grade_item'])
      .where((eb) =>
        eb.or([
          eb('entity_id', '=', String(oral)),
          eb('entity_id', '=', String(tests)),
          eb('entity_id', '=', String(itemId)),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', entity: 'grade_category' },
      { action: 'create', entity: 'grade_category' },
      { action: 'create', entity: 'grade_item' },
      { action: 'update', entity: 'grade_category' },
      { action: 'update', entity: 'grade_item' },
      { action: 'delete', entity: 'grade_item' },
    ]);
  });

  it('deleting a category moves its items to another, or leaves them without one', async () => {
    const first = (await addCategory({ name: 'Εργασίες τάξης', weight: 20 })).body.data
      .id as number;
    const second = (await addCategory({ name: 'Τεστ', weight: 80 })).body.data.id as number;
    const a = (await addItem({ title: 'Εργασία 1', category_id: first })).body.data.id as number;
    const b = (await addItem({ title: 'Εργασία 2', category_id: first })).body.data.id as number;
    // Not to itself, nor to a category of another sub-period.
    const elsewhere = await api.post(
      `${base()}/categories`,
      { sub_period_id: other.id, name: 'Αλλού', weight: 10 },
      teacher,
    );
    expect(elsewhere.status).toBe(200);
    for (const target of [first, elsewhere.body.data.id as number]) {
      const refused = await api.call(
        'DELETE',
        `${base()}/categories/${first}?move_items_to=${target}`,
        { token: teacher },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty('move_items_to');
    }
    const movedAway = await api.call(
      'DELETE',
      `${base()}/categories/${first}?move_items_to=${second}`,
      { token: teacher },
    );
    expect(movedAway.status, JSON.stringify(movedAway.body)).toBe(200);
    let data = await book();
    expect(data.categories.some((c) => c.id === first)).toBe(false);
    expect(data.items.filter((i) => i.id === a || i.id === b).map((i) => i.category_id)).toEqual([
      second,
      second,
    ]);
    // Without a target the items stay, without a category.
    expect((await remove('categories', second)).status).toBe(200);
    data = await book();
    expect(data.items.filter((i) => i.id === a || i.id === b).map((i) => i.category_id)).toEqual([
      null,
      null,
    ]);
  });

  it('says what is wrong with a category or an item', async () => {
    const noName = await addCategory({ name: '  ', weight: 10 });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toHaveProperty('name');
    const heavy = await addCategory({ name: 'Βαριά', weight: 1001 });
    expect(heavy.status).toBe(400);
    expect(heavy.body.fields?.weight).toBe('Enter a number from 0 to 1000');
    const halfWeight = await addCategory({ name: 'Μισή', weight: 2.5 });
    expect(halfWeight.body.fields?.weight).toBe('Enter a whole number');

    const category = (await addCategory({ name: 'Γραπτά', weight: 50 })).body.data.id as number;
    const noPoints = await addItem({ title: 'Τεστ', category_id: category, max_points: 0 });
    expect(noPoints.status).toBe(400);
    expect(noPoints.body.fields?.max_points).toBe('Enter a number from 1 to 1000');
    const badKind = await addItem({ title: 'Τεστ', kind: 'task' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.fields).toHaveProperty('kind');
    // A category of another sub-period is not this item's.
    const foreignCategory = await api.post(
      `${base()}/categories`,
      { sub_period_id: other.id, name: 'Άλλη', weight: 10 },
      teacher,
    );
    const misplaced = await addItem({
      title: 'Τεστ',
      category_id: foreignCategory.body.data.id as number,
    });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.fields).toHaveProperty('category_id');

    // Fewer points than a value already given: refused until the value changes.
    const item = (await addItem({ title: 'Τεστ 20', category_id: category })).body.data
      .id as number;
    await api.call('PUT', `${base()}/items/${item}/students/${fx.student}`, {
      token: teacher,
      body: { value: 18 },
    });
    const lower = await change('items', item, { max_points: 10 });
    expect(lower.status).toBe(409);
    expect(lower.body.issues?.[0]).toMatchObject({ code: 'values_over_max', field: 'max_points' });
    expect((await change('items', item, { max_points: 18 })).status).toBe(200);

    // One category per sub-period collects the tasks.
    expect((await addCategory({ name: 'Εργασίες', weight: 10, source_kind: 'task' })).status).toBe(
      200,
    );
    const second = await addCategory({ name: 'Κι άλλες', weight: 10, source_kind: 'task' });
    expect(second.status).toBe(409);
    expect(second.body.issues?.[0]?.code).toBe('collector_exists');
  });

  it("leaves another area's items to that area, and a closed sub-period alone", async () => {
    const quizItem = await server.built.deps.db
      .insertInto('grade_items')
      .values({
        school_id: fx.school,
        lesson_id: fx.shared,
        sub_period_id: later.id,
        category_id: null,
        kind: 'quiz',
        source_kind: 'quiz',
        source_id: 999_999,
        title: 'Κουίζ',
        max_points: 10,
        date: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changed = await change('items', quizItem.id, { title: 'Άλλο' });
    expect(changed.status).toBe(409);
    expect(changed.body.issues?.[0]?.code).toBe('graded_elsewhere');
    expect((await remove('items', quizItem.id)).status).toBe(409);

    const category = (await addCategory({ name: 'Πριν κλείσει', weight: 10 })).body.data
      .id as number;
    const item = (await addItem({ title: 'Πριν κλείσει', category_id: category })).body.data
      .id as number;
    const close = (closed: boolean) =>
      api.call('PUT', `/schools/${fx.school}/admin/grade-periods/${later.id}`, {
        token: admin,
        body: { closed },
      });
    expect((await close(true)).status).toBe(200);
    try {
      for (const answer of [
        await addCategory({ name: 'Κλειστό', weight: 1 }),
        await change('categories', category, { weight: 5 }),
        await remove('categories', category),
        await change('items', item, { title: 'Κλειστό' }),
        await remove('items', item),
      ]) {
        expect(answer.status).toBe(409);
        expect(answer.body.issues?.[0]?.code).toBe('sub_period_closed');
      }
    } finally {
      expect((await close(false)).status).toBe(200);
    }
  });

  it("refuses students, teachers of other lessons and another school's teacher", async () => {
    const category = (await addCategory({ name: 'Δική μου', weight: 10 })).body.data.id as number;
    const item = (await addItem({ title: 'Δικό μου', category_id: category })).body.data
      .id as number;
    const expectRefused = async (
      answers: Promise<{ status: number }>[],
      statuses: number[] = [403],
    ) => {
      for (const answer of await Promise.all(answers)) expect(statuses).toContain(answer.status);
    };

    // A student has no gradebook to set up.
    const asStudent = `/schools/${fx.school}/student/grades/${fx.shared}`;
    await expectRefused([
      addCategory({ name: 'Όχι', weight: 1 }, student, asStudent),
      addItem({ title: 'Όχι' }, student, asStudent),
      change('items', item, { title: 'Όχι' }, student, asStudent),
      remove('categories', category, student, asStudent),
    ]);

    // The demo teacher does not teach the foreign lesson.
    const foreign = `/schools/${fx.school}/teacher/grades/${fx.foreign}`;
    await expectRefused([
      addCategory({ name: 'Όχι', weight: 1 }, teacher, foreign),
      addItem({ title: 'Όχι' }, teacher, foreign),
    ]);
    // Nor reaches this lesson's item through it.
    await expectRefused([
      change('items', item, { title: 'Όχι' }, teacher, foreign),
      remove('items', item, teacher, foreign),
      remove('categories', category, teacher, foreign),
    ]);

    // The demo admin teaches in Thessaloniki: as that school's teacher they reach no Athens
    // lesson, and the Athens teacher holds no role there.
    const thessaloniki = await server.built.deps.db
      .selectFrom('schools')
      .select('id')
      .where('name', '=', 'Demo School Thessaloniki')
      .executeTakeFirstOrThrow();
    const across = `/schools/${thessaloniki.id}/teacher/grades/${fx.shared}`;
    await expectRefused(
      [
        addCategory({ name: 'Όχι', weight: 1 }, admin, across),
        addItem({ title: 'Όχι' }, admin, across),
        change('categories', category, { name: 'Όχι' }, admin, across),
        change('items', item, { title: 'Όχι' }, admin, across),
        remove('items', item, admin, across),
        remove('categories', category, admin, across),
        addCategory({ name: 'Όχι', weight: 1 }, teacher, across),
      ],
      [403, 404],
    );

    // Nothing of it changed anything.
    const data = await book();
    expect(data.categories.find((c) => c.id === category)?.name).toBe('Δική μου');
    expect(data.items.find((i) => i.id === item)?.title).toBe('Δικό μου');
    expect(data.categories.some((c) => c.name === 'Όχι')).toBe(false);
    expect(data.items.some((i) => i.title === 'Όχι')).toBe(false);
  });
});
