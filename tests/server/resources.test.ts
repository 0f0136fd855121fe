import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('the resource engine on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let athens: number;
  let thessaloniki: number;
  const path = (resource: string, rest = '') => `/schools/${athens}/admin/${resource}${rest}`;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    const schools = await server.built.deps.db
      .selectFrom('schools')
      .select(['id', 'name'])
      .execute();
    athens = schools.find((s) => s.name.includes('Athens'))!.id;
    thessaloniki = schools.find((s) => s.name.includes('Thessaloniki'))!.id;
  });
  afterAll(() => server.close());

  it('pages a list with data and totalCount, default 20 and at most 100 per page', async () => {
    const first = await api.get(path('students'), admin);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(300);
    expect(first.body.data.length).toBe(20);
    const last = await api.get(path('students', '?page=15&per_page=20'), admin);
    expect(last.body.data.length).toBe(20);
    const beyond = await api.get(path('students', '?page=16'), admin);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.totalCount).toBe(300);
    const big = await api.get(path('students', '?per_page=100&page=3'), admin);
    expect(big.body.data.length).toBe(100);
    const ids = new Set<number>();
    for (let page = 1; page <= 3; page++) {
      const rows = (await api.get(path('students', `?per_page=100&page=${page}`), admin)).body
        .data as { id: number }[];
      rows.forEach((r) => ids.add(r.id));
    }
    expect(ids.size).toBe(300);
    expect((await api.get(path('students', '?per_page=101'), admin)).status).toBe(400);
    expect((await api.get(path('students', '?page=0'), admin)).status).toBe(400);
  });

  it('gives the pages of the second half (read from the end) in the same order', async () => {
    const pages = async (query: string, count: number) => {
      const all: string[] = [];
      for (let page = 1; page <= count; page++) {
        const body = (await api.get(path('students', `${query}&page=${page}`), admin)).body;
        all.push(...body.data.map((r: { code: string }) => r.code));
      }
      return all;
    };
    const codes = Array.from({ length: 300 }, (_, i) => `S${String(i).padStart(4, '0')}`);
    // 43 pages of 7, the last one of 6: pages 22 to 43 are read backwards.
    expect(await pages('?sort=code&order=asc&per_page=7', 43)).toEqual(codes);
    expect(await pages('?sort=code&order=desc&per_page=7', 43)).toEqual([...codes].reverse());
    const byName = await pages('?per_page=100', 3);
    expect(await pages('?per_page=7', 43)).toEqual(byName);
    expect(new Set(byName).size).toBe(300);
  });

  it('sorts by a sortable field in both directions and refuses others', async () => {
    const asc = (
      await api.get(path('students', '?sort=code&order=asc&per_page=5'), admin)
    ).body.data.map((r: { code: string }) => r.code);
    expect(asc).toEqual(['S0000', 'S0001', 'S0002', 'S0003', 'S0004']);
    const desc = (
      await api.get(path('students', '?sort=code&order=desc&per_page=2'), admin)
    ).body.data.map((r: { code: string }) => r.code);
    expect(desc).toEqual(['S0299', 'S0298']);
    const refused = await api.get(path('students', '?sort=notes'), admin);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.sort).toMatch(/Sort by one of/);
  });

  it('searches names without case or accents, and by code', async () => {
    const exact = await api.get(path('students', '?search=Γεωργίου Σοφία'), admin);
    expect(exact.body.data.map((r: { email: string }) => r.email)).toContain('student@demo.school');
    const plain = await api.get(path('students', '?search=ΓΕΩΡΓΙΟΥ σοφια'), admin);
    expect(plain.body.totalCount).toBe(exact.body.totalCount);
    const code = await api.get(path('students', '?search=s0000'), admin);
    expect(code.body.data.map((r: { code: string }) => r.code)).toEqual(['S0000']);
    const none = await api.get(path('students', '?search=zzzz-nobody'), admin);
    expect(none.body).toMatchObject({ status: 'ok', data: [], totalCount: 0 });
  });

  it('filters by column, by link and by flag, with labels of listed references', async () => {
    const levels = (await api.get(path('levels'), admin)).body.data as {
      id: number;
      name: string;
    }[];
    const a1 = levels.find((l) => l.name === 'A1')!;
    const byLevel = await api.get(path('students', `?level_id=${a1.id}&per_page=100`), admin);
    expect(byLevel.body.totalCount).toBe(50);
    expect(
      byLevel.body.data.every(
        (r: { level_id: number; level_label: string }) =>
          r.level_id === a1.id && r.level_label === 'A1',
      ),
    ).toBe(true);

    const lesson = (await api.get(path('lessons', '?per_page=1&sort=name'), admin)).body.data[0];
    const inLesson = await api.get(
      path('students', `?lesson_ids=${lesson.id}&per_page=100`),
      admin,
    );
    const detail = await api.get(path('lessons', `/${lesson.id}`), admin);
    expect(inLesson.body.totalCount).toBe(detail.body.data.student_ids.length);

    const inactive = await api.get(path('students', '?active=false'), admin);
    expect(inactive.body.totalCount).toBe(0);
  });

  it('creates, reads, updates and deletes a record, and writes each change to the audit log', async () => {
    const created = await api.post(
      path('levels'),
      { name: 'Proficiency', sort_order: 9, description: 'Exam class' },
      admin,
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ name: 'Proficiency', sort_order: 9 });

    const updated = await api.call('PUT', path('levels', `/${id}`), {
      token: admin,
      body: { sort_order: 10 },
    });
    expect(updated.body.data).toMatchObject({
      name: 'Proficiency',
      sort_order: 10,
      description: 'Exam class',
    });
    const viaPost = await api.post(path('levels', `/${id}`), { description: '' }, admin);
    expect(viaPost.body.data.description).toBeNull();

    expect((await api.call('DELETE', path('levels', `/${id}`), { token: admin })).status).toBe(200);
    expect((await api.get(path('levels', `/${id}`), admin)).status).toBe(404);

    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'school_id'])
      .where('entity', '=', 'levels')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit.every((a) => a.school_id === athens)).toBe(true);
  });

  it('answers validation errors per field and 409 for duplicates and records still in use', async () => {
    const missing = await api.post(path('levels'), { name: '  ' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ name: 'This field is required' });

    const duplicate = await api.post(path('levels'), { name: 'A1' }, admin);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      error: 'conflict',
      message: 'Another level already has this name.',
    });

    const site = (await api.get(path('sites', '?per_page=1'), admin)).body.data[0];
    const inUse = await api.call('DELETE', path('sites', `/${site.id}`), { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(
      'This building is still used by other records. Remove or change those first.',
    );

    const dates = await api.post(
      path('periods'),
      { name: 'Summer', start_date: '2027-07-31', end_date: '2027-07-01' },
      admin,
    );
    expect(dates.status).toBe(400);
    expect(dates.body.fields).toEqual({ end_date: 'The end date must be after the start date' });
  });

  it('refuses references to another school’s records', async () => {
    const foreignLevel = await server.built.deps.db
      .selectFrom('levels')
      .select('id')
      .where('school_id', '=', thessaloniki)
      .executeTakeFirstOrThrow();
    const response = await api.post(
      path('courses'),
      { name: 'Latin', level_id: foreignLevel.id },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ level_id: 'This choice does not exist' });
    const foreignStudent = await server.built.deps.db
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', thessaloniki)
      .where('role', '=', 'student')
      .executeTakeFirstOrThrow();
    const link = await api.post(
      path('lessons'),
      { name: 'Latin A1', student_ids: [foreignStudent.id] },
      admin,
    );
    expect(link.body.fields).toEqual({ student_ids: 'This choice does not exist' });
  });

  it('keeps one current period', async () => {
    const created = await api.post(
      path('periods'),
      { name: '2027–2028', start_date: '2027-09-01', end_date: '2028-06-30', is_current: true },
      admin,
    );
    expect(created.body.data.is_current).toBe(true);
    const current = await api.get(path('periods', '?is_current=true'), admin);
    expect(current.body.data.map((p: { id: number }) => p.id)).toEqual([created.body.data.id]);
  });

  it('creates a student with an account, links guardians, and protects shared accounts', async () => {
    const parent = (await api.get(path('clients', '?search=parent@demo.school'), admin)).body
      .data[0];
    const created = await api.post(
      path('students'),
      {
        first_name: 'Άννα',
        last_name: 'Νέα',
        email: 'anna.nea@demo.school',
        code: 'S9999',
        guardian_ids: [parent.id],
      },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      first_name: 'Άννα',
      email: 'anna.nea@demo.school',
      guardian_ids: [parent.id],
      active: true,
    });
    expect(created.body.data.labels.guardian_ids).toEqual([
      { id: parent.id, label: 'Γεωργίου Μαρία' },
    ]);

    const again = await api.post(
      path('students'),
      { first_name: 'Άννα', last_name: 'Νέα', email: 'anna.nea@demo.school' },
      admin,
    );
    expect(again.status).toBe(409);
    const sameCode = await api.post(
      path('students'),
      { first_name: 'Β', last_name: 'Γ', code: 'S9999' },
      admin,
    );
    expect(sameCode.status).toBe(409);

    const renamed = await api.call('PUT', path('students', `/${created.body.data.id}`), {
      token: admin,
      body: { first_name: 'Αννούλα' },
    });
    expect(renamed.body.data.first_name).toBe('Αννούλα');

    // admin@demo.school also belongs to Thessaloniki: Athens may not change that account's email.
    const adminAsTeacher = await api.post(
      path('teachers'),
      { first_name: 'Ελένη', last_name: 'Αλεξίου', email: 'admin@demo.school' },
      admin,
    );
    expect(adminAsTeacher.status).toBe(200);
    expect(adminAsTeacher.body.data.user_id).toBeGreaterThan(0);
    const takeover = await api.call('PUT', path('teachers', `/${adminAsTeacher.body.data.id}`), {
      token: admin,
      body: { email: 'attacker@evil.example' },
    });
    expect(takeover.status).toBe(409);
    expect(takeover.body.message).toMatch(/Another school shares this account/);

    expect(
      (await api.call('DELETE', path('students', `/${created.body.data.id}`), { token: admin }))
        .status,
    ).toBe(200);
    const gone = await server.built.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'anna.nea@demo.school')
      .execute();
    expect(gone).toEqual([]);
  });

  it('refuses reading and writing without the permission, live on the next request', async () => {
    const secretary = await api.login('secretary@demo.school');
    expect((await api.get(path('students'), secretary)).status).toBe(200);
    const users = await api.get(path('users'), secretary);
    expect(users.status).toBe(403);
    expect(users.body.error).toBe('forbidden');
    expect((await api.get(path('permissions'), secretary)).status).toBe(403);

    const groups = (await api.get(path('permissions'), admin)).body.data as {
      id: number;
      name: string;
    }[];
    const office = groups.find((g) => g.name === 'Office')!;
    const rules = (
      await api.get(path('permission_rules', `?group_id=${office.id}&per_page=100`), admin)
    ).body.data as {
      id: number;
      resource: string;
    }[];
    const studentsRule = rules.find((r) => r.resource === 'students')!;
    await api.call('PUT', path('permission_rules', `/${studentsRule.id}`), {
      token: admin,
      body: { can_read: false, can_write: false },
    });
    const withdrawn = await api.get(path('students'), secretary);
    expect(withdrawn.status).toBe(403);
    const perms = (await api.get(`/schools/${athens}/admin/school/user-permissions`, secretary))
      .body.data;
    expect(perms.find((p: { resource: string }) => p.resource === 'students')).toEqual({
      resource: 'students',
      read: false,
      write: false,
    });

    const transactionsRule = rules.find((r) => r.resource === 'transactions');
    expect(transactionsRule).toBeTruthy();
    const write = await api.post(path('levels'), { name: 'Secretary level' }, secretary);
    expect(write.status).toBe(200);
  });

  it('shows a teacher only the students of their lessons, and a client only their children', async () => {
    const teacher = await api.login('teacher@demo.school');
    const teacherStudents = await api.get(
      `/schools/${athens}/teacher/students?per_page=100`,
      teacher,
    );
    expect(teacherStudents.status).toBe(200);
    expect(teacherStudents.body.totalCount).toBeGreaterThan(0);
    expect(teacherStudents.body.totalCount).toBeLessThan(300);
    const lessons = (await api.get(`/schools/${athens}/teacher/lessons?per_page=100`, teacher)).body
      .data as { id: number }[];
    const allowed = new Set<number>();
    for (const lesson of lessons) {
      const d = await api.get(`/schools/${athens}/teacher/lessons/${lesson.id}`, teacher);
      expect(d.body.data.teacher_ids.length).toBeGreaterThan(0);
      d.body.data.student_ids.forEach((s: number) => allowed.add(s));
    }
    expect(teacherStudents.body.data.every((s: { id: number }) => allowed.has(s.id))).toBe(true);
    expect(
      (
        await api.post(
          `/schools/${athens}/teacher/students`,
          { first_name: 'X', last_name: 'Y' },
          teacher,
        )
      ).status,
    ).toBe(403);

    const parent = await api.login('parent@demo.school');
    const children = await api.get(`/schools/${athens}/client/students`, parent);
    expect(children.body.data.map((c: { email: string }) => c.email)).toContain(
      'student@demo.school',
    );
    const stranger = (await api.get(path('students', '?search=S0150'), admin)).body.data[0];
    expect(
      (await api.get(`/schools/${athens}/client/students/${stranger.id}`, parent)).status,
    ).toBe(404);
    expect((await api.get(`/schools/${athens}/client/clients`, parent)).status).toBe(403);
  });

  it('lets a teacher announce to a lesson they teach, and notifies its students', async () => {
    const teacher = await api.login('teacher@demo.school');
    const lesson = (await api.get(`/schools/${athens}/teacher/lessons?per_page=1`, teacher)).body
      .data[0];
    const toAll = await api.post(
      `/schools/${athens}/teacher/announcements`,
      { title: 'Hi', body: 'x', audience: 'all' },
      teacher,
    );
    expect(toAll.status).toBe(403);
    const created = await api.post(
      `/schools/${athens}/teacher/announcements`,
      {
        title: 'Homework for Monday',
        body: 'Exercises 1-5',
        audience: 'lesson',
        lesson_id: lesson.id,
      },
      teacher,
    );
    expect(created.status).toBe(200);
    const detail = await api.get(`/schools/${athens}/teacher/lessons/${lesson.id}`, teacher);
    const notified = await server.built.deps.db
      .selectFrom('notifications')
      .select('user_id')
      .where('entity', '=', 'announcements')
      .where('entity_id', '=', created.body.data.id)
      .where('role', '=', 'student')
      .execute();
    expect(notified.length).toBe(detail.body.data.student_ids.length);
  });

  it('never sends a role the fields hidden from it, nor lets it filter or sort by them', async () => {
    const student = await api.login('student@demo.school');
    const lesson = (await api.get(`/schools/${athens}/student/lessons?per_page=1`, student)).body
      .data[0];
    const lessonDetail = await api.get(`/schools/${athens}/student/lessons/${lesson.id}`, student);
    expect(lessonDetail.status).toBe(200);
    expect(lessonDetail.body.data).not.toHaveProperty('student_ids');
    expect(lessonDetail.body.data.labels).not.toHaveProperty('student_ids');
    expect(lessonDetail.body.data.teacher_ids.length).toBeGreaterThan(0);

    const teacher = (await api.get(`/schools/${athens}/student/teachers`, student)).body.data[0];
    expect(teacher).not.toHaveProperty('phone');
    expect(teacher).not.toHaveProperty('notes');
    const teacherAnswer = await api.get(
      `/schools/${athens}/student/teachers/${teacher.id}`,
      student,
    );
    expect(teacherAnswer.status, JSON.stringify(teacherAnswer.body)).toBe(200);
    const teacherDetail = teacherAnswer.body.data;
    expect(Object.keys(teacherDetail)).not.toEqual(
      expect.arrayContaining(['phone', 'mobile', 'notes']),
    );
    expect(teacherDetail).toHaveProperty('last_name');
    const filtered = await api.get(`/schools/${athens}/student/lessons?student_ids=1`, student);
    expect(filtered.status).toBe(400);

    const parent = await api.login('parent@demo.school');
    const child = (await api.get(`/schools/${athens}/client/students`, parent)).body.data[0];
    const childDetail = (await api.get(`/schools/${athens}/client/students/${child.id}`, parent))
      .body.data;
    expect(childDetail).not.toHaveProperty('notes');
    expect(childDetail).not.toHaveProperty('tag_ids');
    expect(childDetail).toHaveProperty('guardian_ids');

    // The office sees everything.
    const full = (await api.get(path('students', `/${child.id}`), admin)).body.data;
    expect(full).toHaveProperty('notes');
    expect(full).toHaveProperty('tag_ids');
  });
});
