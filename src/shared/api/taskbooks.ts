import { z } from 'zod';
import { updateBodyOf } from './updateBody';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { abilities, flag, lessonIdField, requiredTitle, teachingListQuery } from './teaching';

/** One step of a task book: a task or a chapter of the same lesson. */
export const taskBookItem = z.object({
  kind: z.enum(['task', 'chapter']),
  id: z.number().int(),
  title: z.string(),
  /** Students: handed in (a task) or read (a chapter); null for other roles. */
  done: z.boolean().nullable(),
});

export const taskBookProgress = z.object({ done: z.number().int(), total: z.number().int() });

export const taskBookSummary = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  /** A student's own progress, or a parent's child's on the child's list (else null). */
  progress: taskBookProgress.nullable(),
  abilities,
});

export const taskBook = taskBookSummary.extend({ items: z.array(taskBookItem) });
export type TaskBook = z.infer<typeof taskBook>;

const itemRef = z.object({
  kind: z.enum(['task', 'chapter']),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
const items = z
  .array(itemRef)
  .max(200, 'At most 200 steps')
  .refine(
    (list) => new Set(list.map((i) => `${i.kind}:${i.id}`)).size === list.length,
    'Choose each step once',
  );

const description = z.string().max(5000, 'This text is too long').nullable().optional();

export const taskBookCreateBody = z.object({
  lesson_id: lessonIdField,
  title: requiredTitle,
  description,
  published: flag.default(false),
  items: items.default([]),
});
export const taskBookUpdateBody = updateBodyOf(taskBookCreateBody.omit({ lesson_id: true }));

const stepRef = z.object({ kind: z.enum(['task', 'chapter']), id: z.number().int() });

export const taskBookProgressRow = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  /** Which steps this student has done (handed in or read), for the students × steps table. */
  done_items: z.array(stepRef),
});
export type TaskBookProgressRow = z.infer<typeof taskBookProgressRow>;
export type TaskBookSummary = z.infer<typeof taskBookSummary>;
export type TaskBookItem = z.infer<typeof taskBookItem>;

const withId = schoolRoleParams.extend({ id: idParam });
const childParams = schoolRoleParams.extend({ id: idParam });

export const taskBookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/taskbooks',
    access: 'school-role',
    summary: "Task books of the caller's lessons (students and parents: published ones).",
    params: schoolRoleParams,
    query: teachingListQuery(['title', 'updated_at'], 'title'),
    response: z.array(taskBookSummary),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/taskbooks/:id',
    access: 'school-role',
    summary: 'One task book with its steps in order (students: each step done or not).',
    params: withId,
    response: taskBook,
  }),
  create: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/taskbooks',
    access: 'school-role',
    summary: 'Make a task book of tasks and chapters of a lesson you teach.',
    params: schoolRoleParams,
    body: taskBookCreateBody,
    response: taskBook,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/taskbooks/:id',
    access: 'school-role',
    summary: 'Change a task book (its steps are replaced when `items` is sent).',
    params: withId,
    body: taskBookUpdateBody,
    response: taskBook,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/taskbooks/:id',
    access: 'school-role',
    summary: 'Delete a task book (its tasks and chapters stay).',
    params: withId,
    response: z.null(),
  }),
  progress: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/taskbooks/:id/progress',
    access: 'school-role',
    summary: 'Each student of the lesson: how many steps they have done, by name.',
    params: withId,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(100),
    }),
    response: z.array(taskBookProgressRow),
    list: true,
  }),
  childList: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/students/:id/taskbooks',
    access: 'school-role',
    summary: "A parent reads their child's published task books with the child's progress.",
    params: childParams,
    query: teachingListQuery(['title', 'updated_at'], 'title'),
    response: z.array(taskBookSummary),
    list: true,
  }),
};
