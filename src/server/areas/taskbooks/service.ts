import type { z } from 'zod';
import type {
  TaskBook,
  taskBookCreateBody,
  taskBookUpdateBody,
} from '../../../shared/api/taskbooks';
import { searchTextOf } from '../../../shared/search';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { publicationColumns, recordLessonResourceWrite } from '../lessons/publishing';
import {
  assertGuardianOf,
  assertMayWriteLesson,
  type TeachingCaller,
} from '../lessons/teaching-access';
import { assertMaySeeProgress, assertStepsInLesson, taskBookAbilities } from './policy';
import {
  deleteTaskBook,
  doneBy,
  doneByStudents,
  insertTaskBook,
  listTaskBooks,
  readableTaskBook,
  replaceSteps,
  stepsInLesson,
  stepsOf,
  studentsOfLesson,
  updateTaskBook,
  type TaskBookRow,
} from './queries';

type Step = { kind: 'task' | 'chapter'; id: number };

/**
 * Books with their steps; the done marks and progress of `learner` (a student's own, or the
 * child a parent is looking at), none for anyone else.
 */
async function present(
  deps: ServerDeps,
  caller: TeachingCaller,
  rows: TaskBookRow[],
  learner: number | null = caller.role === 'student' ? caller.me : null,
): Promise<TaskBook[]> {
  const family = caller.role === 'student' || caller.role === 'client';
  const steps = await stepsOf(
    deps.db,
    caller.schoolId,
    rows.map((r) => r.id),
    family,
  );
  const done =
    learner !== null
      ? await doneBy(
          deps.db,
          caller.schoolId,
          learner,
          steps.flatMap((s) => (s.task_id ? [s.task_id] : [])),
          steps.flatMap((s) => (s.chapter_id ? [s.chapter_id] : [])),
        )
      : null;
  const abilitiesOf = await taskBookAbilities(
    deps.db,
    caller,
    rows.map((r) => r.lesson_id),
  );
  return rows.map((row) => {
    const items = steps
      .filter((s) => s.task_book_id === row.id)
      .map((s) =>
        s.task_id !== null
          ? {
              kind: 'task' as const,
              id: s.task_id,
              title: s.task_title ?? '',
              done: done ? done.tasks.has(s.task_id) : null,
            }
          : {
              kind: 'chapter' as const,
              id: s.chapter_id!,
              title: s.chapter_title ?? '',
              done: done ? done.chapters.has(s.chapter_id!) : null,
            },
      );
    return {
      id: row.id,
      lesson_id: row.lesson_id,
      lesson_name: row.lesson_name,
      title: row.title,
      description: row.description,
      published: row.published === 1,
      published_at: row.published_at,
      updated_at: row.updated_at,
      progress: done ? { done: items.filter((i) => i.done).length, total: items.length } : null,
      abilities: abilitiesOf(row.lesson_id),
      items,
    };
  });
}

export async function taskBookList(
  deps: ServerDeps,
  caller: TeachingCaller,
  options: Parameters<typeof listTaskBooks>[2],
) {
  const { rows, totalCount } = await listTaskBooks(deps.db, caller, options);
  const books = await present(deps, caller, rows);
  return { data: books.map(({ items: _items, ...summary }) => summary), totalCount };
}

/** A parent's child's published task books, each with the child's progress. */
export async function childTaskBookList(
  deps: ServerDeps,
  caller: TeachingCaller,
  studentId: number,
  options: Omit<Parameters<typeof listTaskBooks>[2], 'studentId'>,
) {
  await assertGuardianOf(deps.db, caller, studentId);
  const { rows, totalCount } = await listTaskBooks(deps.db, caller, { ...options, studentId });
  const books = await present(deps, caller, rows, studentId);
  return { data: books.map(({ items: _items, ...summary }) => summary), totalCount };
}

async function readable(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const row = await readableTaskBook(deps.db, caller, id);
  if (!row) throw notFound('This task book does not exist.');
  return row;
}

export async function taskBookDetail(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<TaskBook> {
  const [book] = await present(deps, caller, [await readable(deps, caller, id)]);
  return book!;
}

async function checkedSteps(deps: ServerDeps, schoolId: number, lessonId: number, steps: Step[]) {
  assertStepsInLesson(steps, await stepsInLesson(deps.db, schoolId, lessonId, steps));
  return steps;
}

const notice = (id: number, title: string, nowIso: string) => ({
  title,
  entity: 'taskbook' as const,
  entityId: id,
  nowIso,
});

export async function createTaskBook(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  body: z.output<typeof taskBookCreateBody>,
): Promise<number> {
  await assertMayWriteLesson(deps.db, caller, body.lesson_id);
  const steps = await checkedSteps(deps, caller.schoolId, body.lesson_id, body.items);
  const nowIso = deps.now().toISOString();
  const [id, tell] = await deps.db.transaction().execute(async (trx) => {
    const id = await insertTaskBook(trx, {
      school_id: caller.schoolId,
      lesson_id: body.lesson_id,
      title: body.title,
      description: body.description ?? null,
      search_text: searchTextOf([body.title, body.description]),
      published: body.published ? 1 : 0,
      published_at: body.published ? nowIso : null,
      author_user_id: caller.userId,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await replaceSteps(trx, caller.schoolId, id, steps);
    const tell = await recordLessonResourceWrite(
      trx,
      deps.realtime,
      ctx,
      {
        schoolId: caller.schoolId,
        lessonId: body.lesson_id,
        action: 'create',
        entity: 'taskbook',
        entityId: id,
        firstPublished: body.published,
        notice: () => notice(id, body.title, nowIso),
      },
      nowIso,
    );
    return [id, tell] as const;
  });
  tell();
  return id;
}

async function writable(deps: ServerDeps, caller: TeachingCaller, id: number) {
  const book = await readable(deps, caller, id);
  await assertMayWriteLesson(deps.db, caller, book.lesson_id);
  return book;
}

export async function changeTaskBook(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
  body: z.output<typeof taskBookUpdateBody>,
): Promise<void> {
  const current = await writable(deps, caller, id);
  const steps = body.items
    ? await checkedSteps(deps, caller.schoolId, current.lesson_id, body.items)
    : null;
  const nowIso = deps.now().toISOString();
  const title = body.title ?? current.title;
  const description = body.description !== undefined ? body.description : current.description;
  const firstPublished = body.published === true && current.published_at === null;
  const tell = await deps.db.transaction().execute(async (trx) => {
    await updateTaskBook(trx, caller.schoolId, id, {
      title,
      description,
      search_text: searchTextOf([title, description]),
      ...publicationColumns(body.published, current.published_at, nowIso),
      updated_at: nowIso,
    });
    if (steps) await replaceSteps(trx, caller.schoolId, id, steps);
    return recordLessonResourceWrite(
      trx,
      deps.realtime,
      ctx,
      {
        schoolId: caller.schoolId,
        lessonId: current.lesson_id,
        action: 'update',
        entity: 'taskbook',
        entityId: id,
        detail: { fields: Object.keys(body) },
        firstPublished,
        notice: () => notice(id, title, nowIso),
      },
      nowIso,
    );
  });
  tell();
}

export async function removeTaskBook(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
) {
  await writable(deps, caller, id);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await deleteTaskBook(trx, caller.schoolId, id);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'delete', entity: 'taskbook', entityId: id },
      nowIso,
    );
  });
}

export async function taskBookProgress(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
  page: number,
  perPage: number,
) {
  assertMaySeeProgress(caller);
  const book = await readable(deps, caller, id);
  const steps = await stepsOf(deps.db, caller.schoolId, [id], false);
  const { rows, totalCount } = await studentsOfLesson(
    deps.db,
    caller.schoolId,
    book.lesson_id,
    page,
    perPage,
  );
  const done = await doneByStudents(
    deps.db,
    caller.schoolId,
    rows.map((r) => r.student_id),
    steps.flatMap((s) => (s.task_id !== null ? [s.task_id] : [])),
    steps.flatMap((s) => (s.chapter_id !== null ? [s.chapter_id] : [])),
  );
  const handedIn = new Set(done.tasks.map((d) => `${d.student_id}:${d.task_id}`));
  const read = new Set(done.chapters.map((d) => `${d.student_id}:${d.chapter_id}`));
  return {
    data: rows.map((r) => {
      // In the book's order, so that the table's columns and the list agree.
      const doneItems = steps.flatMap((s): Step[] =>
        s.task_id !== null
          ? handedIn.has(`${r.student_id}:${s.task_id}`)
            ? [{ kind: 'task', id: s.task_id }]
            : []
          : read.has(`${r.student_id}:${s.chapter_id}`)
            ? [{ kind: 'chapter', id: s.chapter_id! }]
            : [],
      );
      return {
        student_id: r.student_id,
        first_name: r.first_name,
        last_name: r.last_name,
        done: doneItems.length,
        total: steps.length,
        done_items: doneItems,
      };
    }),
    totalCount,
  };
}
