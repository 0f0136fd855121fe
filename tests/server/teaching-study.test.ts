import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeText, foldLine, icalendar } from '../../src/server/areas/calendar/icalendar';
import { localDate, zonedInstant } from '../../src/server/areas/calendar/school-time';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import {
  insertQuizAttempt,
  lexical,
  QUIZ_QUESTION,
  teachingFixture,
  type TeachingFixture,
} from './support/teaching';

const DAY = 86_400_000;

describe('iCalendar text (RFC 5545)', () => {
  it('escapes TEXT values and folds lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'Άλγεβρα '.repeat(20)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // Unfolding (dropping CRLF + one space) gives the line back, every character whole.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
  });

  it('writes a calendar with CRLF endings, UTC instants and a stamp per event', () => {
    const text = icalendar({
      name: 'Σχολείο: Σοφία',
      now: new Date('2026-03-02T08:00:00Z'),
      events: [
        {
          uid: 'task-1@1.mathema',
          start: new Date('2026-03-05T21:59:00Z'),
          end: new Date('2026-03-05T21:59:00Z'),
          summary: 'Ασκήσεις; μέρος 1, 2',
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(text).toContain('\r\nDTSTART:20260305T215900Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20260302T080000Z\r\n');
    expect(text).toContain('SUMMARY:Ασκήσεις\\; μέρος 1\\, 2');
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  it("converts the school's wall clock to UTC across daylight saving", () => {
    expect(zonedInstant('2026-01-12', '15:00', 'Europe/Athens').toISOString()).toBe(
      '2026-01-12T13:00:00.000Z',
    );
    expect(zonedInstant('2026-07-13', '15:00', 'Europe/Athens').toISOString()).toBe(
      '2026-07-13T12:00:00.000Z',
    );
    expect(localDate(new Date('2026-07-13T22:30:00Z'), 'Europe/Athens')).toBe('2026-07-14');
  });
});

describe.each(databaseKinds)('task books, study guide, calendar and homes on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  const base = () => `/schools/${fx.school}`;
  const at = (days: number) =>
    new Date(server.built.deps.now().getTime() + days * DAY).toISOString();
  const today = () => localDate(server.built.deps.now(), 'Europe/Athens');
  const day = (offset: number) =>
    new Date(Date.parse(`${today()}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, parent] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
    ]);
  });
  afterAll(() => server.close());

  /** A published chapter and task (due in `dueInDays` days) of the shared lesson. */
  async function material(title: string, dueInDays = 2) {
    const chapter = await api.post(
      `${base()}/teacher/chapters`,
      { lesson_id: fx.shared, title: `${title}: κεφάλαιο`, content: lexical('x'), published: true },
      teacher,
    );
    const task = await api.post(
      `${base()}/teacher/tasks`,
      {
        lesson_id: fx.shared,
        title: `${title}: εργασία`,
        due_at: at(dueInDays),
        points: 10,
        published: true,
      },
      teacher,
    );
    expect([chapter.status, task.status]).toEqual([200, 200]);
    return { chapter: chapter.body.data, task: task.body.data };
  }

  /** A quiz of a lesson closing in `days` days, published or a draft, made by its teacher. */
  async function quiz(title: string, lessonId: number, published: boolean, days = 3) {
    const made = await api.post(
      `${base()}/${lessonId === fx.shared ? 'teacher' : 'admin'}/quizzes`,
      {
        lesson_id: lessonId,
        title,
        opens_at: at(-1),
        closes_at: at(days),
        published,
        questions: [QUIZ_QUESTION],
      },
      lessonId === fx.shared ? teacher : await api.login('admin@demo.school'),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data as { id: number; closes_at: string };
  }

  it("orders tasks and chapters of one lesson in a book, and counts each student's progress", async () => {
    const { chapter, task } = await material('Βιβλίο');
    const stray = await api.post(
      `${base()}/admin/tasks`,
      { lesson_id: fx.foreign, title: 'Ξένη', due_at: at(2), points: 1, published: true },
      await api.login('admin@demo.school'),
    );
    const refused = await api.post(
      `${base()}/teacher/taskbooks`,
      { lesson_id: fx.shared, title: 'Λάθος', items: [{ kind: 'task', id: stray.body.data.id }] },
      teacher,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ code: 'not_in_lesson', field: 'items' }]);

    const created = await api.post(
      `${base()}/teacher/taskbooks`,
      {
        lesson_id: fx.shared,
        title: 'Ενότητα Α',
        published: true,
        items: [
          { kind: 'chapter', id: chapter.id },
          { kind: 'task', id: task.id },
        ],
      },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const book = created.body.data;
    expect(book.items.map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toEqual([
      `chapter:${chapter.id}`,
      `task:${task.id}`,
    ]);
    const notified = await server.built.deps.db
      .selectFrom('notifications')
      .select('role')
      .where('entity', '=', 'taskbook')
      .where('entity_id', '=', book.id)
      .execute();
    expect(new Set(notified.map((n) => n.role))).toEqual(new Set(['student', 'client']));

    const before = await api.get(`${base()}/student/taskbooks/${book.id}`, student);
    expect(before.body.data.progress).toEqual({ done: 0, total: 2 });
    await api.post(`${base()}/student/chapters/${chapter.id}/read`, {}, student);
    await api.call('PUT', `${base()}/student/tasks/${task.id}/submission`, {
      token: student,
      body: { text: 'ok', submit: true },
    });
    const after = await api.get(`${base()}/student/taskbooks/${book.id}`, student);
    expect(after.body.data.progress).toEqual({ done: 2, total: 2 });
    expect(after.body.data.items.every((i: { done: boolean }) => i.done)).toBe(true);

    const progress = await api.get(`${base()}/teacher/taskbooks/${book.id}/progress`, teacher);
    expect(
      progress.body.data.find((r: { student_id: number }) => r.student_id === fx.student),
    ).toMatchObject({ done: 2, total: 2 });
    expect(progress.body.totalCount).toBeGreaterThan(1);
    expect((await api.get(`${base()}/student/taskbooks/${book.id}/progress`, student)).status).toBe(
      404,
    );
    expect((await api.get(`${base()}/client/taskbooks/${book.id}`, parent)).status).toBe(200);

    const draft = await api.post(
      `${base()}/teacher/taskbooks`,
      { lesson_id: fx.shared, title: 'Πρόχειρο' },
      teacher,
    );
    expect(
      (await api.get(`${base()}/student/taskbooks/${draft.body.data.id}`, student)).status,
    ).toBe(404);
  });

  it("shows the teacher each student's done steps, notifies once on publishing, and a parent their child's progress", async () => {
    const { chapter, task } = await material('Πρόοδος');
    const created = await api.post(
      `${base()}/teacher/taskbooks`,
      {
        lesson_id: fx.shared,
        title: 'Ενότητα Β',
        items: [
          { kind: 'task', id: task.id },
          { kind: 'chapter', id: chapter.id },
        ],
      },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const book = created.body.data;
    const notices = () =>
      server.built.deps.db
        .selectFrom('notifications')
        .select(['role', 'user_id', 'entity', 'title'])
        .where('entity', '=', 'taskbook')
        .where('entity_id', '=', book.id)
        .execute();
    // A draft tells no one; the first publishing tells the lesson's students and their parents.
    expect(await notices()).toEqual([]);
    const published = await api.call('PUT', `${base()}/teacher/taskbooks/${book.id}`, {
      token: teacher,
      body: { published: true },
    });
    expect(published.status).toBe(200);
    const first = await notices();
    expect(new Set(first.map((n) => n.role))).toEqual(new Set(['student', 'client']));
    expect(first.every((n) => n.title === 'Ενότητα Β')).toBe(true);
    const studentInbox = await api.get(`${base()}/student/notifications`, student);
    expect(
      studentInbox.body.data.some(
        (n: { entity: string; entity_id: number }) =>
          n.entity === 'taskbook' && n.entity_id === book.id,
      ),
    ).toBe(true);
    // Unpublishing and publishing again does not tell them twice.
    for (const value of [false, true])
      await api.call('PUT', `${base()}/teacher/taskbooks/${book.id}`, {
        token: teacher,
        body: { published: value },
      });
    expect((await notices()).length).toBe(first.length);
    // Changing the title alone keeps it published and keeps its steps.
    const renamed = await api.call('PUT', `${base()}/teacher/taskbooks/${book.id}`, {
      token: teacher,
      body: { title: 'Ενότητα Β: ρίζες' },
    });
    expect(renamed.body.data).toMatchObject({ title: 'Ενότητα Β: ρίζες', published: true });
    expect(renamed.body.data.items).toHaveLength(2);

    await api.post(`${base()}/student/chapters/${chapter.id}/read`, {}, student);
    const progress = await api.get(`${base()}/teacher/taskbooks/${book.id}/progress`, teacher);
    expect(progress.status).toBe(200);
    const mine = progress.body.data.find(
      (r: { student_id: number }) => r.student_id === fx.student,
    );
    expect(mine).toMatchObject({
      done: 1,
      total: 2,
      done_items: [{ kind: 'chapter', id: chapter.id }],
    });
    const classmate = progress.body.data.find(
      (r: { student_id: number }) => r.student_id === fx.classmate.id,
    );
    expect(classmate).toMatchObject({ done: 0, total: 2, done_items: [] });

    const child = await api.get(
      `${base()}/client/students/${fx.student}/taskbooks?lesson_id=${fx.shared}&per_page=100`,
      parent,
    );
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    expect(child.body.data.find((b: { id: number }) => b.id === book.id)?.progress).toEqual({
      done: 1,
      total: 2,
    });
    // Another family's child, and every role but the parent's, are refused.
    expect(
      (await api.get(`${base()}/client/students/${fx.otherParent.childId}/taskbooks`, parent))
        .status,
    ).toBe(403);
    expect(
      (await api.get(`${base()}/teacher/students/${fx.student}/taskbooks`, teacher)).status,
    ).toBe(403);
  });

  it('gives the student a study guide by day, with what is done', async () => {
    const { chapter, task } = await material('Οδηγός');
    const guide = async () =>
      (await api.get(`${base()}/student/duties?from=${day(-1)}&to=${day(7)}`, student)).body
        .data as { kind: string; id: number; done: boolean; date: string }[];
    const first = await guide();
    expect(first.find((d) => d.kind === 'task' && d.id === task.id)).toMatchObject({
      done: false,
      date: localDate(new Date(task.due_at), 'Europe/Athens'),
    });
    expect(first.find((d) => d.kind === 'chapter' && d.id === chapter.id)).toMatchObject({
      done: false,
      date: today(),
    });
    await api.call('PUT', `${base()}/student/tasks/${task.id}/submission`, {
      token: student,
      body: { submit: true },
    });
    await api.post(`${base()}/student/chapters/${chapter.id}/read`, {}, student);
    const second = await guide();
    expect(second.find((d) => d.kind === 'task' && d.id === task.id)?.done).toBe(true);
    expect(second.find((d) => d.kind === 'chapter' && d.id === chapter.id)?.done).toBe(true);
    const dates = second.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());

    // Quizzes to take are duties on their closing day, done once an attempt is handed in;
    // a draft is not.
    const open = await quiz('Οδηγός: κουίζ', fx.shared, true);
    const draft = await quiz('Οδηγός: πρόχειρο κουίζ', fx.shared, false);
    const before = await guide();
    expect(before.find((d) => d.kind === 'quiz' && d.id === open.id)).toMatchObject({
      done: false,
      date: localDate(new Date(open.closes_at), 'Europe/Athens'),
    });
    expect(before.find((d) => d.kind === 'quiz' && d.id === draft.id)).toBeUndefined();
    await insertQuizAttempt(server.built.deps.db, {
      school: fx.school,
      quizId: open.id,
      studentId: fx.student,
      submitted: true,
    });
    expect((await guide()).find((d) => d.kind === 'quiz' && d.id === open.id)?.done).toBe(true);
    expect(
      (await api.get(`${base()}/teacher/duties?from=${day(0)}&to=${day(1)}`, teacher)).status,
    ).toBe(403);
    expect(
      (await api.get(`${base()}/student/duties?from=${day(0)}&to=${day(120)}`, student)).status,
    ).toBe(400);
  });

  it("lists the timetable's meetings in school time and the tasks due", async () => {
    const { task } = await material('Ημερολόγιο');
    const events = await api.get(`${base()}/student/calendar?from=${day(0)}&to=${day(6)}`, student);
    expect(events.status).toBe(200);
    const slots = await server.built.deps.db
      .selectFrom('lesson_schedules')
      .select(['weekday', 'start_time'])
      .where('lesson_id', '=', fx.shared)
      .execute();
    const meetings = events.body.data.filter(
      (e: { kind: string; lesson_id: number }) => e.kind === 'lesson' && e.lesson_id === fx.shared,
    );
    // A week holds each weekly slot once, at its wall-clock time in Athens.
    expect(meetings.length).toBe(slots.length);
    for (const meeting of meetings) {
      const date = localDate(new Date(meeting.start), 'Europe/Athens');
      const slot = slots.find(
        (s) => zonedInstant(date, s.start_time, 'Europe/Athens').toISOString() === meeting.start,
      );
      expect(slot, JSON.stringify(meeting)).toBeDefined();
    }
    expect(
      events.body.data.find((e: { uid: string }) => e.uid === `task-${task.id}`),
    ).toMatchObject({ kind: 'task', start: task.due_at });
    // A quiz shows at its closing instant, for the lessons the student attends only.
    const mine = await quiz('Ημερολόγιο: κουίζ', fx.shared, true, 2);
    const theirs = await quiz('Ξένο κουίζ', fx.foreign, true, 2);
    const withQuizzes = await api.get(
      `${base()}/student/calendar?from=${day(0)}&to=${day(6)}`,
      student,
    );
    const uids = withQuizzes.body.data.map((e: { uid: string }) => e.uid);
    expect(
      withQuizzes.body.data.find((e: { uid: string }) => e.uid === `quiz-${mine.id}`),
    ).toMatchObject({ kind: 'quiz', quiz_id: mine.id, start: mine.closes_at });
    expect(uids).not.toContain(`quiz-${theirs.id}`);
    const foreignMeetings = events.body.data.filter(
      (e: { lesson_id: number }) => e.lesson_id === fx.foreign,
    );
    expect(foreignMeetings).toEqual([]);
    expect(
      (await api.get(`${base()}/student/calendar?from=${day(3)}&to=${day(1)}`, student)).status,
    ).toBe(400);
  });

  it('shows each role what is due next and what is new since the last visit', async () => {
    const since = server.built.deps.now().toISOString();
    // Due sooner than any demo task, so that it is among the few the home lists whatever the
    // hour (the demo's tasks fall due at set times of their days).
    const { chapter, task } = await material('Αρχική', 0.005);
    // A quiz closing later today is due, not a lesson of today's timetable.
    await quiz('Αρχική: κουίζ ως απόψε', fx.shared, true, 0.01);
    const home = await api.get(
      `${base()}/student/home?since=${encodeURIComponent(since)}`,
      student,
    );
    expect(home.status).toBe(200);
    expect(home.body.data.today.filter((e: { kind: string }) => e.kind !== 'lesson')).toEqual([]);
    expect(home.body.data.next_due.map((t: { task_id: number }) => t.task_id)).toContain(task.id);
    expect(home.body.data.new_items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'chapter', id: chapter.id })]),
    );

    await api.call('PUT', `${base()}/student/tasks/${task.id}/submission`, {
      token: student,
      body: { text: 'λύση', submit: true },
    });
    const teacherHome = await api.get(
      `${base()}/teacher/home?since=${encodeURIComponent(since)}`,
      teacher,
    );
    expect(teacherHome.body.data.new_items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'submission', id: task.id, count: 1 }),
      ]),
    );
    const row = (
      await api.get(`${base()}/teacher/tasks/${task.id}/submissions?per_page=100`, teacher)
    ).body.data.find((r: { student_id: number }) => r.student_id === fx.student);
    await api.call('PUT', `${base()}/teacher/tasks/${task.id}/submissions/${row.submission.id}`, {
      token: teacher,
      body: { points: 7 },
    });
    const parentHome = await api.get(
      `${base()}/client/home?since=${encodeURIComponent(since)}`,
      parent,
    );
    expect(parentHome.body.data.new_items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'graded', id: task.id, student_id: fx.student }),
      ]),
    );
    expect(parentHome.body.data.next_due.map((t: { task_id: number }) => t.task_id)).not.toContain(
      task.id,
    );
  });

  it('serves a private iCalendar feed by a secret link that can be rotated and revoked', async () => {
    await material(
      'Ροή; με, ειδικούς χαρακτήρες και έναν πολύ μεγάλο τίτλο για αναδίπλωση γραμμής',
    );
    const created = await api.post(`${base()}/student/calendar/feed`, {}, student);
    expect(created.status).toBe(200);
    const url = new URL(created.body.data.url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    const stored = await server.built.deps.db
      .selectFrom('calendar_feeds')
      .select('token_hash')
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(url.pathname.slice(14, 78));

    const feed = await fetch(`${server.url}${url.pathname}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n /g, '')).toContain('Ροή\\; με\\, ειδικούς χαρακτήρες');
    expect(text).toMatch(/\r\nBEGIN:VEVENT\r\nUID:lesson-\d+-\d{4}-\d{2}-\d{2}@\d+\.mathema\r\n/);

    const rotated = await api.post(`${base()}/student/calendar/feed`, {}, student);
    expect((await fetch(`${server.url}${url.pathname}`)).status).toBe(404);
    const next = new URL(rotated.body.data.url).pathname;
    expect((await fetch(`${server.url}${next}`)).status).toBe(200);
    await api.call('DELETE', `${base()}/student/calendar/feed`, { token: student });
    expect((await fetch(`${server.url}${next}`)).status).toBe(404);
  });
});
