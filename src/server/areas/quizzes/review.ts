import type { z } from 'zod';
import type { Answer, Question, QuizReview, scoreBody } from '../../../shared/api/quizzes';
import { roundPoints } from '../../../shared/quizzes/grading';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';
import { retotal, settleAttempts } from './attempts';
import { scoreRefusal } from './policy';
import { answerResults, attemptSummary } from './presenters';
import {
  answersOf,
  attemptById,
  attemptsOfQuiz,
  lessonStudents,
  questionsOf,
  setAnswerPoints,
  type AnswerRecord,
  type AttemptRecord,
} from './queries';
import { reviewableQuiz } from './service';

// The teacher's review of a quiz: every student with their attempts and answers against the
// correct ones, per-question statistics, and grading by hand (each change re-totalled, audited).

/** A wrong answer as a teacher reads it in the statistics, or null for a blank one. */
function wrongText(question: Question, answer: Answer | null): string[] {
  if (!answer || answer.kind !== question.kind) return [];
  switch (answer.kind) {
    case 'simple':
      return answer.text.trim() ? [answer.text.trim()] : [];
    case 'true_false':
      return answer.value === null ? [] : [answer.value ? 'true' : 'false'];
    case 'multiple_choice': {
      const q = question as Extract<Question, { kind: 'multiple_choice' }>;
      return [...new Set(answer.options)].flatMap((id) =>
        q.options[id] && !q.options[id].correct ? [q.options[id].text] : [],
      );
    }
    case 'matching': {
      const q = question as Extract<Question, { kind: 'matching' }>;
      return answer.matches.flatMap(({ prompt, match }) => {
        const p = q.pairs[prompt];
        const m = q.pairs[match];
        return p && m && p.match !== m.match ? [`${p.prompt} → ${m.match}`] : [];
      });
    }
    case 'fill_blanks': {
      const q = question as Extract<Question, { kind: 'fill_blanks' }>;
      return answer.blanks.flatMap((text, i) =>
        q.blanks[i] && text.trim() ? [`${i + 1}: ${text.trim()}`] : [],
      );
    }
  }
}

function statistics(questions: Question[], submitted: AttemptRecord[], answers: AnswerRecord[]) {
  const byAttempt = new Map<number, Map<number, AnswerRecord>>();
  for (const a of answers)
    byAttempt.set(a.attempt_id, (byAttempt.get(a.attempt_id) ?? new Map()).set(a.question_id, a));
  return questions.map((question) => {
    let answered = 0;
    let full = 0;
    const wrong = new Map<string, number>();
    for (const attempt of submitted) {
      const given = byAttempt.get(attempt.id)?.get(question.id);
      if (given?.answer) answered++;
      const earned = given?.points ?? 0;
      if (earned >= question.points) {
        full++;
        continue;
      }
      // For multiple choice a wrong option, for the other kinds the whole wrong answer.
      const texts =
        question.kind === 'multiple_choice' || question.kind === 'matching'
          ? wrongText(question, given?.answer ?? null)
          : given?.points === null
            ? []
            : wrongText(question, given?.answer ?? null);
      for (const text of texts) wrong.set(text, (wrong.get(text) ?? 0) + 1);
    }
    const [top] = [...wrong.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return {
      question_id: question.id,
      answered,
      share_correct: submitted.length === 0 ? null : roundPoints(full / submitted.length),
      most_chosen_wrong: top ? { text: top[0], count: top[1] } : null,
    };
  });
}

function reviewAttempt(attempt: AttemptRecord, questions: Question[], answers: AnswerRecord[]) {
  const submitted = attempt.submitted_at !== null;
  return {
    ...attemptSummary(attempt, true),
    seconds_taken: submitted
      ? Math.max(
          0,
          Math.round(
            (new Date(attempt.submitted_at!).getTime() - new Date(attempt.started_at).getTime()) /
              1000,
          ),
        )
      : null,
    answers: answerResults(
      questions,
      answers.filter((a) => a.attempt_id === attempt.id),
      submitted,
    ),
  };
}

/** Every student of the lesson with their attempts, and how each question went. */
export async function reviewQuiz(
  deps: ServerDeps,
  caller: TeachingCaller,
  quizId: number,
): Promise<QuizReview> {
  const quiz = await reviewableQuiz(deps, caller, quizId);
  const questions = (await questionsOf(deps.db, caller.schoolId, [quiz.id])).get(quiz.id) ?? [];
  const attempts = await settleAttempts(
    deps,
    caller.schoolId,
    await attemptsOfQuiz(deps.db, caller.schoolId, quiz.id),
  );
  const answers = await answersOf(
    deps.db,
    caller.schoolId,
    attempts.map((a) => a.id),
  );
  const students = await lessonStudents(deps.db, caller.schoolId, quiz.lesson_id);
  return {
    students: students.map((s) => ({
      ...s,
      attempts: attempts
        .filter((a) => a.student_id === s.student_id)
        .map((a) => reviewAttempt(a, questions, answers)),
    })),
    statistics: statistics(
      questions,
      attempts.filter((a) => a.submitted_at !== null),
      answers,
    ),
  };
}

/** Hand-grades a simple answer, or overrides any question's points; re-totals the attempt. */
export async function scoreAnswer(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  quizId: number,
  attemptId: number,
  questionId: number,
  body: z.output<typeof scoreBody>,
) {
  const quiz = await reviewableQuiz(deps, caller, quizId);
  const found = await attemptById(deps.db, caller.schoolId, attemptId);
  if (!found || found.quiz_id !== quiz.id) throw notFound('This attempt does not exist.');
  const [attempt] = await settleAttempts(deps, caller.schoolId, [found]);
  const questions = (await questionsOf(deps.db, caller.schoolId, [quiz.id])).get(quiz.id) ?? [];
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw notFound('This question is not part of this quiz.');
  const refusal = scoreRefusal(attempt!, body.points, question.points);
  if (refusal) throw refusal;
  const before = (await answersOf(deps.db, caller.schoolId, [attempt!.id])).find(
    (a) => a.question_id === question.id,
  );
  const nowIso = deps.now().toISOString();
  const points = roundPoints(body.points);
  await deps.db.transaction().execute(async (trx) => {
    await setAnswerPoints(trx, {
      school_id: caller.schoolId,
      attempt_id: attempt!.id,
      question_id: question.id,
      points,
      graded_by_user_id: caller.userId,
      updated_at: nowIso,
    });
    await retotal(trx, caller.schoolId, attempt!.id, questions, nowIso);
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'grade',
        entity: 'quiz_attempt',
        entityId: attempt!.id,
        detail: { question_id: question.id, from: before?.points ?? null, to: points },
      },
      nowIso,
    );
  });
  const saved = (await attemptById(deps.db, caller.schoolId, attempt!.id))!;
  return reviewAttempt(saved, questions, await answersOf(deps.db, caller.schoolId, [saved.id]));
}
