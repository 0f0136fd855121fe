import type { z } from 'zod';
import {
  quizEndpoints,
  type QuestionInput,
  type ShowResults,
  type quizCreateBody,
} from '../../../../shared/api/quizzes';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the quizzes area starts here, so one invalidation reaches them all. */
export const quizKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'quizzes'] as const,
  list: (scope: TeachingScope, lessonId: number | null, page: number) =>
    [...quizKeys.all(scope), 'list', lessonId, page] as const,
  one: (scope: TeachingScope, id: number) => [...quizKeys.all(scope), 'one', id] as const,
};

/** One page of quizzes, latest opening first. */
export const listQuizzes = async (
  scope: TeachingScope,
  page: { lessonId: number | null; page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(quizEndpoints.list, {
    params: at(scope),
    query: {
      page: page.page,
      per_page: page.perPage,
      lesson_id: page.lessonId ?? undefined,
      sort: 'opens_at',
      order: 'desc',
    },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const getQuiz = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(quizEndpoints.get, { params: { ...at(scope), id }, signal })).data;

/** The editor's state: numbers as typed, questions as the teacher writes them. */
export interface QuizDraft {
  title: string;
  opens_at: string;
  closes_at: string;
  time_limit_minutes: string;
  attempts_allowed: string;
  shuffle: boolean;
  show_results: ShowResults;
  published: boolean;
  questions: QuestionInput[];
}

const bodyOf = (draft: QuizDraft, withQuestions: boolean) => ({
  title: draft.title,
  opens_at: draft.opens_at,
  closes_at: draft.closes_at,
  time_limit_minutes: draft.time_limit_minutes.trim() === '' ? null : draft.time_limit_minutes,
  attempts_allowed: draft.attempts_allowed,
  shuffle: draft.shuffle,
  show_results: draft.show_results,
  published: draft.published,
  ...(withQuestions ? { questions: draft.questions } : {}),
});

export const createQuiz = async (scope: TeachingScope, lessonId: number, draft: QuizDraft) =>
  (
    await callEndpoint(quizEndpoints.create, {
      params: at(scope),
      body: { ...bodyOf(draft, true), lesson_id: lessonId } as z.input<typeof quizCreateBody>,
    })
  ).data;

/** Saves the quiz; its questions only while no student has started it. */
export const updateQuiz = async (
  scope: TeachingScope,
  id: number,
  draft: QuizDraft,
  withQuestions: boolean,
) =>
  (
    await callEndpoint(quizEndpoints.update, {
      params: { ...at(scope), id },
      body: bodyOf(draft, withQuestions),
    })
  ).data;

export const deleteQuiz = async (scope: TeachingScope, id: number) => {
  await callEndpoint(quizEndpoints.remove, { params: { ...at(scope), id } });
};
