import type { Kysely } from 'kysely';
import type { Abilities } from '../../../shared/api/teaching';
import type { ShowResults } from '../../../shared/api/quizzes';
import type { Database } from '../../db/schema';
import { forbidden, ruleError, validationError, type ApiError } from '../../http/errors';
import { taughtAmong, visibleCondition, type TeachingCaller } from '../lessons/teaching-access';

// Quizzes and attempts: who may do what. The one place.
//
// - The office reads every quiz; with write on the lessons permission it changes them and grades.
// - A teacher writes, reviews and grades the quizzes of lessons they teach (drafts included).
// - A student reads the published quizzes of lessons they attend, and reaches the questions only
//   through an attempt, started inside the quiz's window and within the attempts allowed; they
//   answer only their own open attempt, until its deadline.
// - A parent reads their children's published quizzes and attempts.
// - Correct answers and scores reach a student (or parent) only when the quiz's show_results
//   says they are due; nobody but its student, their parents, the lesson's teachers and the
//   office reads an attempt.

/** Rows of `quizzes as q` the caller may read. */
export const readableQuizzes = (caller: TeachingCaller) =>
  visibleCondition(caller, 'q.lesson_id', 'q.published');

export async function quizAbilities(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonIds: number[],
): Promise<(lessonId: number) => Abilities> {
  const writable = await taughtAmong(db, caller, lessonIds);
  return (lessonId) => ({ update: writable.has(lessonId), delete: writable.has(lessonId) });
}

export function assertStudent(caller: TeachingCaller): void {
  if (caller.role !== 'student' || caller.me === null)
    throw forbidden('Only students take quizzes.');
}

interface QuizWindow {
  opens_at: string;
  closes_at: string;
  time_limit_minutes: number | null;
  attempts_allowed: number;
  show_results: ShowResults;
}

/** The server's deadline of an attempt: the time limit from its start, never past closing. */
export function deadlineOf(quiz: QuizWindow, startedAt: Date): string {
  const closes = quiz.closes_at;
  if (quiz.time_limit_minutes === null) return closes;
  const limit = new Date(startedAt.getTime() + quiz.time_limit_minutes * 60_000).toISOString();
  return limit < closes ? limit : closes;
}

/** Why a student may not start a new attempt now, or null when they may. */
export function startRefusal(quiz: QuizWindow, attemptsUsed: number, nowIso: string) {
  if (nowIso < quiz.opens_at)
    return ruleError(
      'conflict',
      { code: 'quiz_not_open', params: { opens_at: quiz.opens_at } },
      'This quiz is not open yet.',
    );
  if (nowIso >= quiz.closes_at)
    return ruleError(
      'conflict',
      { code: 'quiz_closed', params: { closes_at: quiz.closes_at } },
      'This quiz has closed.',
    );
  if (attemptsUsed >= quiz.attempts_allowed)
    return ruleError(
      'conflict',
      { code: 'no_attempts_left', params: { allowed: quiz.attempts_allowed } },
      `You have used every attempt this quiz allows (${quiz.attempts_allowed}).`,
    );
  return null;
}

/** Answers are taken only on an open attempt before its deadline. */
export function answerRefusal(
  attempt: { submitted_at: string | null; deadline_at: string },
  nowIso: string,
): ApiError | null {
  if (attempt.submitted_at !== null || nowIso > attempt.deadline_at)
    return ruleError(
      'conflict',
      { code: 'attempt_closed', params: { deadline_at: attempt.deadline_at } },
      'This attempt is over: its answers can no longer change.',
    );
  return null;
}

/**
 * Whether a student's own results (score, points per question, correct answers) are due:
 * after submitting, after the quiz closes (and the attempt is submitted), or never.
 */
export function resultsDue(
  quiz: Pick<QuizWindow, 'show_results' | 'closes_at'>,
  attempt: { submitted_at: string | null },
  nowIso: string,
): boolean {
  if (attempt.submitted_at === null) return false;
  if (quiz.show_results === 'after_submit') return true;
  if (quiz.show_results === 'after_close') return nowIso >= quiz.closes_at;
  return false;
}

/** Teachers and the office see every result; students and parents as the quiz says. */
export const seesAllResults = (caller: TeachingCaller) =>
  caller.role === 'teacher' || caller.role === 'admin';

/** Hand-grading: only submitted attempts, within the question's points. */
export function scoreRefusal(
  attempt: { submitted_at: string | null },
  points: number,
  maxPoints: number,
): ApiError | null {
  if (attempt.submitted_at === null)
    return ruleError(
      'conflict',
      { code: 'attempt_not_submitted' },
      'Only a submitted attempt can be graded.',
    );
  if (points > maxPoints)
    return validationError(
      { points: `At most ${maxPoints} points` },
      `This question is worth at most ${maxPoints} points.`,
    );
  return null;
}
