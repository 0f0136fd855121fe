import {
  quizEndpoints,
  type Answer,
  type AttemptDetail,
  type QuizReview,
} from '../../../../shared/api/quizzes';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';
import { quizKeys } from './quizzesApi';

// Taking a quiz (students) and reviewing its attempts (teachers): the calls and their keys.

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

export const attemptKeys = {
  attempt: (scope: TeachingScope, quizId: number, attemptId: number) =>
    [...quizKeys.all(scope), 'attempt', quizId, attemptId] as const,
  review: (scope: TeachingScope, quizId: number) =>
    [...quizKeys.all(scope), 'review', quizId] as const,
};

/** A student's quizzes, every one at once (a student has a few per lesson), latest closing first. */
export const listStudentQuizzes = async (scope: TeachingScope, signal?: AbortSignal) =>
  (
    await callEndpoint(quizEndpoints.list, {
      params: at(scope),
      query: { page: 1, per_page: 100, sort: 'closes_at', order: 'desc' },
      signal,
    })
  ).data;

/** Starts an attempt, or resumes the open one with its saved answers. */
export const startAttempt = async (scope: TeachingScope, quizId: number): Promise<AttemptDetail> =>
  (await callEndpoint(quizEndpoints.start, { params: { ...at(scope), id: quizId } })).data;

export const getAttempt = async (
  scope: TeachingScope,
  quizId: number,
  attemptId: number,
  signal?: AbortSignal,
): Promise<AttemptDetail> =>
  (
    await callEndpoint(quizEndpoints.attempt, {
      params: { ...at(scope), id: quizId, attempt_id: attemptId },
      signal,
    })
  ).data;

export const saveAnswer = async (
  scope: TeachingScope,
  ids: { quizId: number; attemptId: number; questionId: number },
  answer: Answer,
) =>
  (
    await callEndpoint(quizEndpoints.answer, {
      params: {
        ...at(scope),
        id: ids.quizId,
        attempt_id: ids.attemptId,
        question_id: ids.questionId,
      },
      body: { answer },
    })
  ).data;

export const submitAttempt = async (scope: TeachingScope, quizId: number, attemptId: number) =>
  (
    await callEndpoint(quizEndpoints.submit, {
      params: { ...at(scope), id: quizId, attempt_id: attemptId },
    })
  ).data;

export const getReview = async (
  scope: TeachingScope,
  quizId: number,
  signal?: AbortSignal,
): Promise<QuizReview> =>
  (await callEndpoint(quizEndpoints.review, { params: { ...at(scope), id: quizId }, signal })).data;

export const scoreAnswer = async (
  scope: TeachingScope,
  ids: { quizId: number; attemptId: number; questionId: number },
  points: number,
) =>
  (
    await callEndpoint(quizEndpoints.score, {
      params: {
        ...at(scope),
        id: ids.quizId,
        attempt_id: ids.attemptId,
        question_id: ids.questionId,
      },
      body: { points },
    })
  ).data;
