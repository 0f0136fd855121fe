import type { TFunction } from 'i18next';
import type { Answer, Question } from '../../../../shared/api/quizzes';

// Answers and correct answers in words, for results and the teacher's review. Options, prompts
// and matches are named by their places in the teacher's question (docs/assessment.md).

const points = (value: number) => String(Math.round(value * 100) / 100);

/** "7.5 / 11" with, while some wait for the teacher, how many. */
export function scoreText(t: TFunction, score: number, total: number, pending: number | null) {
  const text = t('{{score}} / {{total}} points', { score: points(score), total: points(total) });
  return pending ? `${text} · ${t('{{count}} to grade', { count: pending })}` : text;
}

export const pointsText = (value: number | null, max: number, t: TFunction) =>
  value === null ? t('To grade') : `${points(value)} / ${points(max)}`;

/** What the student answered, as text ("–" for nothing). */
export function answerTextOf(question: Question, answer: Answer | null, t: TFunction): string {
  if (!answer || answer.kind !== question.kind) return '–';
  switch (answer.kind) {
    case 'simple':
      return answer.text.trim() || '–';
    case 'multiple_choice': {
      const options = question.kind === 'multiple_choice' ? question.options : [];
      const texts = answer.options.map((id) => options[id]?.text ?? '?');
      return texts.length ? texts.join(', ') : '–';
    }
    case 'matching': {
      const pairs = question.kind === 'matching' ? question.pairs : [];
      const texts = answer.matches.map(
        (m) => `${pairs[m.prompt]?.prompt ?? '?'} → ${pairs[m.match]?.match ?? '?'}`,
      );
      return texts.length ? texts.join('; ') : '–';
    }
    case 'true_false':
      return answer.value === null ? '–' : answer.value ? t('True') : t('False');
    case 'fill_blanks':
      return answer.blanks.some((b) => b.trim())
        ? answer.blanks.map((b, i) => `${i + 1}: ${b.trim() || '–'}`).join('; ')
        : '–';
  }
}

/** The correct answer, as text. */
export function correctTextOf(question: Question, t: TFunction): string {
  switch (question.kind) {
    case 'simple':
      return question.accepted_answers.length
        ? question.accepted_answers.join(' / ')
        : t('Graded by the teacher');
    case 'multiple_choice':
      return question.options
        .filter((o) => o.correct)
        .map((o) => o.text)
        .join(', ');
    case 'matching':
      return question.pairs.map((p) => `${p.prompt} → ${p.match}`).join('; ');
    case 'true_false':
      return question.correct ? t('True') : t('False');
    case 'fill_blanks':
      return question.blanks.map((b, i) => `${i + 1}: ${b.accepted.join(' / ')}`).join('; ');
  }
}
