// W8's baseline: the rows the storm wrote (an attempt per student, each acknowledged answer,
// the submit), written again by bare prepared statements on the same database file, one
// autocommitted statement per request as the server commits each request, with the server's
// pragmas (WAL, synchronous=FULL). No HTTP, sessions, checks, grading or JSON envelopes.
import SQLite from 'better-sqlite3';
import type { QuizStormOutput } from '../load/quiz-storm-client';

export function bareQuizWrites(
  databaseFile: string,
  quizId: number,
  storm: QuizStormOutput,
): { writes: number; seconds: number; writesPerSecond: number } {
  const db = new SQLite(databaseFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    // A copy of the quiz and its questions to write against (the unique keys stay unique).
    const copy = db.transaction(() => {
      const newQuiz = Number(
        db
          .prepare(
            `insert into quizzes (school_id, lesson_id, title, search_text, opens_at, closes_at,
               time_limit_minutes, attempts_allowed, shuffle, show_results, published, published_at,
               author_user_id, created_at, updated_at)
             select school_id, lesson_id, title || ' (bare)', search_text, opens_at, closes_at,
               time_limit_minutes, attempts_allowed, shuffle, show_results, published, published_at,
               author_user_id, created_at, updated_at from quizzes where id = ?`,
          )
          .run(quizId).lastInsertRowid,
      );
      const questions = new Map<number, number>();
      for (const q of db
        .prepare('select id from quiz_questions where quiz_id = ? order by position')
        .all(quizId) as { id: number }[]) {
        const id = db
          .prepare(
            `insert into quiz_questions (school_id, quiz_id, position, kind, text, points, spec)
             select school_id, ?, position, kind, text, points, spec from quiz_questions where id = ?`,
          )
          .run(newQuiz, q.id).lastInsertRowid;
        questions.set(q.id, Number(id));
      }
      return { newQuiz, questions };
    })();
    const attempts = db
      .prepare(
        `select id, school_id, student_id, number, started_at, deadline_at from quiz_attempts
         where quiz_id = ? order by id`,
      )
      .all(quizId) as {
      id: number;
      school_id: number;
      student_id: number;
      number: number;
      started_at: string;
      deadline_at: string;
    }[];
    const byAttempt = new Map<number, QuizStormOutput['acknowledged']>();
    for (const answer of storm.acknowledged)
      byAttempt.set(answer.attemptId, [...(byAttempt.get(answer.attemptId) ?? []), answer]);
    const start = db.prepare(
      `insert into quiz_attempts (school_id, quiz_id, student_id, number, started_at, deadline_at,
         submitted_at, score, pending, updated_at) values (?, ?, ?, ?, ?, ?, null, null, 0, ?)`,
    );
    const save = db.prepare(
      `insert into quiz_answers (school_id, attempt_id, question_id, answer, points, graded_by_hand,
         graded_by_user_id, updated_at) values (?, ?, ?, ?, null, 0, null, ?)
       on conflict (school_id, attempt_id, question_id) do update set answer = excluded.answer,
         updated_at = excluded.updated_at`,
    );
    const submit = db.prepare(
      'update quiz_attempts set submitted_at = ?, updated_at = ? where school_id = ? and id = ?',
    );
    let writes = 0;
    const begin = performance.now();
    for (const attempt of attempts) {
      const now = new Date().toISOString();
      const id = Number(
        start.run(
          attempt.school_id,
          copy.newQuiz,
          attempt.student_id,
          attempt.number,
          attempt.started_at,
          attempt.deadline_at,
          now,
        ).lastInsertRowid,
      );
      writes += 1;
      for (const answer of byAttempt.get(attempt.id) ?? []) {
        save.run(
          attempt.school_id,
          id,
          copy.questions.get(answer.questionId),
          answer.answer,
          new Date().toISOString(),
        );
        writes += 1;
      }
      const done = new Date().toISOString();
      submit.run(done, done, attempt.school_id, id);
      writes += 1;
    }
    const seconds = (performance.now() - begin) / 1000;
    return { writes, seconds, writesPerSecond: writes / seconds };
  } finally {
    db.close();
  }
}
