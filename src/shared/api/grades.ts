import { z } from 'zod';
import { updateBodyOf } from './updateBody';
import { GRADE_ROUNDINGS } from '../grades/average';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { abilities, day, requiredTitle } from './teaching';

// The gradebook (docs/assessment-grades.md): per lesson and sub-period, grade items in
// weighted categories; the sub-period grade is the weighted average on the school's scale.

export const GRADE_ITEM_KINDS = ['oral', 'test', 'exam', 'task', 'quiz', 'scorm'] as const;
/** What a teacher adds by hand; tasks and quizzes appear by themselves. */
export const MANUAL_ITEM_KINDS = ['oral', 'test', 'exam'] as const;
export const GRADE_SOURCE_KINDS = ['task', 'quiz', 'scorm'] as const;

const optionalId = z.coerce.number().int().positive().max(2_147_483_647);

export const gradeScale = z.object({
  max: z.number().int(),
  rounding: z.enum(GRADE_ROUNDINGS),
});

export const gradeSubPeriod = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Read-only: closed by the office, or ended and not reopened. */
  closed: z.boolean(),
});

export const gradeCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  /** Collects another area's records by itself (task, quiz), or null. */
  source_kind: z.enum(GRADE_SOURCE_KINDS).nullable(),
  sort_order: z.number().int(),
});
export type GradeCategory = z.infer<typeof gradeCategory>;

export const gradeItem = z.object({
  /** Unique in the gradebook: `item:<id>`, or `task:<task id>` for a task. */
  key: z.string(),
  /** The gradebook's own item id; null for a task (graded on the task itself). */
  id: z.number().int().nullable(),
  kind: z.enum(GRADE_ITEM_KINDS),
  source: z.object({ kind: z.enum(GRADE_SOURCE_KINDS), id: z.number().int() }).nullable(),
  category_id: z.number().int().nullable(),
  title: z.string(),
  max_points: z.number().int(),
  date: z.string().nullable(),
  /** Whether values are entered here (false: tasks, graded in the task). */
  editable: z.boolean(),
});
export type GradeItem = z.infer<typeof gradeItem>;

export const categoryBreakdown = z.object({
  category_id: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  items_counted: z.number().int(),
  average: z.number().nullable(),
  share: z.number(),
});

/** The sub-period grade and how it was computed. */
export const subPeriodGrade = z.object({
  value: z.number().nullable(),
  unrounded: z.number().nullable(),
  weight_total: z.number(),
  categories: z.array(categoryBreakdown),
  /** False for students and parents before the school publishes it (value is then null). */
  published: z.boolean(),
});
export type SubPeriodGrade = z.infer<typeof subPeriodGrade>;

/**
 * A student's sub-period grade in the grid, compact: each category's part in the order of the
 * gradebook's `categories` (its name and weight are there). A category's share of the grade is
 * weight ÷ weight_total when it counts (an average and a weight above 0), else 0;
 * `expandGridGrade` (shared/grades/average.ts) gives the full breakdown.
 */
export const gradebookGrade = z.object({
  value: z.number().nullable(),
  unrounded: z.number().nullable(),
  weight_total: z.number(),
  /** Per category: its average on the scale, unrounded (null without graded items). */
  averages: z.array(z.number().nullable()),
  /** Per category: the graded items that count. */
  items_counted: z.array(z.number().int()),
});
export type GradebookGrade = z.infer<typeof gradebookGrade>;

/** A student's row of the grid: values aligned with the gradebook's `items`. */
export const gradebookStudent = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Per item, in the order of `items`: the value on the item's own points, or null. */
  values: z.array(z.number().nullable()),
  /** Only where there are any: [index in `items`, comment]. */
  comments: z.array(z.tuple([z.number().int(), z.string()])).optional(),
  grade: gradebookGrade,
});
export type GradebookStudent = z.infer<typeof gradebookStudent>;

/** Rows answered by a write, with the item keys their values follow (the grid's, unless it changed since). */
export const gradebookRows = z.object({
  item_keys: z.array(z.string()),
  students: z.array(gradebookStudent),
});
export type GradebookRows = z.infer<typeof gradebookRows>;

export const gradebook = z.object({
  lesson: z.object({ id: z.number().int(), name: z.string() }),
  sub_period: gradeSubPeriod,
  sub_periods: z.array(gradeSubPeriod),
  scale: gradeScale,
  categories: z.array(gradeCategory),
  items: z.array(gradeItem),
  /** Each student's values follow `items`, and their grade's parts `categories`. */
  students: z.array(gradebookStudent),
  abilities,
});
export type Gradebook = z.infer<typeof gradebook>;

/** One lesson of a student's grades in a sub-period. */
export const studentLessonGrades = z.object({
  lesson: z.object({ id: z.number().int(), name: z.string() }),
  categories: z.array(gradeCategory),
  items: z.array(
    gradeItem.extend({ value: z.number().nullable(), comment: z.string().nullable() }),
  ),
  grade: subPeriodGrade,
  /** The teacher's remark on the sub-period; like the grade, null until it is published. */
  remark: z.string().nullable(),
});

export const studentGrades = z.object({
  student_id: z.number().int(),
  sub_period: gradeSubPeriod,
  sub_periods: z.array(gradeSubPeriod),
  scale: gradeScale,
  lessons: z.array(studentLessonGrades),
});
export type StudentGrades = z.infer<typeof studentGrades>;

export const gradeEntryBody = z.object({
  /** Points on the item's own scale (0 to its max_points, up to two decimals); null clears. */
  value: z.number({ error: 'Enter a number' }).finite('Enter a number').nullable(),
  comment: z.string().trim().max(2000, 'This text is too long').nullable().optional(),
});

const weight = z.coerce
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'Enter a number from 0 to 1000')
  .max(1000, 'Enter a number from 0 to 1000');

export const gradeCategoryBody = z.object({
  sub_period_id: optionalId,
  name: requiredTitle,
  weight,
  source_kind: z.enum(GRADE_SOURCE_KINDS).nullable().default(null),
  sort_order: z.coerce.number().int().min(0).max(1000).default(0),
});
export const gradeCategoryUpdateBody = updateBodyOf(
  gradeCategoryBody.omit({ sub_period_id: true }),
);

const maxPoints = z.coerce
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(1, 'Enter a number from 1 to 1000')
  .max(1000, 'Enter a number from 1 to 1000');

export const gradeItemBody = z.object({
  sub_period_id: optionalId,
  category_id: optionalId.nullable().default(null),
  kind: z.enum(MANUAL_ITEM_KINDS, { error: 'Choose oral, test or exam' }),
  title: requiredTitle,
  /** Most points; defaults to the school's scale. */
  max_points: maxPoints.optional(),
  date: day.nullable().default(null),
});
export const gradeItemUpdateBody = updateBodyOf(gradeItemBody.omit({ sub_period_id: true }));

export const subPeriodStateBody = z.object({ closed: z.boolean({ error: 'Choose yes or no' }) });

const lessonParams = schoolRoleParams.extend({ lesson_id: idParam });
export const removeCategoryQuery = z.object({ move_items_to: optionalId.optional() });
const subPeriodQuery = z.object({ sub_period_id: optionalId.optional() });

export const gradeEndpoints = {
  gradebook: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/grades/:lesson_id',
    access: 'school-role',
    summary:
      "A lesson's gradebook in a sub-period (the current one by default): categories, items, every student's values (an array in the order of `items`, comments apart) and sub-period grade with how it was computed (per category, in the order of `categories`).",
    params: lessonParams,
    query: subPeriodQuery,
    response: gradebook,
  }),
  setEntry: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/grades/:lesson_id/items/:item_id/students/:student_id',
    access: 'school-role',
    summary:
      "Enter or clear one student's value on an item, on the item's own points (0 to max_points), with a comment. Answers the student's row as the grid has it.",
    params: lessonParams.extend({ item_id: idParam, student_id: idParam }),
    body: gradeEntryBody,
    response: gradebookRows,
  }),
  createItem: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/grades/:lesson_id/items',
    access: 'school-role',
    summary: 'Add an oral, test or exam item to a lesson in a sub-period.',
    params: lessonParams,
    body: gradeItemBody,
    response: gradeItem,
  }),
  updateItem: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/grades/:lesson_id/items/:item_id',
    access: 'school-role',
    summary: "Change an item's title, category, points or date.",
    params: lessonParams.extend({ item_id: idParam }),
    body: gradeItemUpdateBody,
    response: gradeItem,
  }),
  removeItem: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/grades/:lesson_id/items/:item_id',
    access: 'school-role',
    summary: 'Delete an item with its values.',
    params: lessonParams.extend({ item_id: idParam }),
    response: z.null(),
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/grades/:lesson_id/categories',
    access: 'school-role',
    summary: 'Add a weighted category to a lesson in a sub-period.',
    params: lessonParams,
    body: gradeCategoryBody,
    response: gradeCategory,
  }),
  updateCategory: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/grades/:lesson_id/categories/:category_id',
    access: 'school-role',
    summary: "Change a category's name, weight, what it collects or its place.",
    params: lessonParams.extend({ category_id: idParam }),
    body: gradeCategoryUpdateBody,
    response: gradeCategory,
  }),
  removeCategory: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/grades/:lesson_id/categories/:category_id',
    access: 'school-role',
    summary:
      'Delete a category; its items move to `move_items_to` (another category of the sub-period), or else stay without a category (they then do not count).',
    params: lessonParams.extend({ category_id: idParam }),
    query: removeCategoryQuery,
    response: z.null(),
  }),
  subPeriodState: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/grade-periods/:sub_period_id',
    access: 'school-role',
    summary:
      "Close a sub-period's grades (read-only) or reopen them; the office only, in the audit log.",
    params: schoolRoleParams.extend({ sub_period_id: idParam }),
    body: subPeriodStateBody,
    response: gradeSubPeriod,
  }),
  myGrades: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/grades',
    access: 'school-role',
    summary:
      "A student's own grades in a sub-period: every lesson's items, weights and the sub-period grade as the school publishes it.",
    params: schoolRoleParams,
    query: subPeriodQuery,
    response: studentGrades,
  }),
  childGrades: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/students/:student_id/grades',
    access: 'school-role',
    summary: "A parent reads a child's grades in a sub-period, as the student sees them.",
    params: schoolRoleParams.extend({ student_id: idParam }),
    query: subPeriodQuery,
    response: studentGrades,
  }),
};
