import type { z } from 'zod';
import type { FileRef } from '../../../shared/api/files';
import type {
  Submission,
  SubmissionRow,
  SubmissionState,
  Task,
  TaskSummary,
  gradeBody,
  submissionBody,
  taskCreateBody,
  taskUpdateBody,
} from '../../../shared/api/tasks';
import { searchTextOf } from '../../../shared/search';
import { emptyRichText, plainTextOf, type RichText } from '../../../shared/teaching/rich-text';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, validationError } from '../../http/errors';
import { filesOf } from '../files/queries';
import { fileRefsFor, removeFiles } from '../files/service';
import { notifyStudentFamily } from '../lessons/notify';
import { publicationColumns, recordLessonResourceWrite } from '../lessons/publishing';
import {
  assertGuardianOf,
  assertMayWriteLesson,
  type TeachingCaller,
} from '../lessons/teaching-access';
import { sql } from 'kysely';
import { assertStudent, gradingRefusal, submissionRefusal, taskAbilities } from './policy';
import {
  deleteTask,
  ensureSubmission,
  insertTask,
  listTasks,
  listTasksWhere,
  readableTask,
  studentName,
  studentsWithSubmissions,
  submissionById,
  submissionCountsOf,
  submissionIdsOfTask,
  submissionOf,
  submissionsByIds,
  submissionsOfStudent,
  updateSubmission,
  updateTask,
  type SubmissionRecord,
  type TaskListOptions,
  type TaskRow,
} from './queries';

type Viewer = 'student' | 'family' | 'teacher';

/** How a submission reads to each viewer: a draft is the student's alone. */
function stateOf(record: SubmissionRecord | undefined, viewer: Viewer): SubmissionState {
  if (!record) return 'missing';
  if (record.status === 'draft') return viewer === 'student' ? 'draft' : 'missing';
  return record.status;
}

function submissionView(
  record: SubmissionRecord | undefined,
  task: Pick<TaskRow, 'open_at' | 'due_at' | 'accept_late'>,
  files: FileRef[],
  viewer: Viewer,
  nowIso: string,
): Submission {
  const state = stateOf(record, viewer);
  const hidden = !record || (record.status === 'draft' && viewer !== 'student');
  return {
    id: hidden ? null : record.id,
    state,
    text: hidden ? '' : record.text,
    submitted_at: hidden ? null : record.submitted_at,
    late: hidden ? false : record.late === 1,
    points: hidden ? null : record.points,
    feedback: hidden ? null : record.feedback,
    graded_at: hidden ? null : record.graded_at,
    files: hidden ? [] : files,
    editable:
      viewer === 'student' && submissionRefusal(task, record?.status ?? null, nowIso) === null,
  };
}

async function summaries(
  deps: ServerDeps,
  caller: TeachingCaller,
  rows: TaskRow[],
  /** For a parent: whose work to show. */
  childId?: number,
): Promise<TaskSummary[]> {
  const abilitiesOf = await taskAbilities(
    deps.db,
    caller,
    rows.map((r) => r.lesson_id),
  );
  const ids = rows.map((r) => r.id);
  const studentId = caller.role === 'student' ? caller.me! : childId;
  const own =
    studentId !== undefined
      ? new Map(
          (await submissionsOfStudent(deps.db, caller.schoolId, studentId, ids)).map((s) => [
            s.task_id,
            s,
          ]),
        )
      : null;
  const counts =
    caller.role === 'teacher' || caller.role === 'admin'
      ? await submissionCountsOf(deps.db, caller.schoolId, ids)
      : null;
  const viewer: Viewer = caller.role === 'student' ? 'student' : 'family';
  return rows.map((row) => {
    const mine = own?.get(row.id);
    const count = counts?.get(row.id);
    return {
      id: row.id,
      lesson_id: row.lesson_id,
      lesson_name: row.lesson_name,
      title: row.title,
      open_at: row.open_at,
      due_at: row.due_at,
      points: row.points,
      accept_late: row.accept_late === 1,
      published: row.published === 1,
      published_at: row.published_at,
      updated_at: row.updated_at,
      submission: own
        ? {
            state: stateOf(mine, viewer),
            late: stateOf(mine, viewer) === 'missing' ? false : mine?.late === 1,
            points: stateOf(mine, viewer) === 'missing' ? null : (mine?.points ?? null),
            submitted_at: stateOf(mine, viewer) === 'missing' ? null : (mine?.submitted_at ?? null),
          }
        : null,
      counts: count
        ? {
            students: count.students,
            submitted: count.handedIn,
            missing: Math.max(0, count.students - count.handedIn),
            late: count.late,
            graded: count.graded,
          }
        : null,
      abilities: abilitiesOf(row.lesson_id),
    };
  });
}

export async function taskList(deps: ServerDeps, caller: TeachingCaller, options: TaskListOptions) {
  const { rows, totalCount } = await listTasks(deps.db, caller, options);
  return { data: await summaries(deps, caller, rows), totalCount };
}

/** A parent's view of one child's published tasks, with state and grade. */
export async function childTaskList(
  deps: ServerDeps,
  caller: TeachingCaller,
  studentId: number,
  options: TaskListOptions,
) {
  await assertGuardianOf(deps.db, caller, studentId);
  const { rows, totalCount } = await listTasksWhere(
    deps.db,
    caller.schoolId,
    sql<boolean>`(t.published = 1 and t.lesson_id in (select ls.lesson_id from lesson_students ls where ls.school_id = ${caller.schoolId} and ls.student_id = ${studentId}))`,
    options,
  );
  return { data: await summaries(deps, caller, rows, studentId), totalCount };
}

async function readable(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const task = await readableTask(deps.db, caller, id);
  if (!task) throw notFound('This task does not exist.');
  return task;
}

export async function taskDetail(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<Task> {
  const task = await readable(deps, caller, id);
  const [summary] = await summaries(deps, caller, [task]);
  const files = await fileRefsFor(deps, caller.schoolId, 'task', [id]);
  let mine: Submission | null = null;
  if (caller.role === 'student') {
    const record = await submissionOf(deps.db, caller.schoolId, id, caller.me!);
    const own = record ? await fileRefsFor(deps, caller.schoolId, 'submission', [record.id]) : null;
    mine = submissionView(
      record,
      task,
      own?.get(record!.id) ?? [],
      'student',
      deps.now().toISOString(),
    );
  }
  return {
    ...summary!,
    description: JSON.parse(task.description) as RichText,
    files: files.get(id) ?? [],
    created_at: task.created_at,
    my_submission: mine,
  };
}

function descriptionColumns(description: RichText, title: string) {
  const text = plainTextOf(description);
  return {
    description: JSON.stringify(description),
    description_text: text,
    search_text: searchTextOf([title, text.slice(0, 5000)]),
  };
}

const publishNotice = (id: number, title: string, nowIso: string) => ({
  title,
  entity: 'task' as const,
  entityId: id,
  nowIso,
});

export async function createTask(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  body: z.output<typeof taskCreateBody>,
): Promise<number> {
  await assertMayWriteLesson(deps.db, caller, body.lesson_id);
  const nowIso = deps.now().toISOString();
  const openAt = body.open_at ?? nowIso;
  if (openAt >= body.due_at)
    throw validationError({ due_at: 'The due date must be after the opening' });
  const [id, tell] = await deps.db.transaction().execute(async (trx) => {
    const id = await insertTask(trx, {
      school_id: caller.schoolId,
      lesson_id: body.lesson_id,
      title: body.title,
      ...descriptionColumns(body.description ?? emptyRichText(), body.title),
      open_at: openAt,
      due_at: body.due_at,
      points: body.points,
      accept_late: body.accept_late ? 1 : 0,
      published: body.published ? 1 : 0,
      published_at: body.published ? nowIso : null,
      author_user_id: caller.userId,
      created_at: nowIso,
      updated_at: nowIso,
    });
    const tell = await recordLessonResourceWrite(
      trx,
      deps.realtime,
      ctx,
      {
        schoolId: caller.schoolId,
        lessonId: body.lesson_id,
        action: 'create',
        entity: 'task',
        entityId: id,
        firstPublished: body.published,
        notice: () => publishNotice(id, body.title, nowIso),
      },
      nowIso,
    );
    return [id, tell] as const;
  });
  tell();
  return id;
}

async function writable(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const task = await readable(deps, caller, id);
  await assertMayWriteLesson(deps.db, caller, task.lesson_id);
  return task;
}

export async function changeTask(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
  body: z.output<typeof taskUpdateBody>,
): Promise<void> {
  const current = await writable(deps, caller, id);
  const nowIso = deps.now().toISOString();
  const title = body.title ?? current.title;
  const openAt = body.open_at ?? current.open_at;
  const dueAt = body.due_at ?? current.due_at;
  if (openAt >= dueAt) throw validationError({ due_at: 'The due date must be after the opening' });
  const description =
    body.description ??
    (body.title !== undefined ? (JSON.parse(current.description) as RichText) : null);
  // Students hear of a task once: when it is first published.
  const firstPublished = body.published === true && current.published_at === null;
  const tell = await deps.db.transaction().execute(async (trx) => {
    await updateTask(trx, caller.schoolId, id, {
      title,
      ...(description ? descriptionColumns(description, title) : {}),
      open_at: openAt,
      due_at: dueAt,
      ...(body.points !== undefined ? { points: body.points } : {}),
      ...(body.accept_late !== undefined ? { accept_late: body.accept_late ? 1 : 0 } : {}),
      ...publicationColumns(body.published, current.published_at, nowIso),
      updated_at: nowIso,
    });
    return recordLessonResourceWrite(
      trx,
      deps.realtime,
      ctx,
      {
        schoolId: caller.schoolId,
        lessonId: current.lesson_id,
        action: 'update',
        entity: 'task',
        entityId: id,
        detail: { fields: Object.keys(body) },
        firstPublished,
        notice: () => publishNotice(id, title, nowIso),
      },
      nowIso,
    );
  });
  tell();
}

export async function removeTask(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
): Promise<void> {
  await writable(deps, caller, id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const submissions = await submissionIdsOfTask(trx, caller.schoolId, id);
    await removeFiles(trx, caller.schoolId, { entity: 'submission', entityIds: submissions }, now);
    await removeFiles(trx, caller.schoolId, { entity: 'task', entityIds: [id] }, now);
    await deleteTask(trx, caller.schoolId, id);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'delete', entity: 'task', entityId: id },
      now.toISOString(),
    );
  });
}

/**
 * The caller's own submission of a task, started as a draft if need be, refused unless they
 * may change it now (files are uploaded to it before it is handed in).
 */
export async function editableSubmissionFor(
  deps: ServerDeps,
  caller: TeachingCaller,
  taskId: number,
): Promise<{ submissionId: number; lessonId: number }> {
  assertStudent(caller);
  const task = await readable(deps, caller, taskId);
  const nowIso = deps.now().toISOString();
  const current = await submissionOf(deps.db, caller.schoolId, taskId, caller.me!);
  const refusal = submissionRefusal(task, current?.status ?? null, nowIso);
  if (refusal) throw refusal;
  const record =
    current ?? (await ensureSubmission(deps.db, caller.schoolId, taskId, caller.me!, nowIso));
  return { submissionId: record.id, lessonId: task.lesson_id };
}

/** A student saves (a draft) or hands in their work; again until the due date. */
export async function saveSubmission(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  taskId: number,
  body: z.output<typeof submissionBody>,
): Promise<Submission> {
  assertStudent(caller);
  const task = await readable(deps, caller, taskId);
  const now = deps.now();
  const nowIso = now.toISOString();
  const schoolId = caller.schoolId;
  await deps.db.transaction().execute(async (trx) => {
    const current = await submissionOf(trx, schoolId, taskId, caller.me!);
    const refusal = submissionRefusal(task, current?.status ?? null, nowIso);
    if (refusal) throw refusal;
    const record = current ?? (await ensureSubmission(trx, schoolId, taskId, caller.me!, nowIso));
    if (body.files) {
      // Inside the transaction: read through it (SQLite has one connection).
      const attached = await filesOf(trx, schoolId, 'submission', [record.id]);
      const attachedIds = new Set(attached.map((f) => f.id));
      if (body.files.some((id) => !attachedIds.has(id)))
        throw validationError(
          { files: 'Upload each file to this task first' },
          'Some of these files are not part of this work.',
        );
      const keep = new Set(body.files);
      await removeFiles(
        trx,
        schoolId,
        { ids: attached.filter((f) => !keep.has(f.id)).map((f) => f.id) },
        now,
      );
    }
    const handIn = body.submit;
    await updateSubmission(trx, schoolId, record.id, {
      ...(body.text !== undefined ? { text: body.text } : {}),
      ...(handIn
        ? { status: 'submitted', submitted_at: nowIso, late: nowIso > task.due_at ? 1 : 0 }
        : // Saving returned work keeps it with the student; saving handed-in work takes it back.
          record.status === 'returned'
          ? {}
          : { status: 'draft', submitted_at: null, late: 0 }),
      updated_at: nowIso,
    });
    await recordAudit(
      trx,
      ctx,
      { schoolId, action: handIn ? 'submit' : 'update', entity: 'submission', entityId: record.id },
      nowIso,
    );
  });
  const saved = (await submissionOf(deps.db, schoolId, taskId, caller.me!))!;
  const files = await fileRefsFor(deps, schoolId, 'submission', [saved.id]);
  return submissionView(saved, task, files.get(saved.id) ?? [], 'student', nowIso);
}

async function gradableTask(deps: ServerDeps, caller: TeachingCaller, taskId: number) {
  if (caller.role === 'student' || caller.role === 'client')
    throw notFound('This task does not exist.');
  return writable(deps, caller, taskId);
}

/** Every student of the task's lesson with their work (drafts read as missing). */
export async function submissionsOfTask(
  deps: ServerDeps,
  caller: TeachingCaller,
  taskId: number,
  page: number,
  perPage: number,
): Promise<{ data: SubmissionRow[]; totalCount: number }> {
  const task = await gradableTask(deps, caller, taskId);
  const { rows, totalCount } = await studentsWithSubmissions(
    deps.db,
    caller.schoolId,
    task,
    page,
    perPage,
  );
  const ids = rows.flatMap((r) => (r.submission_id === null ? [] : [r.submission_id]));
  const records = new Map(
    (await submissionsByIds(deps.db, caller.schoolId, ids)).map((s) => [s.id, s]),
  );
  const files = await fileRefsFor(deps, caller.schoolId, 'submission', ids);
  const nowIso = deps.now().toISOString();
  return {
    data: rows.map((row) => ({
      student_id: row.student_id,
      first_name: row.first_name,
      last_name: row.last_name,
      submission: submissionView(
        row.submission_id === null ? undefined : records.get(row.submission_id),
        task,
        row.submission_id === null ? [] : (files.get(row.submission_id) ?? []),
        'teacher',
        nowIso,
      ),
    })),
    totalCount,
  };
}

/** Grades handed-in work, or returns it for another try; tells the student and parents. */
export async function gradeSubmission(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  taskId: number,
  submissionId: number,
  body: z.output<typeof gradeBody>,
): Promise<SubmissionRow> {
  const task = await gradableTask(deps, caller, taskId);
  const record = await submissionById(deps.db, caller.schoolId, submissionId);
  if (!record || record.task_id !== task.id) throw notFound('This submission does not exist.');
  const refusal = gradingRefusal(record.status, body.points, task.points);
  if (refusal) throw refusal;
  const nowIso = deps.now().toISOString();
  const returning = body.returned === true;
  const afterCommit: (() => void)[] = [];
  await deps.db.transaction().execute(async (trx) => {
    await updateSubmission(trx, caller.schoolId, record.id, {
      ...(body.points !== undefined ? { points: body.points } : {}),
      ...(body.feedback !== undefined ? { feedback: body.feedback } : {}),
      ...(returning
        ? { status: 'returned' }
        : { status: 'graded', graded_at: nowIso, graded_by_user_id: caller.userId }),
      updated_at: nowIso,
    });
    afterCommit.push(
      await notifyStudentFamily(trx, deps.realtime, caller.schoolId, record.student_id, {
        title: task.title,
        entity: 'task',
        entityId: task.id,
        nowIso,
      }),
    );
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: returning ? 'return' : 'grade',
        entity: 'submission',
        entityId: record.id,
      },
      nowIso,
    );
  });
  afterCommit.forEach((tell) => tell());
  const saved = (await submissionById(deps.db, caller.schoolId, record.id))!;
  const name = await studentName(deps.db, caller.schoolId, saved.student_id);
  const files = await fileRefsFor(deps, caller.schoolId, 'submission', [saved.id]);
  return {
    ...name,
    submission: submissionView(saved, task, files.get(saved.id) ?? [], 'teacher', nowIso),
  };
}
