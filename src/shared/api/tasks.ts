import { z } from 'zod';
import { updateBodyOf } from './updateBody';
import { richText } from '../teaching/rich-text';
import { endpoint } from './endpoint';
import { fileRef } from './files';
import { idParam, schoolRoleParams } from './school';
import {
  abilities,
  flag,
  instant,
  lessonIdField,
  requiredTitle,
  teachingListQuery,
} from './teaching';

/**
 * Where a student's work on a task is, as the teacher, the student and the parent see it:
 * `missing` (nothing handed in; a draft counts as nothing), `submitted`, `returned` (given
 * back for another try), `graded`.
 */
export const SUBMISSION_STATES = ['missing', 'draft', 'submitted', 'returned', 'graded'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** A student's own work (to the student and their parents; to the teacher once handed in). */
export const submission = z.object({
  id: z.number().int().nullable(),
  state: z.enum(SUBMISSION_STATES),
  text: z.string(),
  submitted_at: z.string().nullable(),
  late: z.boolean(),
  points: z.number().int().nullable(),
  feedback: z.string().nullable(),
  graded_at: z.string().nullable(),
  files: z.array(fileRef),
  /** Whether the student may still change and hand it in. */
  editable: z.boolean(),
});
export type Submission = z.infer<typeof submission>;

/** A teacher's count of the lesson's students per state. */
export const submissionCounts = z.object({
  students: z.number().int(),
  submitted: z.number().int(),
  missing: z.number().int(),
  late: z.number().int(),
  graded: z.number().int(),
});

export const taskSummary = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  title: z.string(),
  open_at: z.string(),
  due_at: z.string(),
  points: z.number().int(),
  accept_late: z.boolean(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  /** Students and parents: the work's state and grade (null for teachers and the office). */
  submission: z
    .object({
      state: z.enum(SUBMISSION_STATES),
      late: z.boolean(),
      points: z.number().int().nullable(),
      submitted_at: z.string().nullable(),
    })
    .nullable(),
  /** Teachers and the office: how the lesson's students stand (null for others). */
  counts: submissionCounts.nullable(),
  abilities,
});
export type TaskSummary = z.infer<typeof taskSummary>;

export const task = taskSummary.extend({
  description: richText,
  files: z.array(fileRef),
  created_at: z.string(),
  /** A student's own submission in full (null for other roles). */
  my_submission: submission.nullable(),
});
export type Task = z.infer<typeof task>;

const taskFields = z.object({
  title: requiredTitle,
  description: richText.optional(),
  open_at: instant.optional(),
  due_at: instant,
  points: z.coerce
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(0)
    .max(1000),
  accept_late: flag.default(false),
  published: flag.default(false),
});
const opensBeforeDue = (value: { open_at?: string; due_at?: string }) =>
  !value.open_at || !value.due_at || value.open_at < value.due_at;
const dueMessage = { message: 'The due date must be after the opening', path: ['due_at'] };

export const taskCreateBody = taskFields
  .extend({ lesson_id: lessonIdField })
  .refine(opensBeforeDue, dueMessage);
export const taskUpdateBody = updateBodyOf(taskFields).refine(opensBeforeDue, dueMessage);

export const taskListQuery = teachingListQuery(['due_at', 'title', 'open_at'], 'due_at').extend({
  /** Only tasks due at or after this instant (the upcoming ones). */
  due_from: instant.optional(),
});

/** One row of the teacher's view of a task: every student of the lesson. */
export const submissionRow = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  submission: submission,
});
export type SubmissionRow = z.infer<typeof submissionRow>;

export const gradeBody = z
  .object({
    points: z.coerce
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(0)
      .max(1000)
      .nullable()
      .optional(),
    feedback: z.string().max(10_000, 'This text is too long').nullable().optional(),
    /** Give it back for another try (the grade, if any, stays until it is handed in again). */
    returned: flag.optional(),
  })
  .refine((v) => v.points !== undefined || v.feedback !== undefined || v.returned !== undefined, {
    message: 'Give points, feedback or return it',
  });

export const submissionBody = z.object({
  text: z.string().max(50_000, 'This text is too long').optional(),
  /** Ids of the submission's uploaded files to keep; the others are removed. */
  files: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .max(20, 'At most 20 files')
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each file once')
    .optional(),
  /** true hands it in; false keeps it as a draft (before the due date, takes it back). */
  submit: flag,
});

export const childParams = schoolRoleParams.extend({ id: idParam });
const withId = schoolRoleParams.extend({ id: idParam });

export const taskEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/tasks',
    access: 'school-role',
    summary:
      "Tasks: a teacher's lessons (with counts), a student's lessons (published, with their state), the office all.",
    params: schoolRoleParams,
    query: taskListQuery,
    response: z.array(taskSummary),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/tasks/:id',
    access: 'school-role',
    summary: 'One task; a student gets their own submission with it.',
    params: withId,
    response: task,
  }),
  create: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/tasks',
    access: 'school-role',
    summary:
      "Set a task for a lesson you teach; publishing tells the lesson's students and parents.",
    params: schoolRoleParams,
    body: taskCreateBody,
    response: task,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/tasks/:id',
    access: 'school-role',
    summary: 'Change a task; publishing it tells the students and their parents.',
    params: withId,
    body: taskUpdateBody,
    response: task,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/tasks/:id',
    access: 'school-role',
    summary: 'Delete a task with its submissions and files.',
    params: withId,
    response: z.null(),
  }),
  submissions: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/tasks/:id/submissions',
    access: 'school-role',
    summary:
      "Every student of the task's lesson with their state (missing, submitted, late, graded), by name.",
    params: withId,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(100),
    }),
    response: z.array(submissionRow),
    list: true,
  }),
  grade: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/tasks/:id/submissions/:submission_id',
    access: 'school-role',
    summary: 'Grade a handed-in submission (points, feedback) or return it for another try.',
    params: withId.extend({ submission_id: idParam }),
    body: gradeBody,
    response: submissionRow,
  }),
  submit: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/tasks/:id/submission',
    access: 'school-role',
    summary:
      'A student saves (submit=false) or hands in (submit=true) their work; again until the due date.',
    params: withId,
    body: submissionBody,
    response: submission,
  }),
  childTasks: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/students/:id/tasks',
    access: 'school-role',
    summary: "A parent reads their child's published tasks with state and grade.",
    params: childParams,
    query: taskListQuery,
    response: z.array(taskSummary),
    list: true,
  }),
};
