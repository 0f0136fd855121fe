import type { ShowResults } from '../../../shared/api/quizzes';
import type { TableColumns } from '../../db/column-types';
import type { ColumnType, Generated } from 'kysely';

// Table types of the quizzes area; db/schema.ts adds them to Database.

type Flag = number;
type Instant = string;

export interface QuizzesTable {
  id: Generated<number>;
  school_id: number;
  lesson_id: number;
  title: string;
  search_text: ColumnType<string, string | undefined, string>;
  opens_at: Instant;
  closes_at: Instant;
  time_limit_minutes: number | null;
  attempts_allowed: number;
  shuffle: Flag;
  show_results: ShowResults;
  published: Flag;
  published_at: Instant | null;
  author_user_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface QuizQuestionsTable {
  id: Generated<number>;
  school_id: number;
  quiz_id: number;
  position: number;
  kind: string;
  text: string;
  points: number;
  /** The kind's own fields (with the correct answers) as JSON text. */
  spec: string;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  school_id: number;
  quiz_id: number;
  /** The student's membership. */
  student_id: number;
  /** 1 for the first attempt, and so on. */
  number: number;
  started_at: Instant;
  deadline_at: Instant;
  submitted_at: Instant | null;
  score: number | null;
  /** Answers waiting for hand-grading. */
  pending: number;
  updated_at: Instant;
}

export interface QuizAnswersTable {
  id: Generated<number>;
  school_id: number;
  attempt_id: number;
  question_id: number;
  /** The answer as JSON text (`null` for none). */
  answer: string;
  points: number | null;
  graded_by_hand: Flag;
  graded_by_user_id: number | null;
  updated_at: Instant;
}

export interface QuizTables {
  quizzes: QuizzesTable;
  quiz_questions: QuizQuestionsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_answers: QuizAnswersTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const QUIZZES_COLUMNS: TableColumns<QuizTables> = {
  quizzes: {
    id: true,
    school_id: true,
    lesson_id: true,
    title: true,
    search_text: true,
    opens_at: true,
    closes_at: true,
    time_limit_minutes: true,
    attempts_allowed: true,
    shuffle: true,
    show_results: true,
    published: true,
    published_at: true,
    author_user_id: true,
    created_at: true,
    updated_at: true,
  },
  quiz_questions: {
    id: true,
    school_id: true,
    quiz_id: true,
    position: true,
    kind: true,
    text: true,
    points: true,
    spec: true,
  },
  quiz_attempts: {
    id: true,
    school_id: true,
    quiz_id: true,
    student_id: true,
    number: true,
    started_at: true,
    deadline_at: true,
    submitted_at: true,
    score: true,
    pending: true,
    updated_at: true,
  },
  quiz_answers: {
    id: true,
    school_id: true,
    attempt_id: true,
    question_id: true,
    answer: true,
    points: true,
    graded_by_hand: true,
    graded_by_user_id: true,
    updated_at: true,
  },
};
