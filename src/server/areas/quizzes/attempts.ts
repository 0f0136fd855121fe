import type { Kysely } from 'kysely';
import type { Answer, AttemptDetail, AttemptSummary, Question } from '../../../shared/api/quizzes';
import { pointsFor, totalOf } from '../../../shared/quizzes/grading';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, validationError } from '../../http/errors';
import { enqueueJob, registerJobHandler } from '../../jobs';
import type { TeachingCaller } from '../lessons/teaching-access';
import {
  answerRefusal,
  assertStudent,
  deadlineOf,
  resultsDue,
  seesAllResults,
  startRefusal,
} from './policy';
import { answerResults, attemptQuestions, attemptSummary } from './presenters';
import {
  answersOf,
  attemptById,
  attemptsOfStudent,
  closeAttempt,
  insertAttempt,
  isGuardian,
  questionsOf,
  readableQuiz,
  saveAnswer,
  updateAttempt,
  type AttemptRecord,
  type QuizRow,
} from './queries';

// Taking a quiz: the server holds each attempt and its deadline, saves every answer as it is
// given, and submits what was saved when the deadline passes — by a job at the deadline, and
// lazily whenever an expired attempt is read first.

export const QUIZ_DEADLINE_JOB = 'quizzes.deadline';

/** Re-totals an attempt from its answers (after submitting or hand-grading). */
export async function retotal(
  trx: Kysely<Database>,
  schoolId: number,
  attemptId: number,
  questions: Question[],
  nowIso: string,
) {
  const answers = new Map(
    (await answersOf(trx, schoolId, [attemptId])).map((a) => [a.question_id, a.points]),
  );
  const { score, pending } = totalOf(
    // A pending answer (null) stays pending; a question never answered earns 0.
    questions.map((q) => (answers.has(q.id) ? answers.get(q.id)! : 0)),
  );
  await updateAttempt(trx, schoolId, attemptId, { score, pending, updated_at: nowIso });
}

/**
 * Submits an open attempt: grades every question from the saved answers, at the deadline if
 * that has passed. Returns false when it was already submitted (a second submit is harmless).
 */
async function submitAttempt(
  deps: ServerDeps,
  schoolId: number,
  attempt: AttemptRecord,
  questions: Question[],
): Promise<boolean> {
  const nowIso = deps.now().toISOString();
  const submittedAt = nowIso < attempt.deadline_at ? nowIso : attempt.deadline_at;
  return deps.db.transaction().execute(async (trx) => {
    // Claim it first: of two submits at once, one grades and the other finds it done.
    const claimed = await closeAttempt(trx, schoolId, attempt.id, {
      submitted_at: submittedAt,
      score: 0,
      pending: 0,
      updated_at: nowIso,
    });
    if (!claimed) return false;
    const saved = new Map(
      (await answersOf(trx, schoolId, [attempt.id])).map((a) => [a.question_id, a.answer]),
    );
    for (const question of questions) {
      const answer = saved.get(question.id) ?? null;
      await saveAnswer(trx, {
        school_id: schoolId,
        attempt_id: attempt.id,
        question_id: question.id,
        answer,
        points: pointsFor(question, answer),
        updated_at: nowIso,
      });
    }
    await retotal(trx, schoolId, attempt.id, questions, nowIso);
    return true;
  });
}

/** Submits the expired open attempts among some (lazily, on read); returns them fresh. */
export async function settleAttempts(
  deps: ServerDeps,
  schoolId: number,
  attempts: AttemptRecord[],
): Promise<AttemptRecord[]> {
  const nowIso = deps.now().toISOString();
  const expired = attempts.filter((a) => a.submitted_at === null && nowIso > a.deadline_at);
  if (expired.length === 0) return attempts;
  const questions = await questionsOf(deps.db, schoolId, [
    ...new Set(expired.map((a) => a.quiz_id)),
  ]);
  for (const attempt of expired)
    await submitAttempt(deps, schoolId, attempt, questions.get(attempt.quiz_id) ?? []);
  return Promise.all(
    attempts.map(async (a) =>
      expired.includes(a) ? ((await attemptById(deps.db, schoolId, a.id)) ?? a) : a,
    ),
  );
}

// At the deadline, the server submits what was saved. A job whose attempt is already
// submitted, or whose deadline moved later (the quiz's closing changed), does nothing.
registerJobHandler<{ schoolId: number; attemptId: number }>(QUIZ_DEADLINE_JOB, {
  maxAttempts: 5,
  async handle({ deps, payload }) {
    const attempt = await attemptById(deps.db, payload.schoolId, payload.attemptId);
    if (!attempt || attempt.submitted_at !== null) return;
    await settleAttempts(deps, payload.schoolId, [attempt]);
  },
});

/** Schedules the submission of an attempt at its deadline (in the caller's transaction). */
export async function scheduleDeadline(
  trx: Kysely<Database>,
  schoolId: number,
  attempt: { id: number; deadline_at: string },
  now: Date,
) {
  await enqueueJob(
    trx,
    {
      kind: QUIZ_DEADLINE_JOB,
      payload: { schoolId, attemptId: attempt.id },
      // A moment after the deadline, so that the last answer given in time is in.
      runAt: new Date(new Date(attempt.deadline_at).getTime() + 1000),
      schoolId,
      key: `${schoolId}:quiz-attempt:${attempt.id}:${attempt.deadline_at}`,
    },
    now,
  );
}

async function readable(deps: ServerDeps, caller: TeachingCaller, quizId: number) {
  const quiz = await readableQuiz(deps.db, caller, quizId);
  if (!quiz) throw notFound('This quiz does not exist.');
  return quiz;
}

/** An attempt of this quiz the caller may read: a student their own, a parent their child's. */
async function attemptFor(
  deps: ServerDeps,
  caller: TeachingCaller,
  quiz: QuizRow,
  attemptId: number,
): Promise<AttemptRecord> {
  const found = await attemptById(deps.db, caller.schoolId, attemptId);
  const missing = notFound('This attempt does not exist.');
  if (!found || found.quiz_id !== quiz.id) throw missing;
  if (caller.role === 'student' && found.student_id !== caller.me) throw missing;
  if (
    caller.role === 'client' &&
    (caller.me === null ||
      !(await isGuardian(deps.db, caller.schoolId, caller.me, found.student_id)))
  )
    throw missing;
  const [fresh] = await settleAttempts(deps, caller.schoolId, [found]);
  return fresh!;
}

/** An attempt with its questions (in its order), saved answers, and results when due. */
export async function attemptDetail(
  deps: ServerDeps,
  caller: TeachingCaller,
  quiz: QuizRow,
  attempt: AttemptRecord,
): Promise<AttemptDetail> {
  const questions = (await questionsOf(deps.db, caller.schoolId, [quiz.id])).get(quiz.id) ?? [];
  const answers = await answersOf(deps.db, caller.schoolId, [attempt.id]);
  const due = seesAllResults(caller) || resultsDue(quiz, attempt, deps.now().toISOString());
  const submitted = attempt.submitted_at !== null;
  return {
    ...attemptSummary(attempt, due),
    quiz_id: quiz.id,
    questions: attemptQuestions(questions, attempt.id, quiz.shuffle === 1),
    answers: answers.flatMap((a) =>
      a.answer ? [{ question_id: a.question_id, answer: a.answer }] : [],
    ),
    results: due
      ? {
          total_points: questions.reduce((sum, q) => sum + q.points, 0),
          per_question: answerResults(questions, answers, submitted),
          correct: questions,
        }
      : null,
  };
}

export async function readAttempt(
  deps: ServerDeps,
  caller: TeachingCaller,
  quizId: number,
  attemptId: number,
): Promise<AttemptDetail> {
  const quiz = await readable(deps, caller, quizId);
  return attemptDetail(deps, caller, quiz, await attemptFor(deps, caller, quiz, attemptId));
}

/** Starts an attempt, or resumes the open one; refused outside the window or attempts. */
export async function startAttempt(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  quizId: number,
): Promise<AttemptDetail> {
  assertStudent(caller);
  const quiz = await readable(deps, caller, quizId);
  const studentId = caller.me!;
  const mine = await settleAttempts(
    deps,
    caller.schoolId,
    await attemptsOfStudent(deps.db, caller.schoolId, studentId, [quiz.id]),
  );
  const open = mine.find((a) => a.submitted_at === null);
  if (open) return attemptDetail(deps, caller, quiz, open);
  const now = deps.now();
  const nowIso = now.toISOString();
  const refusal = startRefusal(quiz, mine.length, nowIso);
  if (refusal) throw refusal;
  const deadline = deadlineOf(quiz, now);
  const id = await deps.db.transaction().execute(async (trx) => {
    const id = await insertAttempt(trx, {
      school_id: caller.schoolId,
      quiz_id: quiz.id,
      student_id: studentId,
      number: mine.length + 1,
      started_at: nowIso,
      deadline_at: deadline,
      submitted_at: null,
      score: null,
      pending: 0,
      updated_at: nowIso,
    });
    if (id === null) return null;
    await scheduleDeadline(trx, caller.schoolId, { id, deadline_at: deadline }, now);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'start', entity: 'quiz_attempt', entityId: id },
      nowIso,
    );
    return id;
  });
  // Lost a race with a second start of the same student: theirs is the open attempt.
  const attempt =
    id === null
      ? (await attemptsOfStudent(deps.db, caller.schoolId, studentId, [quiz.id])).find(
          (a) => a.submitted_at === null,
        )
      : await attemptById(deps.db, caller.schoolId, id);
  if (!attempt) throw startRefusal(quiz, quiz.attempts_allowed, nowIso)!;
  return attemptDetail(deps, caller, quiz, attempt);
}

/** Saves one answer of the student's open attempt at once (again replaces it). */
export async function saveAttemptAnswer(
  deps: ServerDeps,
  caller: TeachingCaller,
  quizId: number,
  attemptId: number,
  questionId: number,
  answer: Answer,
) {
  assertStudent(caller);
  const quiz = await readable(deps, caller, quizId);
  const attempt = await attemptFor(deps, caller, quiz, attemptId);
  const nowIso = deps.now().toISOString();
  const refusal = answerRefusal(attempt, nowIso);
  if (refusal) throw refusal;
  const question = (await questionsOf(deps.db, caller.schoolId, [quiz.id]))
    .get(quiz.id)
    ?.find((q) => q.id === questionId);
  if (!question) throw notFound('This question is not part of this quiz.');
  if (question.kind !== answer.kind)
    throw validationError(
      { 'answer.kind': `This question takes an answer of kind ${question.kind}` },
      `This question takes an answer of kind ${question.kind}.`,
    );
  // Not audited one by one: a quiz storm saves thousands of answers; the attempt is audited.
  await saveAnswer(deps.db, {
    school_id: caller.schoolId,
    attempt_id: attempt.id,
    question_id: question.id,
    answer,
    points: null,
    updated_at: nowIso,
  });
  return { question_id: question.id, answer, saved_at: nowIso };
}

/** Submits the student's attempt; again is harmless. The score comes when results are due. */
export async function submitOwnAttempt(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  quizId: number,
  attemptId: number,
): Promise<AttemptSummary> {
  assertStudent(caller);
  const quiz = await readable(deps, caller, quizId);
  let attempt = await attemptFor(deps, caller, quiz, attemptId);
  if (attempt.submitted_at === null) {
    const questions = (await questionsOf(deps.db, caller.schoolId, [quiz.id])).get(quiz.id) ?? [];
    if (await submitAttempt(deps, caller.schoolId, attempt, questions))
      await recordAudit(
        deps.db,
        ctx,
        {
          schoolId: caller.schoolId,
          action: 'submit',
          entity: 'quiz_attempt',
          entityId: attempt.id,
        },
        deps.now().toISOString(),
      );
    attempt = (await attemptById(deps.db, caller.schoolId, attempt.id))!;
  }
  return attemptSummary(attempt, resultsDue(quiz, attempt, deps.now().toISOString()));
}
