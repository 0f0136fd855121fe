import { z } from 'zod';
import { updateBodyOf } from './updateBody';
import { richText } from '../teaching/rich-text';
import { endpoint } from './endpoint';
import { fileRef } from './files';
import { idParam, schoolRoleParams } from './school';
import { abilities, flag, lessonIdField, requiredTitle, teachingListQuery } from './teaching';

/** A chapter in a list: no content, its plain-text start instead. */
export const chapterSummary = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  title: z.string(),
  /** The first words of the text. */
  excerpt: z.string(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  sort_order: z.number().int(),
  updated_at: z.string(),
  /** Students: whether they have opened it (null for other roles). */
  read: z.boolean().nullable(),
  abilities,
});
export type ChapterSummary = z.infer<typeof chapterSummary>;

export const chapter = chapterSummary.extend({
  /** The Lexical editor state. */
  content: richText,
  files: z.array(fileRef),
  created_at: z.string(),
});
export type Chapter = z.infer<typeof chapter>;

export const chapterCreateBody = z.object({
  lesson_id: lessonIdField,
  title: requiredTitle,
  content: richText.optional(),
  published: flag.default(false),
  sort_order: z.coerce.number().int().min(0).max(100_000).optional(),
});
export const chapterUpdateBody = updateBodyOf(chapterCreateBody.omit({ lesson_id: true }));

export const chapterListQuery = teachingListQuery(
  ['sort_order', 'title', 'updated_at'],
  'sort_order',
);

const withId = schoolRoleParams.extend({ id: idParam });

export const chapterEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/chapters',
    access: 'school-role',
    summary:
      "Chapters: a teacher's lessons (drafts too), a student's or a parent's children's lessons (published), the office all.",
    params: schoolRoleParams,
    query: chapterListQuery,
    response: z.array(chapterSummary),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/chapters/:id',
    access: 'school-role',
    summary: 'One chapter with its content and files (signed links).',
    params: withId,
    response: chapter,
  }),
  create: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chapters',
    access: 'school-role',
    summary: 'Write a chapter for a lesson you teach (the office: any lesson).',
    params: schoolRoleParams,
    body: chapterCreateBody,
    response: chapter,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/chapters/:id',
    access: 'school-role',
    summary: 'Change a chapter (title, content, published, order).',
    params: withId,
    body: chapterUpdateBody,
    response: chapter,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/chapters/:id',
    access: 'school-role',
    summary: 'Delete a chapter with its files.',
    params: withId,
    response: z.null(),
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chapters/:id/read',
    access: 'school-role',
    summary: 'A student marks a chapter read (the study guide and task books count it done).',
    params: withId,
    response: chapterSummary,
  }),
};
