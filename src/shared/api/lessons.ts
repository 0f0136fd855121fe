import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { richText } from '../teaching/rich-text';
import { day, flag, requiredTitle } from './teaching';
import { updateBodyOf } from './updateBody';

// Lesson templates' own material and making a lesson from a template (the template records
// themselves are the `lessons-templates` resource of src/shared/resources/structure.ts).

export const templateChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first words of the text. */
  excerpt: z.string(),
  sort_order: z.number().int(),
});

export const templateTask = z.object({
  id: z.number().int(),
  title: z.string(),
  points: z.number().int(),
  accept_late: z.boolean(),
  /** Days after the new lesson's start that the task opens and is due. */
  open_offset_days: z.number().int(),
  due_offset_days: z.number().int(),
});

export const templateMaterial = z.object({
  id: z.number().int(),
  name: z.string(),
  course_name: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  description: z.string().nullable(),
  chapters: z.array(templateChapter),
  tasks: z.array(templateTask),
  abilities: z.object({
    /** Whether the caller may make a lesson from it (teachers, the office with write). */
    create_lesson: z.boolean(),
    /** Whether the caller may change or remove its chapters and tasks one by one. */
    edit_material: z.boolean(),
  }),
});
export type TemplateMaterial = z.infer<typeof templateMaterial>;

/** One chapter of a template with its whole text, for editing. */
export const templateChapterDetail = templateChapter.extend({ content: richText });
export type TemplateChapterDetail = z.infer<typeof templateChapterDetail>;
/** One task of a template with its whole description, for editing. */
export const templateTaskDetail = templateTask.extend({ description: richText });
export type TemplateTaskDetail = z.infer<typeof templateTaskDetail>;

const sortOrder = z.coerce.number().int().min(0).max(100_000);
const offsetDays = z.coerce
  .number({ error: 'Enter a number of days' })
  .int('Enter a number of days')
  .min(0, 'Enter a number of days from 0 to 365')
  .max(365, 'Enter a number of days from 0 to 365');

export const templateChapterBody = updateBodyOf(
  z.object({ title: requiredTitle, content: richText, sort_order: sortOrder }),
);
export const templateTaskBody = updateBodyOf(
  z.object({
    title: requiredTitle,
    description: richText,
    points: z.coerce
      .number({ error: 'Enter a whole number' })
      .int('Enter a whole number')
      .min(0)
      .max(1000),
    accept_late: flag,
    open_offset_days: offsetDays,
    due_offset_days: offsetDays,
    sort_order: sortOrder,
  }),
).refine(
  (v) =>
    v.open_offset_days === undefined ||
    v.due_offset_days === undefined ||
    v.open_offset_days <= v.due_offset_days,
  { message: 'The due day must not be before the opening day', path: ['due_offset_days'] },
);

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

export const lessonFromTemplateBody = z.object({
  name: requiredTitle,
  /** The lesson's period; the school's current one when left out. */
  period_id: optionalId,
  level_id: optionalId,
  /** Day 0 of the tasks' offsets; today when left out. */
  start_date: day.optional(),
});

export const lessonFromTemplate = z.object({
  lesson_id: z.number().int(),
  name: z.string(),
  chapters: z.number().int(),
  tasks: z.number().int(),
});
export type LessonFromTemplate = z.infer<typeof lessonFromTemplate>;

export const templateFromLessonBody = z.object({
  name: requiredTitle,
  duration_minutes: z.coerce
    .number({ error: 'Enter a number of minutes' })
    .int('Enter a number of minutes')
    .min(1, 'Enter a number of minutes')
    .max(600, 'At most 600 minutes')
    .optional(),
});

export const templateFromLesson = z.object({
  template_id: z.number().int(),
  name: z.string(),
  chapters: z.number().int(),
  tasks: z.number().int(),
});
export type TemplateFromLesson = z.infer<typeof templateFromLesson>;

const withId = schoolRoleParams.extend({ id: idParam });
// A template's chapter or task by its own id (its template is the row's).
const chapterPath = '/schools/:school_id/:role/template-chapters/:id';
const taskPath = '/schools/:school_id/:role/template-tasks/:id';

export const lessonEndpoints = {
  templateMaterial: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/lessons-templates/:id/material',
    access: 'school-role',
    summary: 'A lesson template with its chapters and tasks (teachers and the office).',
    params: withId,
    response: templateMaterial,
  }),
  createFromTemplate: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/lessons-templates/:id/lessons',
    access: 'school-role',
    summary:
      "Make a lesson from a template: copies its chapters and tasks as drafts; a teacher becomes the lesson's teacher.",
    params: withId,
    body: lessonFromTemplateBody,
    response: lessonFromTemplate,
  }),
  saveAsTemplate: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/lessons/:id/template',
    access: 'school-role',
    summary:
      "Save a lesson's chapters and tasks as a new template of the school (its teachers, the office with write on lessons); task dates become days from the first task's opening.",
    params: withId,
    body: templateFromLessonBody,
    response: templateFromLesson,
  }),
  templateChapter: endpoint({
    method: 'GET',
    path: chapterPath,
    access: 'school-role',
    summary: 'One chapter of a lesson template with its text (teachers and the office).',
    params: withId,
    response: templateChapterDetail,
  }),
  updateTemplateChapter: endpoint({
    method: 'PUT',
    path: chapterPath,
    access: 'school-role',
    summary: "Change a template's chapter (the office with write on lessons).",
    params: withId,
    body: templateChapterBody,
    response: templateChapterDetail,
  }),
  removeTemplateChapter: endpoint({
    method: 'DELETE',
    path: chapterPath,
    access: 'school-role',
    summary: 'Remove a chapter from a template (the office with write on lessons).',
    params: withId,
    response: z.null(),
  }),
  templateTask: endpoint({
    method: 'GET',
    path: taskPath,
    access: 'school-role',
    summary: 'One task of a lesson template with its description (teachers and the office).',
    params: withId,
    response: templateTaskDetail,
  }),
  updateTemplateTask: endpoint({
    method: 'PUT',
    path: taskPath,
    access: 'school-role',
    summary:
      "Change a template's task, its points and its days (the office with write on lessons).",
    params: withId,
    body: templateTaskBody,
    response: templateTaskDetail,
  }),
  removeTemplateTask: endpoint({
    method: 'DELETE',
    path: taskPath,
    access: 'school-role',
    summary: 'Remove a task from a template (the office with write on lessons).',
    params: withId,
    response: z.null(),
  }),
};
