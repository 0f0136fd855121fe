import type { TableColumns } from '../../db/column-types';
import type { ColumnType, Generated } from 'kysely';

// Table types of the tasks area; db/schema.ts adds them to Database.

type Flag = number;
type Instant = string;

export interface TasksTable {
  id: Generated<number>;
  school_id: number;
  lesson_id: number;
  title: string;
  /** The Lexical editor state as JSON text. */
  description: string;
  description_text: string;
  search_text: ColumnType<string, string | undefined, string>;
  open_at: Instant;
  due_at: Instant;
  /** The most points a submission can get. */
  points: number;
  accept_late: Flag;
  published: Flag;
  published_at: Instant | null;
  author_user_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** Where a student's work is: their draft, handed in, given back for another try, graded. */
export type SubmissionStatus = 'draft' | 'submitted' | 'returned' | 'graded';

export interface TaskSubmissionsTable {
  id: Generated<number>;
  school_id: number;
  task_id: number;
  /** The student's membership. */
  student_id: number;
  text: string;
  status: SubmissionStatus;
  submitted_at: Instant | null;
  late: Flag;
  points: number | null;
  feedback: string | null;
  graded_at: Instant | null;
  graded_by_user_id: number | null;
  updated_at: Instant;
}

export interface TaskTables {
  tasks: TasksTable;
  task_submissions: TaskSubmissionsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const TASKS_COLUMNS: TableColumns<TaskTables> = {
  tasks: {
    id: true,
    school_id: true,
    lesson_id: true,
    title: true,
    description: true,
    description_text: true,
    search_text: true,
    open_at: true,
    due_at: true,
    points: true,
    accept_late: true,
    published: true,
    published_at: true,
    author_user_id: true,
    created_at: true,
    updated_at: true,
  },
  task_submissions: {
    id: true,
    school_id: true,
    task_id: true,
    student_id: true,
    text: true,
    status: true,
    submitted_at: true,
    late: true,
    points: true,
    feedback: true,
    graded_at: true,
    graded_by_user_id: true,
    updated_at: true,
  },
};
