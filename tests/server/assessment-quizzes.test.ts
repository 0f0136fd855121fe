import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** One question of each kind, with what is right in each. */
const QUESTIONS = [
  {
    kind: 'simple',
    text: 'Ποια είναι η πρωτεύουσα της Ελλάδας;',
    points: 2,
    accepted_answers: ['Αθήνα'],
  },
  {
    kind: 'multiple_choice',
    text: 'Ποιοι αριθμοί είναι πρώτοι;',
    points: 3,
    options: [
      { text: 'δύο', correct: true },
      { text: 'τρία', correct: true },
      { text: 'τέσσερα', correct: false },
      { text: 'έξι', correct: false },
      { text: 'εννιά', correct: false },
    ],
  },
  {
    kind: 'matching',
    text: 'Αντιστοιχίστε χώρα και πρωτεύουσα.',
    points: 4,
    pairs: [
      { prompt: 'Ελλάδα', match: 'Αθήνα' },
      { prompt: 'Ιταλία', match: 'Ρώμη' },
      { prompt: 'Γαλλία', match: 'Παρίσι' },
      { prompt: 'Ισπανία', match: 'Μαδρίτη' },
    ],
  },
  { kind: 'true_false', text: 'Η Γη είναι επίπεδη.', points: 1, correct: false },
  {
    kind: 'fill_blanks',
    text: 'Το νερό βράζει στους ___ βαθμούς και παγώνει στους ___.',
    points: 2,
    blanks: [{ accepted: ['100', 'εκατό'] }, { accepted: ['0', 'μηδέν'] }],
  },
  { kind: 'simple', text: 'Εξηγήστε με δικά σας λόγια τον κύκλο του νερού.', points: 5 },
];

describe.each(databaseKinds)('quizzes on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let classmate: string;
  let otherParent: string;
  const base = () => `/schools/${fx.school}`;
  const at = (ms: number) => new Date(server.built.deps.now().getTime() + ms).toISOString();

  async function signIn() {
    [teacher, student, parent, classmate, otherParent] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login(fx.classmate.email),
      api.login(fx.otherParent.email),
    ]);
  }

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    await signIn();
  });
  afterAll(() => server.close());

  /** Moves the server's clock; sessions last 12 hours, so everyone signs in again. */
  async function travel(ms: number) {
    server.advanceClock(ms);
    await signIn();
  }

  async function newQuiz(body: Record<string, unknown> = {}) {
    const created = await api.post(
      `${base()}/teacher/quizzes`,
      {
        lesson_id: fx.shared,
        title: 'Διαγώνισμα Γεωγραφίας',
        opens_at: at(-MINUTE),
        closes_at: at(2 * DAY),
        time_limit_minutes: 30,
        attempts_allowed: 2,
        shuffle: true,
        show_results: 'after_submit',
        published: true,
        questions: QUESTIONS,
        ...body,
      },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as { id: number; questions: { id: number; kind: string }[] };
  }
  const quizPath = (id: number, role = 'student') => `${base()}/${role}/quizzes/${id}`;
  const start = (id: number, token = student) => api.post(`${quizPath(id)}/attempts`, {}, token);
  const answer = (id: number, attempt: number, question: number, value: unknown, token = student) =>
    api.call('PUT', `${quizPath(id)}/attempts/${attempt}/answers/${question}`, {
      token,
      body: { answer: value },
    });
  const submit = (id: number, attempt: number, token = student) =>
    api.post(`${quizPath(id)}/attempts/${attempt}/submit`, {}, token);

  /** The demo student's answers: simple right, MC 2/2 − 1/3, matching 2 of 4, T/F right, gaps 1 of 2. */
  const answers = (questions: { id: number }[]) => [
    [questions[0]!.id, { kind: 'simple', text: '  ΑΘΗΝΑ ' }],
    [questions[1]!.id, { kind: 'multiple_choice', options: [0, 1, 2] }],
    [
      questions[2]!.id,
      {
        kind: 'matching',
        matches: [
          { prompt: 0, match: 0 },
          { prompt: 0, match: 0 },
          { prompt: 1, match: 1 },
          { prompt: 2, match: 3 },
          { prompt: 3, match: 2 },
        ],
      },
    ],
    [questions[3]!.id, { kind: 'true_false', value: false }],
    [questions[4]!.id, { kind: 'fill_blanks', blanks: ['Εκατό', '10'] }],
    [questions[5]!.id, { kind: 'simple', text: 'Το νερό εξατμίζεται και ξαναπέφτει ως βροχή.' }],
  ];

  it("publishing tells the lesson's students and parents; the OpenAPI document shows every kind", async () => {
    const quiz = await newQuiz();
    const told = await server.built.deps.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.email', 'notifications.role'])
      .where('entity', '=', 'quiz')
      .where('entity_id', '=', quiz.id)
      .execute();
    expect(told).toEqual(
      expect.arrayContaining([
        { email: 'student@demo.school', role: 'student' },
        { email: 'parent@demo.school', role: 'client' },
      ]),
    );
    expect(told.some((n) => n.email === 'teacher@demo.school')).toBe(false);

    const doc = JSON.stringify((await api.get('/docs/openapi.json')).body);
    for (const field of [
      'accepted_answers',
      'options',
      'pairs',
      'blanks',
      'fill_blanks',
      'true_false',
    ])
      expect(doc).toContain(`"${field}"`);
    const create = (await api.get('/docs/openapi.json')).body as any;
    const body =
      create.paths['/api/schools/{school_id}/{role}/quizzes'].post.requestBody.content[
        'application/json'
      ].schema;
    const kinds = JSON.stringify(body.properties.questions.items);
    for (const k of ['simple', 'multiple_choice', 'matching', 'true_false', 'fill_blanks'])
      expect(kinds).toContain(`"${k}"`);
  });

  it('grades each kind, resumes after a reload, and submitting twice is harmless', async () => {
    const quiz = await newQuiz();
    // The teacher reads the answers; the student reads no question before an attempt.
    const teacherView = await api.get(quizPath(quiz.id, 'teacher'), teacher);
    expect(teacherView.body.data.questions[0].accepted_answers).toEqual(['Αθήνα']);
    const studentView = await api.get(quizPath(quiz.id), student);
    expect(studentView.status).toBe(200);
    expect(studentView.body.data).toMatchObject({ questions: null, can_attempt: true });

    const started = await start(quiz.id);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const attempt = started.body.data;
    const sent = JSON.stringify(attempt);
    // (Αθήνα is a match of the matching question, which students see: not a secret here.)
    for (const secret of ['accepted_answers', '"correct"', '"pairs"', '"100"', 'μηδέν'])
      expect(sent).not.toContain(secret);
    expect(attempt.results).toBeNull();
    expect(attempt.questions).toHaveLength(6);
    expect(new Date(attempt.deadline_at).getTime() - new Date(attempt.started_at).getTime()).toBe(
      30 * MINUTE,
    );

    for (const [questionId, value] of answers(quiz.questions)) {
      const saved = await answer(quiz.id, attempt.id, questionId as number, value);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    // Saving again replaces (idempotent); a wrong kind is refused.
    expect(
      (
        await answer(quiz.id, attempt.id, quiz.questions[3]!.id, {
          kind: 'true_false',
          value: false,
        })
      ).status,
    ).toBe(200);
    const wrongKind = await answer(quiz.id, attempt.id, quiz.questions[3]!.id, {
      kind: 'simple',
      text: 'ψευδές',
    });
    expect(wrongKind.status).toBe(400);

    // A reload: the same attempt, its order and every answer.
    const resumed = await start(quiz.id);
    expect(resumed.body.data.id).toBe(attempt.id);
    expect(resumed.body.data.questions.map((q: { id: number }) => q.id)).toEqual(
      attempt.questions.map((q: { id: number }) => q.id),
    );
    expect(resumed.body.data.answers).toHaveLength(6);

    const done = await submit(quiz.id, attempt.id);
    expect(done.status).toBe(200);
    // 2 + 3·(2/2 − 1/3) + 4·2/4 + 1 + 2·1/2 = 2 + 2 + 2 + 1 + 1; the essay waits.
    expect(done.body.data).toMatchObject({ state: 'submitted', score: 8, pending: 1 });
    const again = await submit(quiz.id, attempt.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(done.body.data);

    const results = (await api.get(`${quizPath(quiz.id)}/attempts/${attempt.id}`, student)).body
      .data.results;
    expect(results.per_question.map((r: { points: number | null }) => r.points)).toEqual([
      2,
      2,
      2,
      1,
      1,
      null,
    ]);
    expect(results.correct[0].accepted_answers).toEqual(['Αθήνα']);
    // Answers after submitting are refused.
    const late = await answer(quiz.id, attempt.id, quiz.questions[3]!.id, {
      kind: 'true_false',
      value: true,
    });
    expect(late.status).toBe(409);
    expect(late.body.issues?.[0]?.code).toBe('attempt_closed');

    // The teacher grades the essay by hand and overrides the matching: re-totalled, audited.
    const graded = await api.call(
      'PUT',
      `${quizPath(quiz.id, 'teacher')}/attempts/${attempt.id}/scores/${quiz.questions[5]!.id}`,
      { token: teacher, body: { points: 4 } },
    );
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    expect(graded.body.data).toMatchObject({ score: 12, pending: 0 });
    const override = await api.call(
      'PUT',
      `${quizPath(quiz.id, 'teacher')}/attempts/${attempt.id}/scores/${quiz.questions[2]!.id}`,
      { token: teacher, body: { points: 3.5 } },
    );
    expect(override.body.data.score).toBe(13.5);
    const tooMany = await api.call(
      'PUT',
      `${quizPath(quiz.id, 'teacher')}/attempts/${attempt.id}/scores/${quiz.questions[2]!.id}`,
      { token: teacher, body: { points: 5 } },
    );
    expect(tooMany.status).toBe(400);
    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'quiz_attempt')
      .where('entity_id', '=', String(attempt.id))
      .where('action', '=', 'grade')
      .execute();
    expect(audit).toHaveLength(2);

    // The questions stay once students have started; the title may change.
    const change = await api.call('PUT', quizPath(quiz.id, 'teacher'), {
      token: teacher,
      body: { questions: QUESTIONS.slice(0, 2) },
    });
    expect(change.status).toBe(409);
    expect(change.body.issues?.[0]?.code).toBe('quiz_attempted');
    expect(
      (
        await api.call('PUT', quizPath(quiz.id, 'teacher'), {
          token: teacher,
          body: { title: 'Νέος' },
        })
      ).status,
    ).toBe(200);
  });

  it('reviews every student with attempts, time taken and per-question statistics', async () => {
    const quiz = await newQuiz();
    const mine = (await start(quiz.id)).body.data;
    for (const [questionId, value] of answers(quiz.questions))
      await answer(quiz.id, mine.id, questionId as number, value);
    await submit(quiz.id, mine.id);
    const theirs = (await start(quiz.id, classmate)).body.data;
    await answer(
      quiz.id,
      theirs.id,
      quiz.questions[1]!.id,
      { kind: 'multiple_choice', options: [2] },
      classmate,
    );
    await answer(
      quiz.id,
      theirs.id,
      quiz.questions[3]!.id,
      { kind: 'true_false', value: false },
      classmate,
    );
    await submit(quiz.id, theirs.id, classmate);

    const review = await api.get(`${quizPath(quiz.id, 'teacher')}/attempts`, teacher);
    expect(review.status).toBe(200);
    const { students, statistics } = review.body.data;
    const row = students.find((s: { student_id: number }) => s.student_id === fx.student);
    expect(row.attempts).toHaveLength(1);
    expect(row.attempts[0]).toMatchObject({ score: 8, pending: 1 });
    expect(row.attempts[0].seconds_taken).toBeGreaterThanOrEqual(0);
    expect(row.attempts[0].answers[0]).toMatchObject({ points: 2, max_points: 2 });
    const stat = (i: number) =>
      statistics.find((s: { question_id: number }) => s.question_id === quiz.questions[i]!.id);
    expect(stat(3)).toMatchObject({ share_correct: 1, answered: 2, most_chosen_wrong: null });
    expect(stat(1)).toMatchObject({
      share_correct: 0,
      most_chosen_wrong: { text: 'τέσσερα', count: 2 },
    });
    expect(stat(0)).toMatchObject({ share_correct: 0.5 });
    // Students and parents never reach the review.
    expect((await api.get(`${quizPath(quiz.id)}/attempts`, student)).status).toBe(404);
  });

  it('the server holds the deadline: answers after it are refused and the saved ones submitted', async () => {
    const quiz = await newQuiz({ time_limit_minutes: 10 });
    const attempt = (await start(quiz.id)).body.data;
    await answer(quiz.id, attempt.id, quiz.questions[3]!.id, { kind: 'true_false', value: false });
    await travel(11 * MINUTE);
    const late = await answer(quiz.id, attempt.id, quiz.questions[0]!.id, {
      kind: 'simple',
      text: 'Αθήνα',
    });
    expect(late.status).toBe(409);
    expect(late.body.issues?.[0]?.code).toBe('attempt_closed');
    const row = await server.built.deps.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    // Submitted at the deadline (lazily, on that read), with what was saved in time.
    expect(row.submitted_at).toBe(attempt.deadline_at);
    expect(Number(row.score)).toBe(1);
  });

  it('an expired attempt nobody reads is submitted by the deadline job', async () => {
    const quiz = await newQuiz({ time_limit_minutes: 5 });
    const attempt = (await start(quiz.id, classmate)).body.data;
    await answer(
      quiz.id,
      attempt.id,
      quiz.questions[0]!.id,
      { kind: 'simple', text: 'athina' },
      classmate,
    );
    await answer(
      quiz.id,
      attempt.id,
      quiz.questions[4]!.id,
      { kind: 'fill_blanks', blanks: ['100', '0'] },
      classmate,
    );
    const attemptRow = () =>
      server.built.deps.db
        .selectFrom('quiz_attempts')
        .selectAll()
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow();
    await server.built.jobs.runDueJobs();
    expect((await attemptRow()).submitted_at).toBeNull();
    server.advanceClock(6 * MINUTE);
    await server.built.jobs.runDueJobs();
    const row = await attemptRow();
    expect(row.submitted_at).toBe(attempt.deadline_at);
    // 'athina' is not an accepted spelling; both gaps are right.
    expect(Number(row.score)).toBe(2);
    await signIn();
  });

  it('refuses outside the window and beyond the attempts allowed', async () => {
    const later = await newQuiz({ opens_at: at(DAY), closes_at: at(2 * DAY) });
    const early = await start(later.id);
    expect(early.status).toBe(409);
    expect(early.body.issues?.[0]?.code).toBe('quiz_not_open');
    const once = await newQuiz({ attempts_allowed: 1 });
    const first = (await start(once.id)).body.data;
    await submit(once.id, first.id);
    const second = await start(once.id);
    expect(second.status).toBe(409);
    expect(second.body.issues?.[0]?.code).toBe('no_attempts_left');
    const summary = (await api.get(quizPath(once.id), student)).body.data;
    expect(summary.can_attempt).toBe(false);
    await travel(3 * DAY);
    const closed = await start(later.id);
    expect(closed.status).toBe(409);
    expect(closed.body.issues?.[0]?.code).toBe('quiz_closed');
  });

  it('shows results only when due: after closing, or never', async () => {
    const quiz = await newQuiz({ show_results: 'after_close', closes_at: at(DAY) });
    const attempt = (await start(quiz.id)).body.data;
    await answer(quiz.id, attempt.id, quiz.questions[3]!.id, { kind: 'true_false', value: false });
    const done = await submit(quiz.id, attempt.id);
    expect(done.body.data).toMatchObject({ state: 'submitted', score: null, pending: null });
    const early = (await api.get(`${quizPath(quiz.id)}/attempts/${attempt.id}`, student)).body.data;
    expect(early.results).toBeNull();
    expect(JSON.stringify(early)).not.toContain('"correct"');
    // The parent sees as much as the student: nothing yet.
    const parentEarly = await api.get(
      `${quizPath(quiz.id, 'client')}/attempts/${attempt.id}`,
      parent,
    );
    expect(parentEarly.status).toBe(200);
    expect(parentEarly.body.data.results).toBeNull();

    const never = await newQuiz({ show_results: 'never' });
    const hidden = (await start(never.id)).body.data;
    expect((await submit(never.id, hidden.id)).body.data.score).toBeNull();

    await travel(DAY + MINUTE);
    const due = (await api.get(`${quizPath(quiz.id)}/attempts/${attempt.id}`, student)).body.data;
    expect(due.score).toBe(1);
    expect(due.results.correct).toHaveLength(6);
    const children = await api.get(
      `${base()}/client/students/${fx.student}/quizzes?per_page=100`,
      parent,
    );
    expect(children.status).toBe(200);
    const listed = children.body.data.find((q: { id: number }) => q.id === quiz.id);
    expect(listed.attempts[0].score).toBe(1);
    expect(
      (await api.get(`${quizPath(never.id)}/attempts/${hidden.id}`, student)).body.data.results,
    ).toBeNull();
  });

  it("refuses another student's attempt, other lessons, other families and other schools", async () => {
    const quiz = await newQuiz();
    const attempt = (await start(quiz.id)).body.data;
    // A classmate can neither read nor answer nor submit it.
    expect((await api.get(`${quizPath(quiz.id)}/attempts/${attempt.id}`, classmate)).status).toBe(
      404,
    );
    expect(
      (
        await answer(
          quiz.id,
          attempt.id,
          quiz.questions[3]!.id,
          { kind: 'true_false', value: true },
          classmate,
        )
      ).status,
    ).toBe(404);
    expect((await submit(quiz.id, attempt.id, classmate)).status).toBe(404);
    // Another family's parent neither.
    expect(
      (await api.get(`${quizPath(quiz.id, 'client')}/attempts/${attempt.id}`, otherParent)).status,
    ).toBe(404);
    expect(
      (await api.get(`${base()}/client/students/${fx.student}/quizzes`, otherParent)).status,
    ).toBe(403);
    // A teacher only writes for lessons they teach; a student reads only their lessons' quizzes.
    const foreign = await api.post(
      `${base()}/teacher/quizzes`,
      {
        lesson_id: fx.foreign,
        title: 'Ξένο',
        opens_at: at(-MINUTE),
        closes_at: at(DAY),
        questions: QUESTIONS.slice(3, 4),
      },
      teacher,
    );
    expect(foreign.status).toBe(403);
    const admin = await api.login('admin@demo.school');
    const elsewhere = await api.post(
      `${base()}/admin/quizzes`,
      {
        lesson_id: fx.foreign,
        title: 'Άλλου μαθήματος',
        opens_at: at(-MINUTE),
        closes_at: at(DAY),
        published: true,
        questions: QUESTIONS.slice(3, 4),
      },
      admin,
    );
    expect(elsewhere.status).toBe(200);
    expect((await api.get(quizPath(elsewhere.body.data.id), student)).status).toBe(404);
    expect((await start(elsewhere.body.data.id)).status).toBe(404);
    expect((await api.get(quizPath(elsewhere.body.data.id, 'teacher'), teacher)).status).toBe(404);
    // A draft is the teacher's alone.
    const draft = await newQuiz({ published: false });
    expect((await start(draft.id)).status).toBe(404);
    // Another school: the student is no member there.
    expect((await api.get(`/schools/2/student/quizzes/${quiz.id}`, student)).status).toBe(403);
    // A teacher may not take a quiz.
    expect((await start(quiz.id, teacher)).status).toBe(403);
  });
});
