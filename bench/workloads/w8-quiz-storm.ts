// W8 quiz storm: a year group takes one 20-question quiz at once. Every student starts it,
// saves each answer as it is given and submits, all within a minute, through the whole server;
// set against the same rows written by bare prepared statements on the same database file. And
// no answer the server acknowledged may be missing from the submitted attempt.
import crypto from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import type { QuizStormInput, QuizStormOutput } from '../load/quiz-storm-client';
import { distribution, ratio, round } from '../measure';
import { runChildScript } from '../processes/child-script';
import { startServer } from '../processes/server-under-test';
import type { WorkloadResult } from '../report';
import { bareQuizWrites } from './w8-bare-writes';

export interface QuizStormOptions {
  students: number;
  /** Seconds over which the students start. */
  rampSeconds: number;
}

const QUESTIONS = 20;
const WINDOW_SECONDS = 60;

interface Cohort {
  schoolId: number;
  lessonId: number;
  studentIds: number[];
  tokens: string[];
}

/**
 * The demo teacher's first lesson gains `count` students, each with a live session, written
 * straight to the running server's database (WAL lets both write): 500 sign-ins would measure
 * argon2 (W3's business), not the quiz.
 */
function addCohort(databaseFile: string, count: number): Cohort {
  const db = new SQLite(databaseFile);
  db.pragma('busy_timeout = 5000');
  try {
    const teacher = db
      .prepare(
        `select m.id, m.school_id from memberships m join users u on u.id = m.user_id
         where u.email = 'teacher@demo.school' and m.role = 'teacher' order by m.id limit 1`,
      )
      .get() as { id: number; school_id: number };
    const { lesson_id: lessonId } = db
      .prepare('select lesson_id from lesson_teachers where teacher_id = ? order by lesson_id')
      .get(teacher.id) as { lesson_id: number };
    const now = new Date();
    const nowIso = now.toISOString();
    const expires = new Date(now.getTime() + 86_400_000).toISOString();
    const user = db.prepare(
      `insert into users (username, email, first_name, last_name, password_hash, language, logo, created_at)
       values (?, ?, ?, ?, null, 'el', null, ?)`,
    );
    const membership = db.prepare(
      `insert into memberships (school_id, user_id, role, full_access, created_at, search_text, sort_name)
       values (?, ?, 'student', 0, ?, ?, ?)`,
    );
    const roster = db.prepare(
      'insert into lesson_students (school_id, lesson_id, student_id) values (?, ?, ?)',
    );
    const session = db.prepare(
      `insert into sessions (user_id, token_hash, platform, remember_me, created_at, expires_at, last_used_at, revoked_at, ip)
       values (?, ?, 'bench', 0, ?, ?, ?, null, null)`,
    );
    const cohort: Cohort = { schoolId: teacher.school_id, lessonId, studentIds: [], tokens: [] };
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        const email = `quiz-storm-${i}@bench.school`;
        const last = `Μαθητής ${i}`;
        const userId = Number(user.run(email, email, 'Βενς', last, nowIso).lastInsertRowid);
        const studentId = Number(
          membership.run(
            teacher.school_id,
            userId,
            nowIso,
            `${last} βενς ${email}`.toLowerCase(),
            `${last} Βενς`.toLowerCase(),
          ).lastInsertRowid,
        );
        roster.run(teacher.school_id, lessonId, studentId);
        const token = crypto.randomBytes(32).toString('base64url');
        session.run(
          userId,
          crypto.createHash('sha256').update(token).digest('hex'),
          nowIso,
          expires,
          nowIso,
        );
        cohort.studentIds.push(studentId);
        cohort.tokens.push(token);
      }
    })();
    return cohort;
  } finally {
    db.close();
  }
}

/** The teacher publishes a quiz of 20 questions (true-false and short answers), open now. */
async function publishQuiz(url: string, schoolId: number, lessonId: number): Promise<number> {
  const login = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'teacher@demo.school', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const now = Date.now();
  const questions = Array.from({ length: QUESTIONS }, (_, i) =>
    i % 2 === 0
      ? {
          kind: 'true_false',
          text: `Πρόταση ${i + 1}: το 2 είναι πρώτος.`,
          points: 1,
          correct: true,
        }
      : {
          kind: 'simple',
          text: `Ερώτηση ${i + 1}: πόσο κάνει ${i} + ${i};`,
          points: 2,
          accepted_answers: [String(2 * i)],
        },
  );
  const created = await fetch(`${url}/api/schools/${schoolId}/teacher/quizzes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token },
    body: JSON.stringify({
      lesson_id: lessonId,
      title: 'Διαγώνισμα τάξης',
      opens_at: new Date(now - 60_000).toISOString(),
      closes_at: new Date(now + 3_600_000).toISOString(),
      time_limit_minutes: 30,
      attempts_allowed: 1,
      shuffle: true,
      show_results: 'after_submit',
      published: true,
      questions,
    }),
  });
  const body = (await created.json()) as { data?: { id: number } };
  if (!body.data?.id) throw new Error(`the quiz was not created: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** Acknowledged answers missing from (or different in) the attempts as stored, and attempts left open. */
function lostAnswers(databaseFile: string, storm: QuizStormOutput) {
  const db = new SQLite(databaseFile, { readonly: true });
  try {
    const attempts = [...new Set(storm.acknowledged.map((a) => a.attemptId))];
    const stored = new Map<string, string>();
    const open: number[] = [];
    const answers = db.prepare('select question_id, answer from quiz_answers where attempt_id = ?');
    const attempt = db.prepare('select submitted_at from quiz_attempts where id = ?');
    for (const id of attempts) {
      for (const row of answers.all(id) as { question_id: number; answer: string }[])
        stored.set(`${id}:${row.question_id}`, JSON.stringify(JSON.parse(row.answer)));
      if (!(attempt.get(id) as { submitted_at: string | null }).submitted_at) open.push(id);
    }
    const lost = storm.acknowledged.filter(
      (a) => stored.get(`${a.attemptId}:${a.questionId}`) !== JSON.stringify(JSON.parse(a.answer)),
    ).length;
    return { lost, unsubmitted: open.length, attempts: attempts.length };
  } finally {
    db.close();
  }
}

export async function quizStorm(options: QuizStormOptions): Promise<WorkloadResult> {
  const server = await startServer();
  try {
    const cohort = addCohort(server.databaseFile, options.students);
    const quizId = await publishQuiz(server.url, cohort.schoolId, cohort.lessonId);
    await server.resetEventLoopDelay();
    const storm = await runChildScript<QuizStormOutput>(
      path.join(import.meta.dirname, '../load/quiz-storm-client.ts'),
      {
        url: server.url,
        schoolId: cohort.schoolId,
        quizId,
        tokens: cohort.tokens,
        rampSeconds: options.rampSeconds,
      } satisfies QuizStormInput,
      10 * 60_000,
    );
    const loop = await server.eventLoopDelay();
    // Read through a connection of its own: what the server acknowledged was committed. (The
    // server idles meanwhile; its temporary folder goes when it stops.)
    const check = lostAnswers(server.databaseFile, storm);
    const bare = bareQuizWrites(server.databaseFile, quizId, storm);

    const requestsPerSecond = storm.requests / storm.elapsedSeconds;
    const latency = distribution(storm.latenciesMs);
    const errors = Object.values(storm.failures).reduce((sum, n) => sum + n, 0);
    const kindP99 = (kind: keyof QuizStormOutput['latenciesByKindMs']) =>
      round(distribution(storm.latenciesByKindMs[kind]).p99);
    const throughputRatio = ratio(requestsPerSecond, bare.writesPerSecond);
    const errorText = errors
      ? `${errors} errors (${Object.entries(storm.failures)
          .map(([kind, n]) => `${kind}: ${n}`)
          .join(', ')})`
      : '0 errors';
    return {
      id: 'W8',
      title: 'quiz storm',
      line:
        `${options.students} students × ${QUESTIONS} answers, starts over ${options.rampSeconds} s, done in ${round(storm.elapsedSeconds, 1)} s: ` +
        `${round(requestsPerSecond)} requests/s vs bare prepared writes ${round(bare.writesPerSecond)}/s = ${throughputRatio}; ` +
        `latency p50 ${round(latency.median)} ms, p99 ${round(latency.p99)} ms, max ${round(latency.max)} ms ` +
        `(p99 start ${kindP99('start')} ms, answer ${kindP99('answer')} ms, submit ${kindP99('submit')} ms); ${errorText}; ` +
        `${storm.acknowledged.length} answers acknowledged, ${check.lost} lost, ${check.unsubmitted} of ${check.attempts} attempts left unsubmitted; ` +
        `event loop utilisation ${loop.utilization}, delay p99 ${loop.p99Ms} ms`,
      figures: {
        students: options.students,
        questions: QUESTIONS,
        rampSeconds: options.rampSeconds,
        elapsedSeconds: round(storm.elapsedSeconds, 2),
        requests: storm.requests,
        requestsPerSecond: round(requestsPerSecond, 2),
        bareWrites: bare.writes,
        bareSeconds: round(bare.seconds, 3),
        bareWritesPerSecond: round(bare.writesPerSecond, 2),
        throughputRatio,
        latencyMs: {
          p50: round(latency.median),
          p99: round(latency.p99),
          max: round(latency.max),
        },
        latencyByKindMs: Object.fromEntries(
          Object.entries(storm.latenciesByKindMs).map(([kind, values]) => {
            const d = distribution(values);
            return [kind, { p50: round(d.median), p99: round(d.p99), max: round(d.max) }];
          }),
        ),
        failures: storm.failures,
        acknowledgedAnswers: storm.acknowledged.length,
        lostAnswers: check.lost,
        attempts: check.attempts,
        submittedAcknowledged: storm.submitted.length,
        unsubmittedAttempts: check.unsubmitted,
        serverEventLoop: loop,
      },
      goals: [
        { target: 'every student done within 60 s', met: storm.elapsedSeconds <= WINDOW_SECONDS },
        { target: '0 lost answers', met: check.lost === 0 && check.unsubmitted === 0 },
        {
          target: 'every answer saved',
          met: errors === 0 && storm.acknowledged.length === options.students * QUESTIONS,
        },
      ],
    };
  } finally {
    await server.stop();
  }
}
