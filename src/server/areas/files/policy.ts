import type { FileEntity } from '../../../shared/api/files';
import type { ServerDeps } from '../../deps';
import { notFound, ruleError } from '../../http/errors';
import { readableChapter } from '../chapters/queries';
import { assertMayWriteLesson, type TeachingCaller } from '../lessons/teaching-access';
import { readableTask } from '../tasks/queries';
import { editableSubmissionFor } from '../tasks/service';
import type { Sniffed } from './sniff';

// Files: who may attach to what, and remove what. Reading needs no rule here: a file's
// signed link is handed out only with a record the caller may read.
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
