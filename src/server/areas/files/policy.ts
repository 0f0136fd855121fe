import type { FileEntity } from '../../../shared/api/files';
import type { ServerDeps } from '../../deps';
import { notFound, ruleError } from '../../http/errors';
import { sql, type RawBuilder } from 'kysely';
import type { FileListType } from '../../../shared/api/files';
import { readableChapters } from '../chapters/policy';
import { readableChapter } from '../chapters/queries';
import { assertMayWriteLesson, relationTo, type TeachingCaller } from '../lessons/teaching-access';
import { readableTasks } from '../tasks/policy';
import { readableTask } from '../tasks/queries';
import { editableSubmissionFor } from '../tasks/service';
import type { Sniffed } from './sniff';

// Files: who may attach to what, remove what, and list what. A file's signed link is handed
// out only with a record the caller may read, and a list holds only such records' files.
//
// - Chapters and tasks: whoever may change them (their lesson's teachers, the office).
// - Submissions: the student whose work it is, while they may still change it.

export interface UploadTarget {
  entity: FileEntity;
  entityId: number;
  lessonId: number;
}

/** Where an upload goes, refused unless the caller may change that record. */
export async function uploadTarget(
  deps: ServerDeps,
  caller: TeachingCaller,
  type: FileEntity,
  entityId: number,
): Promise<UploadTarget> {
  if (type === 'chapter') {
    const chapter = await readableChapter(deps.db, caller, entityId);
    if (!chapter) throw notFound('This chapter does not exist.');
    await assertMayWriteLesson(deps.db, caller, chapter.lesson_id);
    return { entity: type, entityId, lessonId: chapter.lesson_id };
  }
  if (type === 'task') {
    const task = await readableTask(deps.db, caller, entityId);
    if (!task) throw notFound('This task does not exist.');
    await assertMayWriteLesson(deps.db, caller, task.lesson_id);
    return { entity: type, entityId, lessonId: task.lesson_id };
  }
  // A submission's files are sent with the task's id: they join the caller's own work.
  const own = await editableSubmissionFor(deps, caller, entityId);
  return { entity: 'submission', entityId: own.submissionId, lessonId: own.lessonId };
}

/** Refuses programs and scripts, whatever their name says. */
export function assertAcceptedType(sniffed: Sniffed): void {
  if (sniffed.executable)
    throw ruleError(
      'validation',
      { code: 'file_type_refused', field: 'file' },
      'This kind of file is not accepted (programs and scripts).',
    );
}

/** Whether the caller may remove a file: whoever may attach to its record now. */
export async function assertMayRemoveFile(
  deps: ServerDeps,
  caller: TeachingCaller,
  file: { entity: string; entity_id: number },
): Promise<void> {
  if (file.entity === 'submission') {
    const submission = await deps.db
      .selectFrom('task_submissions')
      .select('task_id')
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', file.entity_id)
      .where('student_id', '=', caller.me ?? 0)
      .executeTakeFirst();
    if (!submission) throw notFound('This file does not exist.');
    await editableSubmissionFor(deps, caller, submission.task_id);
    return;
  }
  await uploadTarget(deps, caller, file.entity as FileEntity, file.entity_id);
}

/** Which files a list shows: those of `files as f` joined to `chapters as c` / `tasks as t`. */
export interface FileListScope {
  lessonId?: number;
  entity?: 'chapter' | 'task';
  entityId?: number;
  /** The rows whose chapter or task the caller may read (drafts for teachers and the office). */
  readable: RawBuilder<boolean>;
}

/**
 * What a list of files may hold for this caller, or 404 for a lesson, chapter or task they may
 * not see. Submissions are never listed: they travel with the task, to whom may read them.
 */
export async function fileListScope(
  deps: ServerDeps,
  caller: TeachingCaller,
  type: FileListType,
  entityId: number,
): Promise<FileListScope> {
  const readable = sql<boolean>`((c.id is not null and ${readableChapters(caller)}) or (t.id is not null and ${readableTasks(caller)}))`;
  if (type === 'lesson') {
    if (!(await relationTo(deps.db, caller, entityId)))
      throw notFound('This lesson does not exist.');
    return { lessonId: entityId, readable };
  }
  const found =
    type === 'chapter'
      ? await readableChapter(deps.db, caller, entityId)
      : await readableTask(deps.db, caller, entityId);
  if (!found) throw notFound(`This ${type} does not exist.`);
  return { entity: type, entityId, readable };
}
