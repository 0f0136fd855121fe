import { describe, expect, it } from 'vitest';
import { questionInput, type QuestionInput } from '../../src/shared/api/quizzes';
import { gradeAnswer, normalizeAnswer, pointsFor, totalOf } from '../../src/shared/quizzes/grading';

// The grading rules of issue 13, one kind at a time, with the edge cases the issue names:
// the empty answer, every option chosen, duplicate matches, extra spaces and accents.

const q = (value: unknown) => questionInput.parse(value) as QuestionInput;

describe('simple (short answer)', () => {
  const capital = q({
    kind: 'simple',
    text: 'Ποια είναι η πρωτεύουσα της Ελλάδας;',
    points: 2,
    accepted_answers: ['Αθήνα', 'Athens'],
  });
  it('accepts any case, accents and extra spaces', () => {
    for (const text of ['αθηνα', '  ΑΘΗΝΑ ', 'Αθηνά', 'athens', ' AThEns  '])
      expect(pointsFor(capital, { kind: 'simple', text }), text).toBe(2);
    expect(normalizeAnswer('  Νέα   Υόρκη ')).toBe('νεα υορκη');
  });
  it('refuses another answer and earns nothing for an empty one', () => {
    expect(pointsFor(capital, { kind: 'simple', text: 'Σπάρτη' })).toBe(0);
    expect(pointsFor(capital, { kind: 'simple', text: '   ' })).toBe(0);
    expect(pointsFor(capital, null)).toBe(0);
  });
  it('without accepted answers waits for the teacher (but a blank does not)', () => {
    const essay = q({ kind: 'simple', text: 'Εξηγήστε.', points: 5 });
    expect(gradeAnswer(essay, { kind: 'simple', text: 'Γιατί…' })).toEqual({ pending: true });
    expect(pointsFor(essay, { kind: 'simple', text: 'Γιατί…' })).toBeNull();
    expect(pointsFor(essay, { kind: 'simple', text: '' })).toBe(0);
  });
});

describe('multiple choice', () => {
  const single = q({
    kind: 'multiple_choice',
    text: '2 + 2 =',
    points: 1,
    options: [
      { text: '3', correct: false },
      { text: '4', correct: true },
      { text: '5', correct: false },
    ],
  });
  it('single answer is all or nothing; every option chosen earns nothing', () => {
    expect(pointsFor(single, { kind: 'multiple_choice', options: [1] })).toBe(1);
    expect(pointsFor(single, { kind: 'multiple_choice', options: [0] })).toBe(0);
    expect(pointsFor(single, { kind: 'multiple_choice', options: [0, 1, 2] })).toBe(0);
    expect(pointsFor(single, { kind: 'multiple_choice', options: [] })).toBe(0);
  });
  // k = 2 correct, m = 3 wrong: c/k − w/m.
  const several = q({
    kind: 'multiple_choice',
    text: 'Ποιοι αριθμοί είναι πρώτοι;',
    points: 4,
    options: [
      { text: '2', correct: true },
      { text: '3', correct: true },
      { text: '4', correct: false },
      { text: '6', correct: false },
      { text: '9', correct: false },
    ],
  });
  const mc = (options: number[]) => pointsFor(several, { kind: 'multiple_choice', options });
  it('several answers earn c/k − w/m, clamped to [0, 1]', () => {
    expect(mc([0, 1])).toBe(4);
    expect(mc([0])).toBe(2);
    // 2/2 − 1/3 = 2/3 of 4 points.
    expect(mc([0, 1, 2])).toBe(2.67);
    // 1/2 − 2/3 < 0: nothing, never negative.
    expect(mc([0, 2, 3])).toBe(0);
    // Ticking every box: 1 − 1 = 0 (Moodle's default would pay in full).
    expect(mc([0, 1, 2, 3, 4])).toBe(0);
    expect(mc([])).toBe(0);
    // An option ticked twice counts once; ids out of range are ignored.
    expect(mc([0, 0, 1, 1, 40])).toBe(4);
  });
});

describe('matching', () => {
  const capitals = q({
    kind: 'matching',
    text: 'Αντιστοιχίστε χώρα και πρωτεύουσα.',
    points: 3,
    pairs: [
      { prompt: 'Ελλάδα', match: 'Αθήνα' },
      { prompt: 'Ιταλία', match: 'Ρώμη' },
      { prompt: 'Γαλλία', match: 'Παρίσι' },
    ],
  });
  const match = (matches: { prompt: number; match: number }[]) =>
    pointsFor(capitals, { kind: 'matching', matches });
  it('earns right ÷ total', () => {
    expect(
      match([
        { prompt: 0, match: 0 },
        { prompt: 1, match: 1 },
        { prompt: 2, match: 2 },
      ]),
    ).toBe(3);
    expect(
      match([
        { prompt: 0, match: 0 },
        { prompt: 1, match: 2 },
        { prompt: 2, match: 1 },
      ]),
    ).toBe(1);
    expect(match([])).toBe(0);
  });
  it('counts a duplicate match once, and two matches for one prompt as wrong', () => {
    expect(
      match([
        { prompt: 0, match: 0 },
        { prompt: 0, match: 0 },
        { prompt: 0, match: 0 },
      ]),
    ).toBe(1);
    expect(
      match([
        { prompt: 0, match: 0 },
        { prompt: 0, match: 1 },
        { prompt: 0, match: 2 },
      ]),
    ).toBe(0);
  });
  it('accepts either of two pairs that share a match', () => {
    const shared = q({
      kind: 'matching',
      text: 'Γλώσσα',
      points: 2,
      pairs: [
        { prompt: 'Αυστρία', match: 'Γερμανικά' },
        { prompt: 'Γερμανία', match: 'Γερμανικά' },
      ],
    });
    expect(
      pointsFor(shared, {
        kind: 'matching',
        matches: [
          { prompt: 0, match: 1 },
          { prompt: 1, match: 1 },
        ],
      }),
    ).toBe(2);
  });
});

describe('true or false', () => {
  const earth = q({ kind: 'true_false', text: 'Η Γη είναι επίπεδη.', points: 1, correct: false });
  it('is all or nothing; no answer earns nothing', () => {
    expect(pointsFor(earth, { kind: 'true_false', value: false })).toBe(1);
    expect(pointsFor(earth, { kind: 'true_false', value: true })).toBe(0);
    expect(pointsFor(earth, { kind: 'true_false', value: null })).toBe(0);
    expect(pointsFor(earth, null)).toBe(0);
  });
});

describe('fill in the blanks', () => {
  const water = q({
    kind: 'fill_blanks',
    text: 'Το νερό βράζει στους ___ βαθμούς και παγώνει στους ___ βαθμούς ___.',
    points: 3,
    blanks: [
      { accepted: ['100', 'εκατό'] },
      { accepted: ['0', 'μηδέν'] },
      { accepted: ['Κελσίου'] },
    ],
  });
  const fill = (blanks: string[]) => pointsFor(water, { kind: 'fill_blanks', blanks });
  it('earns right ÷ total, ignoring case, accents and spaces', () => {
    expect(fill(['100', ' ΜΗΔΕΝ ', 'κελσιου'])).toBe(3);
    expect(fill(['100', '10', 'Φαρενάιτ'])).toBe(1);
    expect(fill(['', '', ''])).toBe(0);
    expect(fill([])).toBe(0);
  });
  it('needs one answer per gap', () => {
    expect(
      questionInput.safeParse({
        kind: 'fill_blanks',
        text: 'Ένα ___ κενό',
        points: 1,
        blanks: [{ accepted: ['α'] }, { accepted: ['β'] }],
      }).success,
    ).toBe(false);
  });
});

describe('an answer of another kind', () => {
  it('earns nothing', () => {
    const tf = q({ kind: 'true_false', text: '1 = 1', points: 1, correct: true });
    expect(pointsFor(tf, { kind: 'simple', text: 'true' })).toBe(0);
  });
});

describe('the quiz total', () => {
  it('is the sum of the points earned; pending answers are counted apart', () => {
    expect(totalOf([2, 2.67, 0, null, 1])).toEqual({ score: 5.67, pending: 1 });
  });
});
