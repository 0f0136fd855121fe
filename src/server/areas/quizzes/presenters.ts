import type {
  AnswerResult,
  AttemptSummary,
  Question,
  QuestionForStudent,
} from '../../../shared/api/quizzes';
import type { AnswerRecord, AttemptRecord } from './queries';

// How quizzes and attempts read to students: questions without their correct answers, in the
// attempt's own order. The order comes from the attempt's id, so a reload shows the same quiz.

/** A small seeded generator (mulberry32): the same attempt gives the same order. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const random = seeded(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A question as the student sees it: its options, prompts and matches, never what is right. */
export function questionForStudent(
  question: Question,
  attemptId: number,
  shuffle: boolean,
): QuestionForStudent {
  const base = { id: question.id, text: question.text, points: question.points };
  const seed = attemptId * 7919 + question.id;
  switch (question.kind) {
    case 'simple':
    case 'true_false':
      return { kind: question.kind, ...base };
    case 'multiple_choice': {
      const options = question.options.map((o, id) => ({ id, text: o.text }));
      return {
        kind: 'multiple_choice',
        ...base,
        multiple: question.options.filter((o) => o.correct).length > 1,
        options: shuffle ? shuffled(options, seed) : options,
      };
    }
    case 'matching': {
      // The matches are always shuffled (in the teacher's order they would give the answer
      // away), and a match that several prompts share is offered once.
      const seen = new Set<string>();
      const matches = question.pairs.flatMap((p, id) => {
        if (seen.has(p.match)) return [];
        seen.add(p.match);
        return [{ id, text: p.match }];
      });
      const prompts = question.pairs.map((p, id) => ({ id, text: p.prompt }));
      return {
        kind: 'matching',
        ...base,
        prompts: shuffle ? shuffled(prompts, seed + 1) : prompts,
        matches: shuffled(matches, seed),
      };
    }
    case 'fill_blanks':
      return { kind: 'fill_blanks', ...base, blanks: question.blanks.length };
  }
}

/** The questions of an attempt, in its order. */
export function attemptQuestions(questions: Question[], attemptId: number, shuffle: boolean) {
  const ordered = shuffle ? shuffled(questions, attemptId) : questions;
  return ordered.map((q) => questionForStudent(q, attemptId, shuffle));
}

/** Each question's outcome in an attempt (an unanswered question earns nothing). */
export function answerResults(
  questions: Question[],
  answers: AnswerRecord[],
  submitted: boolean,
): AnswerResult[] {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  return questions.map((q) => {
    const given = byQuestion.get(q.id);
    return {
      question_id: q.id,
      answer: given?.answer ?? null,
      points: given ? given.points : submitted ? 0 : null,
      max_points: q.points,
      graded_by_hand: given?.graded_by_hand ?? false,
    };
  });
}

/** An attempt in brief; its score only when `showScore`. */
export function attemptSummary(attempt: AttemptRecord, showScore: boolean): AttemptSummary {
  const submitted = attempt.submitted_at !== null;
  return {
    id: attempt.id,
    number: attempt.number,
    started_at: attempt.started_at,
    deadline_at: attempt.deadline_at,
    submitted_at: attempt.submitted_at,
    state: submitted ? 'submitted' : 'open',
    score: showScore && submitted && attempt.score !== null ? Number(attempt.score) : null,
    pending: showScore && submitted ? attempt.pending : null,
  };
}
