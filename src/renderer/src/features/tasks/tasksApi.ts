import { taskEndpoints, type Task } from '../../../../shared/api/tasks';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the tasks area starts here, so one invalidation reaches them all. */
export const taskKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'tasks'] as const,
  list: (scope: TeachingScope, lessonId: number | null, page: number) =>
    [...taskKeys.all(scope), 'list', lessonId, page] as const,
  one: (scope: TeachingScope, id: number) => [...taskKeys.all(scope), 'one', id] as const,
  submissions: (scope: TeachingScope, id: number) =>
    [...taskKeys.all(scope), 'submissions', id] as const,
  child: (scope: TeachingScope, studentId: number, page: number) =>
    [...taskKeys.all(scope), 'child', studentId, page] as const,
};

interface Page {
  lessonId?: number | null;
  page: number;
  perPage: number;
}

/** One page of tasks, latest due first (what is due now matters more than what was). */
export const listTasks = async (scope: TeachingScope, at_: Page, signal?: AbortSignal) => {
  const answer = await callEndpoint(taskEndpoints.list, {
    params: at(scope),
    query: {
      page: at_.page,
      per_page: at_.perPage,
      lesson_id: at_.lessonId ?? undefined,
      sort: 'due_at',
      order: 'desc',
    },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

/** A parent's view of one child's tasks with state and grade. */
export const listChildTasks = async (
  scope: TeachingScope,
  studentId: number,
  at_: Page,
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(taskEndpoints.childTasks, {
    params: { ...at(scope), id: studentId },
    query: { page: at_.page, per_page: at_.perPage, sort: 'due_at', order: 'desc' },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const getTask = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(taskEndpoints.get, { params: { ...at(scope), id }, signal })).data;

export interface TaskDraft {
  title: string;
  /** The editor's JSON text. */
  description: string | null;
  open_at: string;
  due_at: string;
  points: string;
  accept_late: boolean;
  published: boolean;
}

const bodyOf = (draft: TaskDraft) => ({
  title: draft.title,
  description: draft.description
    ? (JSON.parse(draft.description) as Task['description'])
    : undefined,
  open_at: draft.open_at || undefined,
  due_at: draft.due_at,
  points: draft.points,
  accept_late: draft.accept_late,
  published: draft.published,
});

export const createTask = async (scope: TeachingScope, lessonId: number, draft: TaskDraft) =>
  (
    await callEndpoint(taskEndpoints.create, {
      params: at(scope),
      body: { ...bodyOf(draft), lesson_id: lessonId },
    })
  ).data;

export const updateTask = async (scope: TeachingScope, id: number, draft: TaskDraft) =>
  (await callEndpoint(taskEndpoints.update, { params: { ...at(scope), id }, body: bodyOf(draft) }))
    .data;

export const deleteTask = async (scope: TeachingScope, id: number) => {
  await callEndpoint(taskEndpoints.remove, { params: { ...at(scope), id } });
};

/** Every student of the task's lesson with their work (a lesson holds at most a hundred or so). */
export const listSubmissions = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (
    await callEndpoint(taskEndpoints.submissions, {
      params: { ...at(scope), id },
      query: { page: 1, per_page: 100 },
      signal,
    })
  ).data;

export interface Grading {
  points?: number | null;
  feedback?: string | null;
  returned?: boolean;
}

export const gradeSubmission = async (
  scope: TeachingScope,
  taskId: number,
  submissionId: number,
  grading: Grading,
) =>
  (
    await callEndpoint(taskEndpoints.grade, {
      params: { ...at(scope), id: taskId, submission_id: submissionId },
      body: grading,
    })
  ).data;

/** The student saves a draft (submit false) or hands the work in (submit true). */
export const saveSubmission = async (
  scope: TeachingScope,
  taskId: number,
  text: string,
  submit: boolean,
) =>
  (
    await callEndpoint(taskEndpoints.submit, {
      params: { ...at(scope), id: taskId },
      body: { text, submit },
    })
  ).data;
