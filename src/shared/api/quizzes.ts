import { z } from 'zod';
import { updateBodyOf } from './updateBody';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import {
  abilities,
  flag,
  instant,
  lessonIdField,
  requiredTitle,
  teachingListQuery,
} from './teaching';

// Quizzes (issue 13, spec §3): five kinds of question, each with its own fields, as a
// discriminated union on `kind`, so that the OpenAPI document shows every kind's shape. The
// teacher's question carries its correct answers; the student's never does (`questionForStudent`).

export const QUESTION_KINDS = [
  'simple',
  'multiple_choice',
  'matching',
  'true_false',
  'fill_blanks',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** When a student sees their score and the correct answers. */
export const SHOW_RESULTS = ['after_submit', 'after_close', 'never'] as const;
export type ShowResults = (typeof SHOW_RESULTS)[number];

/** The gap marker of a fill-in-the-blanks text: three or more underscores. */
export const BLANK_MARKER = /_{3,}/g;
export const blankCount = (text: string) => text.match(BLANK_MARKER)?.length ?? 0;

const shortText = (max: number) =>
  z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(max, 'This text is too long');

const questionBase = {
  text: shortText(5000),
  points: z.coerce
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(0)
    .max(100),
};
const acceptedAnswers = z.array(shortText(200)).max(20, 'At most 20 accepted answers');

export const simpleQuestion = z.object({
  kind: z.literal('simple'),
  ...questionBase,
  /** Compared ignoring case, accents and extra spaces; none means the teacher grades it. */
  accepted_answers: acceptedAnswers.default([]),
});
export const multipleChoiceQuestion = z
  .object({
    kind: z.literal('multiple_choice'),
    ...questionBase,
    /** Several correct options make it a several-answers question (c/k − w/m). */
    options: z
      .array(z.object({ text: shortText(500), correct: flag }))
      .min(2, 'Give at least 2 options')
      .max(12, 'At most 12 options'),
  })
  .refine((q) => q.options.some((o) => o.correct), {
    message: 'Mark at least one option correct',
    path: ['options'],
  });
export const matchingQuestion = z.object({
  kind: z.literal('matching'),
  ...questionBase,
  /** Each prompt with its match; students see the matches shuffled. */
  pairs: z
    .array(z.object({ prompt: shortText(500), match: shortText(500) }))
    .min(2, 'Give at least 2 pairs')
    .max(20, 'At most 20 pairs'),
});
export const trueFalseQuestion = z.object({
  kind: z.literal('true_false'),
  ...questionBase,
  correct: flag,
});
export const fillBlanksQuestion = z
  .object({
    kind: z.literal('fill_blanks'),
    ...questionBase,
    /** One entry per `___` in the text, in order: the answers accepted in that gap. */
    blanks: z
      .array(z.object({ accepted: acceptedAnswers.min(1, 'Give the answer of each gap') }))
      .min(1, 'Mark at least one gap with ___')
      .max(30, 'At most 30 gaps'),
  })
  .refine((q) => blankCount(q.text) === q.blanks.length, {
    message: 'Give one answer per gap (___) in the text',
    path: ['blanks'],
  });

/** A question as the teacher writes it (with its correct answers). */
export const questionInput = z.discriminatedUnion('kind', [
  simpleQuestion,
  multipleChoiceQuestion,
  matchingQuestion,
  trueFalseQuestion,
  fillBlanksQuestion,
]);
export type QuestionInput = z.output<typeof questionInput>;
export type QuestionOf<K extends QuestionKind> = Extract<QuestionInput, { kind: K }>;

/** A stored question as the teacher reads it. */
export const question = questionInput.and(z.object({ id: z.number().int() }));
export type Question = QuestionInput & { id: number };

// A student's answer, one shape per kind. Options, pairs and gaps are named by their place in
// the teacher's question (the student sees them shuffled, with these ids).
export const simpleAnswer = z.object({ kind: z.literal('simple'), text: z.string().max(2000) });
export const multipleChoiceAnswer = z.object({
  kind: z.literal('multiple_choice'),
  /** The ids of the options ticked. */
  options: z.array(z.number().int().min(0).max(11)).max(12),
});
export const matchingAnswer = z.object({
  kind: z.literal('matching'),
  /** Which match (by id) the student put beside each prompt (by id). */
  matches: z
    .array(
      z.object({ prompt: z.number().int().min(0).max(19), match: z.number().int().min(0).max(19) }),
    )
    .max(40),
});
export const trueFalseAnswer = z.object({
  kind: z.literal('true_false'),
  value: z.boolean().nullable(),
});
export const fillBlanksAnswer = z.object({
  kind: z.literal('fill_blanks'),
  /** The text of each gap, in order. */
  blanks: z.array(z.string().max(500)).max(30),
});
export const answer = z.discriminatedUnion('kind', [
  simpleAnswer,
  multipleChoiceAnswer,
  matchingAnswer,
  trueFalseAnswer,
  fillBlanksAnswer,
]);
export type Answer = z.infer<typeof answer>;
export type AnswerOf<K extends QuestionKind> = Extract<Answer, { kind: K }>;

const studentBase = {
  id: z.number().int(),
  text: z.string(),
  points: z.number(),
};
/** A question as a student sees it while taking the quiz: no correct answer in it. */
export const questionForStudent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('simple'), ...studentBase }),
  z.object({
    kind: z.literal('multiple_choice'),
    ...studentBase,
    /** Several options may be ticked (Moodle says so too: "choose one or more"). */
    multiple: z.boolean(),
    options: z.array(z.object({ id: z.number().int(), text: z.string() })),
  }),
  z.object({
    kind: z.literal('matching'),
    ...studentBase,
    prompts: z.array(z.object({ id: z.number().int(), text: z.string() })),
    matches: z.array(z.object({ id: z.number().int(), text: z.string() })),
  }),
  z.object({ kind: z.literal('true_false'), ...studentBase }),
  z.object({ kind: z.literal('fill_blanks'), ...studentBase, blanks: z.number().int() }),
]);
export type QuestionForStudent = z.infer<typeof questionForStudent>;

const quizFields = z.object({
  title: requiredTitle,
  opens_at: instant,
  closes_at: instant,
  /** Minutes from the start of an attempt; null: until the quiz closes. */
  time_limit_minutes: z.coerce.number().int().min(1).max(600).nullable().default(null),
  attempts_allowed: z.coerce.number().int().min(1).max(20).default(1),
  /** Shuffle the questions and the options of each attempt. */
  shuffle: flag.default(false),
  show_results: z
    .enum(SHOW_RESULTS, { error: 'Choose when results are shown' })
    .default('after_submit'),
  published: flag.default(false),
  questions: z.array(questionInput).min(1, 'Add at least one question').max(100),
});
const opensBeforeCloses = (value: { opens_at?: string; closes_at?: string }) =>
  !value.opens_at || !value.closes_at || value.opens_at < value.closes_at;
const closesMessage = { message: 'The quiz must close after it opens', path: ['closes_at'] };

export const quizCreateBody = quizFields
  .extend({ lesson_id: lessonIdField })
  .refine(opensBeforeCloses, closesMessage);
/** Questions can change only until the first attempt starts (as in Moodle). */
export const quizUpdateBody = updateBodyOf(quizFields).refine(opensBeforeCloses, closesMessage);
export const quizListQuery = teachingListQuery(['opens_at', 'closes_at', 'title'], 'opens_at');

/** A student's attempt in brief; the score only when results are due. */
export const attemptSummary = z.object({
  id: z.number().int(),
  number: z.number().int(),
  started_at: z.string(),
  deadline_at: z.string(),
  submitted_at: z.string().nullable(),
  state: z.enum(['open', 'submitted']),
  /** Null until results are due (or never, as the quiz says). */
  score: z.number().nullable(),
  /** Questions still waiting for the teacher's grading (null with the score). */
  pending: z.number().int().nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;

export const quizSummary = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  title: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  time_limit_minutes: z.number().int().nullable(),
  attempts_allowed: z.number().int(),
  shuffle: z.boolean(),
  show_results: z.enum(SHOW_RESULTS),
  published: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  question_count: z.number().int(),
  total_points: z.number(),
  /** Students and parents: the student's attempts (null for teachers and the office). */
  attempts: z.array(attemptSummary).nullable(),
  /** Students: whether they may start or resume an attempt now. */
  can_attempt: z.boolean(),
  abilities,
});
export type QuizSummary = z.infer<typeof quizSummary>;

/** Teachers and the office: the quiz with its questions and their correct answers. */
export const quizDetail = quizSummary.extend({
  /** Null for students and parents: they reach questions only through an attempt. */
  questions: z.array(question).nullable(),
  /** Attempts started: questions can no longer change. */
  attempted: z.boolean(),
  created_at: z.string(),
});
export type QuizDetail = z.infer<typeof quizDetail>;

/** One question's outcome in an attempt, for results and the teacher's review. */
export const answerResult = z.object({
  question_id: z.number().int(),
  answer: answer.nullable(),
  /** Points earned; null while it waits for hand-grading. */
  points: z.number().nullable(),
  max_points: z.number(),
  /** The teacher set these points by hand (grading or overriding). */
  graded_by_hand: z.boolean(),
});
export type AnswerResult = z.infer<typeof answerResult>;

/** An attempt as its student (or their parent) reads it. */
export const attemptDetail = attemptSummary.extend({
  quiz_id: z.number().int(),
  /** The questions in this attempt's order (shuffled when the quiz says so). */
  questions: z.array(questionForStudent),
  answers: z.array(z.object({ question_id: z.number().int(), answer })),
  /** Results are due: the score above, the points per question and the correct answers. */
  results: z
    .object({
      total_points: z.number(),
      per_question: z.array(answerResult),
      correct: z.array(question),
    })
    .nullable(),
});
export type AttemptDetail = z.infer<typeof attemptDetail>;

/** The teacher's review: every student of the lesson with their attempts. */
export const reviewAttempt = attemptSummary.extend({
  /** Seconds from start to submission (null while open). */
  seconds_taken: z.number().int().nullable(),
  answers: z.array(answerResult),
});
export const quizReview = z.object({
  students: z.array(
    z.object({
      student_id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      attempts: z.array(reviewAttempt),
    }),
  ),
  statistics: z.array(
    z.object({
      question_id: z.number().int(),
      /** Submitted attempts that answered it. */
      answered: z.number().int(),
      /** Share of submitted attempts that earned its full points (0–1; null with none). */
      share_correct: z.number().nullable(),
      /** The wrong answer given most often, as text (an option, a value, a pair), and how often. */
      most_chosen_wrong: z.object({ text: z.string(), count: z.number().int() }).nullable(),
    }),
  ),
});
export type QuizReview = z.infer<typeof quizReview>;

export const scoreBody = z.object({
  /** The points this answer earns, within the question's. */
  points: z.coerce.number({ error: 'Enter a number' }).min(0).max(100),
});

export const answerBody = z.object({ answer });

const withId = schoolRoleParams.extend({ id: idParam });
const withAttempt = withId.extend({ attempt_id: idParam });
const withQuestion = withAttempt.extend({ question_id: idParam });

export const quizEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/quizzes',
    access: 'school-role',
    summary:
      "Quizzes: a teacher's lessons' (drafts too), a student's published ones with their attempts, the office all.",
    params: schoolRoleParams,
    query: quizListQuery,
    response: z.array(quizSummary),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/quizzes/:id',
    access: 'school-role',
    summary:
      'One quiz: teachers get its questions with the correct answers; students their attempts.',
    params: withId,
    response: quizDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/quizzes',
    access: 'school-role',
    summary:
      "Write a quiz for a lesson you teach; questions of kind simple, multiple_choice, matching, true_false, fill_blanks. Publishing tells the lesson's students and parents.",
    params: schoolRoleParams,
    body: quizCreateBody,
    response: quizDetail,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/quizzes/:id',
    access: 'school-role',
    summary:
      'Change a quiz; its questions only until the first attempt starts. Publishing tells the students and parents.',
    params: withId,
    body: quizUpdateBody,
    response: quizDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/quizzes/:id',
    access: 'school-role',
    summary: 'Delete a quiz with its attempts.',
    params: withId,
    response: z.null(),
  }),
  review: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/quizzes/:id/attempts',
    access: 'school-role',
    summary:
      'Review: every student of the lesson with attempts, scores, time taken and answers; per-question statistics.',
    params: withId,
    response: quizReview,
  }),
  start: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/quizzes/:id/attempts',
    access: 'school-role',
    summary:
      'A student starts an attempt, or resumes the open one; refused outside the quiz window or beyond the attempts allowed.',
    params: withId,
    response: attemptDetail,
  }),
  attempt: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/quizzes/:id/attempts/:attempt_id',
    access: 'school-role',
    summary:
      'One attempt: its student (or their parent, or a teacher) reads questions and saved answers; results only when due.',
    params: withAttempt,
    response: attemptDetail,
  }),
  answer: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/quizzes/:id/attempts/:attempt_id/answers/:question_id',
    access: 'school-role',
    summary:
      "Save one answer at once (again replaces it); refused after the attempt's deadline. The answer's kind is the question's.",
    params: withQuestion,
    body: answerBody,
    response: z.object({ question_id: z.number().int(), answer, saved_at: z.string() }),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/quizzes/:id/attempts/:attempt_id/submit',
    access: 'school-role',
    summary:
      'Submit an attempt (again is harmless); the answer has the score when results are due.',
    params: withAttempt,
    response: attemptSummary,
  }),
  score: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/quizzes/:id/attempts/:attempt_id/scores/:question_id',
    access: 'school-role',
    summary:
      "Hand-grade a simple answer or override any question's points; the attempt is re-totalled.",
    params: withQuestion,
    body: scoreBody,
    response: reviewAttempt,
  }),
  childQuizzes: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/students/:id/quizzes',
    access: 'school-role',
    summary: "A parent reads their child's published quizzes with attempts and scores when due.",
    params: withId,
    query: quizListQuery,
    response: z.array(quizSummary),
    list: true,
  }),
};
