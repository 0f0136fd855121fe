import { z } from 'zod';
import { endpoint } from './endpoint';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import { idParam, schoolRoleParams } from './school';

/** What an uploaded file can belong to (the upload's `type`). */
export const FILE_ENTITIES = ['chapter', 'task', 'submission'] as const;
export type FileEntity = (typeof FILE_ENTITIES)[number];

/**
 * What an upload may be attached to: the files list's kinds, an absence's justification
 * document (entity_id: the attendance record), which is shown only with its absence, to the
 * office and the student's guardians, never in the files list, and a chat room (entity_id: the
 * room), whose member then sends it with a message (docs/chat.md, Attachments).
 */
export const UPLOAD_ENTITIES = [...FILE_ENTITIES, 'absence', 'chat'] as const;
export type UploadEntity = (typeof UPLOAD_ENTITIES)[number];

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
  type: z.enum(UPLOAD_ENTITIES, {
    error: 'Choose chapter, task, submission, absence or chat',
  }),
  entity_id: z.coerce
    .number({ error: 'This field is required' })
    .int()
    .positive('This field is required')
    .max(2_147_483_647),
  file_type: z.literal('file', { error: 'file_type must be "file"' }).default('file'),
});

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The files list's query. `type` and `entity_id` name what the files are attached to; for
 * `type=submission`, `entity_id` is the task (as for an upload): the work handed in for it.
 */
export const fileListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  type: z.enum(FILE_ENTITIES, { error: 'Choose chapter, task or submission' }).optional(),
  entity_id: positiveId.optional(),
  lesson_id: positiveId.optional(),
  search: z.string().trim().max(200).optional(),
  sort: z
    .enum(['created_at', 'name', 'size'], { error: 'Sort by created_at, name, size' })
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'Choose asc or desc' }).default('desc'),
});
export type FileListQuery = z.input<typeof fileListQuery>;

/** A row of the files list: the file, where it is attached, and what the caller may do. */
export const fileListItem = fileRef.extend({
  entity: z.enum(FILE_ENTITIES),
  /** The chapter, task or submission the file belongs to. */
  entity_id: z.number().int(),
  /** The chapter's or task's title (a submission's task). */
  entity_title: z.string(),
  /** Submissions: the task, to open it. */
  task_id: z.number().int().nullable(),
  /** Submissions: whose work it is. */
  student_name: z.string().nullable(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  created_at: z.string(),
  abilities: z.object({ delete: z.boolean() }),
});
export type FileListItem = z.infer<typeof fileListItem>;

export const fileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/files',
    access: 'school-role',
    summary:
      "Uploaded files the caller may see (a teacher: their lessons' chapters, tasks and handed-in work; the office: the school's), newest first; filter by type, entity_id, lesson_id, search.",
    params: schoolRoleParams,
    query: fileListQuery,
    response: z.array(fileListItem),
    list: true,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/files',
    access: 'school-role',
    summary:
      'Upload a file to a chapter, task, submission, absence or chat room (multipart: file, type, entity_id, file_type=file); answers data.url.',
    params: schoolRoleParams,
    response: fileRef,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/files/:id',
    access: 'school-role',
    summary:
      'Delete an uploaded file (whoever may change its chapter, task or submission; a chat file not sent yet, its uploader).',
    params: schoolRoleParams.extend({ id: idParam }),
    response: z.null(),
  }),
  download: endpoint({
    method: 'GET',
    path: '/files/:id',
    access: 'public',
    summary:
      'Open an uploaded file through the signed link of its record (expires, signature; a chat attachment also reader, who must still read its room): no Token needed.',
    params: z.object({ id: idParam }),
    query: z.object({
      expires: z.coerce.number().int().positive().max(99_999_999_999),
      /** Chat attachments: the user the link was given to. */
      reader: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
    }),
    response: z.null(),
  }),
};
