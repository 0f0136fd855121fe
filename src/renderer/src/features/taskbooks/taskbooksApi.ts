import { chapterEndpoints } from '../../../../shared/api/chapters';
import { taskEndpoints } from '../../../../shared/api/tasks';
import { taskBookEndpoints } from '../../../../shared/api/taskbooks';
import { LIST_MAX_PAGE_SIZE } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the task books area starts here, so one invalidation reaches them all. */
export const taskBookKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'taskbooks'] as const,
  list: (scope: TeachingScope, lessonId: number | null, page: number) =>
    [...taskBookKeys.all(scope), 'list', lessonId, page] as const,
  one: (scope: TeachingScope, id: number) => [...taskBookKeys.all(scope), 'one', id] as const,
  progress: (scope: TeachingScope, id: number, page: number) =>
    [...taskBookKeys.all(scope), 'progress', id, page] as const,
  steps: (scope: TeachingScope, lessonId: number) =>
    [...taskBookKeys.all(scope), 'steps', lessonId] as const,
  child: (scope: TeachingScope, studentId: number, page: number) =>
    [...taskBookKeys.all(scope), 'child', studentId, page] as const,
};

/** One step of a book as the form holds it. */
export interface StepDraft {
  kind: 'task' | 'chapter';
  id: number;
  title: string;
}

export interface TaskBookDraft {
  title: string;
  description: string;
  published: boolean;
  items: StepDraft[];
}

/** One page of task books, by title, optionally of one lesson. */
export const listTaskBooks = async (
  scope: TeachingScope,
  { lessonId, page, perPage }: { lessonId: number | null; page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(taskBookEndpoints.list, {
    params: at(scope),
    query: { page, per_page: perPage, lesson_id: lessonId ?? undefined },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

/** A parent's child's task books with the child's progress. */
export const listChildTaskBooks = async (
  scope: TeachingScope,
  studentId: number,
  { page, perPage }: { page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(taskBookEndpoints.childList, {
    params: { ...at(scope), id: studentId },
    query: { page, per_page: perPage },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const getTaskBook = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(taskBookEndpoints.get, { params: { ...at(scope), id }, signal })).data;

const bodyOf = (draft: TaskBookDraft) => ({
  title: draft.title,
  description: draft.description.trim() ? draft.description : null,
  published: draft.published,
  items: draft.items.map(({ kind, id }) => ({ kind, id })),
});

export const createTaskBook = async (
  scope: TeachingScope,
  lessonId: number,
  draft: TaskBookDraft,
) =>
  (
    await callEndpoint(taskBookEndpoints.create, {
      params: at(scope),
      body: { lesson_id: lessonId, ...bodyOf(draft) },
    })
  ).data;

export const updateTaskBook = async (scope: TeachingScope, id: number, draft: TaskBookDraft) =>
  (
    await callEndpoint(taskBookEndpoints.update, {
      params: { ...at(scope), id },
      body: bodyOf(draft),
    })
  ).data;

export const deleteTaskBook = async (scope: TeachingScope, id: number) => {
  await callEndpoint(taskBookEndpoints.remove, { params: { ...at(scope), id } });
};

/** One page of the lesson's students with the steps each has done. */
export const getTaskBookProgress = async (
  scope: TeachingScope,
  id: number,
  { page, perPage }: { page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(taskBookEndpoints.progress, {
    params: { ...at(scope), id },
    query: { page, per_page: perPage },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

/**
 * What a book of this lesson may hold: the lesson's tasks and chapters (drafts too, for the
 * teacher). A lesson has tens of them; the first page of the largest size holds them.
 */
export const listLessonSteps = async (
  scope: TeachingScope,
  lessonId: number,
  signal?: AbortSignal,
): Promise<StepDraft[]> => {
  const [tasks, chapters] = await Promise.all([
    callEndpoint(taskEndpoints.list, {
      params: at(scope),
      query: {
        lesson_id: lessonId,
        per_page: LIST_MAX_PAGE_SIZE,
        page: 1,
        sort: 'due_at',
        order: 'asc',
      },
      signal,
    }),
    callEndpoint(chapterEndpoints.list, {
      params: at(scope),
      query: { lesson_id: lessonId, per_page: LIST_MAX_PAGE_SIZE, page: 1 },
      signal,
    }),
  ]);
  return [
    ...chapters.data.map((c) => ({ kind: 'chapter' as const, id: c.id, title: c.title })),
    ...tasks.data.map((t) => ({ kind: 'task' as const, id: t.id, title: t.title })),
  ];
};
