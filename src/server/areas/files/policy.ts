import { sql, type RawBuilder } from 'kysely';
import type { UploadEntity } from '../../../shared/api/files';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { absenceDocumentTarget } from '../attendance/documents';
import { forbidden, notFound, ruleError } from '../../http/errors';
import { chatUploadTarget } from '../chat/attachments';
import { assertOwnUnsentFile } from '../chat/policy';
import { readableChapter } from '../chapters/queries';
import {
  assertMayWriteLesson,
  lessonsOf,
  teachingCaller,
  visibleCondition,
  type TeachingCaller,
} from '../lessons/teaching-access';
import { readableTask } from '../tasks/queries';
import { editableSubmissionFor } from '../tasks/service';
import type { Sniffed } from './sniff';

// Files: who may attach to what, and remove what. Reading needs no rule here: a file's
// signed link is handed out only with a record the caller may read.
//
// - Chapters and tasks: whoever may change them (their lesson's teachers, the office).
// - Submissions: the student whose work it is, while they may still change it.
// - Absences (justification documents): the office with write on absences (attendance's
//   policy); they are never in the files list, only with their absence.
// - Chat rooms: their members, as chat's policy says (areas/chat/policy.ts); a chat file is
//   opened only by whoever may read its room when it is downloaded (its link names them).
//
// The files list shows each caller the files of the records they may read: chapters and tasks
// as their own rules say (drafts to teachers and the office), and a student's work to the
// student, to their parents, the lesson's teachers and the office once handed in (a draft only
// to the student).

export interface UploadTarget {
  entity: UploadEntity;
  entityId: number;
  /** The lesson the file goes with; null for a chat room without one. */
  lessonId: number | null;
  chatRoomId?: number;
}

/**
 * Where an upload goes, refused unless the caller may change that record (a chat room: unless
 * they write in it, chat's policy). `caller` is asked for only by the teaching records.
 */
export async function uploadTarget(
  deps: ServerDeps,
  ctx: RequestContext,
  type: UploadEntity,
  entityId: number,
): Promise<UploadTarget> {
  if (type === 'absence') return absenceDocumentTarget(deps, ctx, entityId);
  if (type === 'chat') return chatUploadTarget(deps, ctx, entityId);
  const caller = await teachingCaller(deps, ctx);
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

/**
 * Whether the caller may remove a file: whoever may attach to its record now; a chat file not
 * sent yet, its uploader; a sent one goes only with its message.
 */
export async function assertMayRemoveFile(
  deps: ServerDeps,
  ctx: RequestContext,
  file: { entity: string; entity_id: number; uploaded_by_user_id: number | null },
): Promise<void> {
  if (file.entity === 'chat') return assertOwnUnsentFile(file, ctx.user!.id);
  if (file.entity === 'chat_message')
    throw forbidden('A file of a sent message goes with the message: delete the message.');
  const caller = await teachingCaller(deps, ctx);
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
  await uploadTarget(deps, ctx, file.entity as UploadEntity, file.entity_id);
}

/**
 * Rows of the files list the caller may see: `f` the file, `c`, `t` its chapter or task,
 * `s` its submission (left joins; null when the file is not of that kind).
 */
export function listedFiles(caller: TeachingCaller): RawBuilder<boolean> {
  const chapter = visibleCondition(caller, 'c.lesson_id', 'c.published');
  const task = visibleCondition(caller, 't.lesson_id', 't.published');
  const work = visibleCondition(caller, 'st.lesson_id', 'st.published');
  const me = caller.me ?? 0;
  const whose =
    caller.role === 'student'
      ? sql`s.student_id = ${me}`
      : caller.role === 'client'
        ? sql`s.status <> 'draft' and s.student_id in (select g.student_id from student_guardians g
            where g.school_id = ${caller.schoolId} and g.client_id = ${me})`
        : sql`s.status <> 'draft'`;
  // The file's own lesson first, so that the index on (school_id, lesson_id) finds the rows.
  const lessons = lessonsOf(caller);
  const inLessons = lessons ? sql`f.lesson_id in (${lessons})` : sql`1 = 1`;
  return sql<boolean>`${inLessons} and (
    (f.entity = 'chapter' and c.id is not null and ${chapter})
    or (f.entity = 'task' and t.id is not null and ${task})
    or (f.entity = 'submission' and s.id is not null and ${work} and ${whose})
  )`;
}
