import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { day, requiredTitle } from './teaching';

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
  /** Whether the caller may make a lesson from it (teachers, the office with write). */
  abilities: z.object({ create_lesson: z.boolean() }),
});
export type TemplateMaterial = z.infer<typeof templateMaterial>;

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
};
