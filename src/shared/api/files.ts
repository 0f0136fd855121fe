import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

/** What an uploaded file can belong to (the upload's `type`). */
export const FILE_ENTITIES = ['chapter', 'task', 'submission'] as const;
export type FileEntity = (typeof FILE_ENTITIES)[number];

/**
 * An uploaded file as its readers get it: `url` is a signed link that opens without the
 * Token header (an <img> sends none) and stops working after a few minutes.
 */
export const fileRef = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  url: z.string(),
  /** When `url` stops working (ISO instant); read the record again for a fresh one. */
  url_expires_at: z.string(),
});
export type FileRef = z.infer<typeof fileRef>;

/**
 * The multipart fields of an upload besides `file` (spec §3, §7). For a submission,
 * `entity_id` is the task: the file joins the caller's own submission of it.
 */
export const uploadFields = z.object({
  type: z.enum(FILE_ENTITIES, { error: 'Choose chapter, task or submission' }),
  entity_id: z.coerce
    .number({ error: 'This field is required' })
    .int()
    .positive('This field is required')
    .max(2_147_483_647),
  file_type: z.literal('file', { error: 'file_type must be "file"' }).default('file'),
});

/** What a list of files may be asked for: a lesson's material, or one chapter's or task's. */
export const FILE_LIST_TYPES = ['lesson', 'chapter', 'task'] as const;
export type FileListType = (typeof FILE_LIST_TYPES)[number];

export const fileListQuery = z.object({
  type: z.enum(FILE_LIST_TYPES, { error: 'Choose lesson, chapter or task' }),
  entity_id: z.coerce
    .number({ error: 'This field is required' })
    .int()
    .positive('This field is required')
    .max(2_147_483_647),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
});

/** A file in a list: where it is attached, besides the file itself. */
export const listedFile = fileRef.extend({
  entity: z.enum(['chapter', 'task']),
  entity_id: z.number().int(),
  /** The chapter's or task's title. */
  entity_title: z.string(),
  created_at: z.string(),
});
export type ListedFile = z.infer<typeof listedFile>;

export const fileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/files',
    access: 'school-role',
    summary:
      "Files of a lesson's chapters and tasks, or of one chapter or task, that the caller may read (newest first, signed links).",
    params: schoolRoleParams,
    query: fileListQuery,
    response: z.array(listedFile),
    list: true,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/files',
    access: 'school-role',
    summary:
      'Upload a file to a chapter, task or submission (multipart: file, type, entity_id, file_type=file); answers data.url.',
    params: schoolRoleParams,
    response: fileRef,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/files/:id',
    access: 'school-role',
    summary: 'Delete an uploaded file (whoever may change its chapter, task or submission).',
    params: schoolRoleParams.extend({ id: idParam }),
    response: z.null(),
  }),
  download: endpoint({
    method: 'GET',
    path: '/files/:id',
    access: 'public',
    summary:
      'Open an uploaded file through the signed link of its record (expires, signature): no Token needed.',
    params: z.object({ id: idParam }),
    query: z.object({
      expires: z.coerce.number().int().positive().max(99_999_999_999),
      signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
    }),
    response: z.null(),
  }),
};
