import type { Answer, AnswerOf, QuestionInput, QuestionOf } from '../api/quizzes';

// The grading of every kind of question (issue 13; docs/assessment.md has a worked example of
// each). Pure: the server grades with it, and a teacher's preview may too. The share earned is
// in [0, 1]; points are that share of the question's points, to two decimals.

/** A share of the question earned, or `pending` when the teacher grades it by hand. */
export type Grade = { share: number } | { pending: true };

/** Lower case, accents removed, trimmed, inner spaces collapsed: "  Αθήνα  " = "αθηνα". */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('el')
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}

const accepts = (accepted: string[], given: string) => {
  const text = normalizeAnswer(given);
  return text !== '' && accepted.some((a) => normalizeAnswer(a) === text);
};

function gradeSimple(question: QuestionOf<'simple'>, answer: AnswerOf<'simple'> | null): Grade {
  const given = answer?.text ?? '';
  // An empty answer earns nothing, whoever would grade it.
  if (normalizeAnswer(given) === '') return { share: 0 };
  if (question.accepted_answers.length === 0) return { pending: true };
  return { share: accepts(question.accepted_answers, given) ? 1 : 0 };
}

function gradeMultipleChoice(
  question: QuestionOf<'multiple_choice'>,
  answer: AnswerOf<'multiple_choice'> | null,
): Grade {
  const ticked = new Set(
    (answer?.options ?? []).filter((id) => id >= 0 && id < question.options.length),
  );
  const k = question.options.filter((o) => o.correct).length;
  const m = question.options.length - k;
  if (k === 1) {
    // Single answer: the one correct option and nothing else.
    const only = [...ticked];
    return { share: only.length === 1 && question.options[only[0]!]!.correct ? 1 : 0 };
  }
  let c = 0;
  let w = 0;
  for (const id of ticked) {
    if (question.options[id]!.correct) c++;
    else w++;
  }
  const share = c / k - (m === 0 ? 0 : w / m);
  return { share: Math.min(1, Math.max(0, share)) };
}

function gradeMatching(
  question: QuestionOf<'matching'>,
  answer: AnswerOf<'matching'> | null,
): Grade {
  const total = question.pairs.length;
  // Every match given for each prompt; the same pair twice counts once.
  const given = new Map<number, Set<string>>();
  for (const { prompt, match } of answer?.matches ?? []) {
    const pair = question.pairs[match];
    if (!question.pairs[prompt] || !pair) continue;
    given.set(prompt, (given.get(prompt) ?? new Set()).add(pair.match));
  }
  let right = 0;
  for (const [prompt, matches] of given) {
    // Two different matches for one prompt is no answer to it (else ticking all would pay).
    if (matches.size === 1 && matches.has(question.pairs[prompt]!.match)) right++;
  }
  return { share: right / total };
}

function gradeTrueFalse(
  question: QuestionOf<'true_false'>,
  answer: AnswerOf<'true_false'> | null,
): Grade {
  const value = answer?.value ?? null;
  return { share: value !== null && value === question.correct ? 1 : 0 };
}

function gradeFillBlanks(
  question: QuestionOf<'fill_blanks'>,
  answer: AnswerOf<'fill_blanks'> | null,
): Grade {
  const gaps = answer?.blanks ?? [];
  const right = question.blanks.filter((blank, i) => accepts(blank.accepted, gaps[i] ?? '')).length;
  return { share: right / question.blanks.length };
}

/** The share of a question an answer earns (no answer, or one of another kind, earns 0). */
export function gradeAnswer(question: QuestionInput, given: Answer | null): Grade {
  const answer = given && given.kind === question.kind ? given : null;
  switch (question.kind) {
    case 'simple':
      return gradeSimple(question, answer as AnswerOf<'simple'> | null);
    case 'multiple_choice':
      return gradeMultipleChoice(question, answer as AnswerOf<'multiple_choice'> | null);
    case 'matching':
      return gradeMatching(question, answer as AnswerOf<'matching'> | null);
    case 'true_false':
      return gradeTrueFalse(question, answer as AnswerOf<'true_false'> | null);
    case 'fill_blanks':
      return gradeFillBlanks(question, answer as AnswerOf<'fill_blanks'> | null);
  }
}

/** Points to two decimals (1/3 of 2 points is 0.67). */
export const roundPoints = (points: number) => Math.round(points * 100) / 100;

/** The points an answer earns, or null while it waits for the teacher. */
export function pointsFor(question: QuestionInput, answer: Answer | null): number | null {
  const grade = gradeAnswer(question, answer);
  return 'pending' in grade ? null : roundPoints(grade.share * question.points);
}

/** The quiz total: the sum of the points earned (pending answers add nothing yet). */
export function totalOf(points: (number | null)[]): { score: number; pending: number } {
  return {
    score: roundPoints(points.reduce<number>((sum, p) => sum + (p ?? 0), 0)),
    pending: points.filter((p) => p === null).length,
  };
}
