import type { z } from 'zod';
import { gradeRecordEndpoints } from '../../../../shared/api/gradeRecords';
import {
  gradeEndpoints,
  type gradeCategoryBody,
  type gradeCategoryUpdateBody,
  type gradeItemBody,
  type gradeItemUpdateBody,
} from '../../../../shared/api/grades';
import { callEndpoint } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the gradebook starts here, so one invalidation reaches them all. */
export const gradeKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'grades'] as const,
  overview: (scope: TeachingScope) => [...gradeKeys.all(scope), 'overview'] as const,
  book: (scope: TeachingScope, lessonId: number, subPeriodId: number | null) =>
    [...gradeKeys.all(scope), 'book', lessonId, subPeriodId] as const,
  student: (scope: TeachingScope, lessonId: number, studentId: number) =>
    [...gradeKeys.all(scope), 'student', lessonId, studentId] as const,
  mine: (scope: TeachingScope, childId: number | null, subPeriodId: number | null) =>
    [...gradeKeys.all(scope), 'mine', childId, subPeriodId] as const,
};

export const listGradebooks = async (scope: TeachingScope, signal?: AbortSignal) =>
  (await callEndpoint(gradeRecordEndpoints.gradebooks, { params: at(scope), signal })).data;

export const getGradebook = async (
  scope: TeachingScope,
  lessonId: number,
  subPeriodId: number | null,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(gradeEndpoints.gradebook, {
      params: { ...at(scope), lesson_id: lessonId },
      query: subPeriodId === null ? {} : { sub_period_id: subPeriodId },
      signal,
    })
  ).data;

/** One value (and optionally its comment); answers the student's row with the new grade. */
export const saveEntry = async (
  scope: TeachingScope,
  ids: { lessonId: number; itemId: number; studentId: number },
  body: { value: number | null; comment?: string | null },
) =>
  (
    await callEndpoint(gradeEndpoints.setEntry, {
      params: {
        ...at(scope),
        lesson_id: ids.lessonId,
        item_id: ids.itemId,
        student_id: ids.studentId,
      },
      body,
    })
  ).data;

/** A pasted block: all values saved in one call, or none. */
export const saveEntries = async (
  scope: TeachingScope,
  lessonId: number,
  entries: { item_id: number; student_id: number; value: number | null }[],
) =>
  (
    await callEndpoint(gradeRecordEndpoints.setEntries, {
      params: { ...at(scope), lesson_id: lessonId },
      body: { entries },
    })
  ).data;

export const getStudentRecord = async (
  scope: TeachingScope,
  lessonId: number,
  studentId: number,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(gradeRecordEndpoints.studentRecord, {
      params: { ...at(scope), lesson_id: lessonId, student_id: studentId },
      signal,
    })
  ).data;

export const saveRemark = async (
  scope: TeachingScope,
  ids: { lessonId: number; studentId: number; subPeriodId: number },
  comment: string,
) =>
  (
    await callEndpoint(gradeRecordEndpoints.setRemark, {
      params: {
        ...at(scope),
        lesson_id: ids.lessonId,
        student_id: ids.studentId,
        sub_period_id: ids.subPeriodId,
      },
      body: { comment },
    })
  ).data;

/** A student's own grades, or (childId) a parent's child's. */
export const getStudentGrades = async (
  scope: TeachingScope,
  childId: number | null,
  subPeriodId: number | null,
  signal?: AbortSignal,
) => {
  const query = subPeriodId === null ? {} : { sub_period_id: subPeriodId };
  const answer =
    childId === null
      ? await callEndpoint(gradeEndpoints.myGrades, { params: at(scope), query, signal })
      : await callEndpoint(gradeEndpoints.childGrades, {
          params: { ...at(scope), student_id: childId },
          query,
          signal,
        });
  return answer.data;
};

// The gradebook's set-up: categories and the teacher's own items of a lesson's sub-period.

export const createCategory = async (
  scope: TeachingScope,
  lessonId: number,
  body: z.input<typeof gradeCategoryBody>,
) =>
  (
    await callEndpoint(gradeEndpoints.createCategory, {
      params: { ...at(scope), lesson_id: lessonId },
      body,
    })
  ).data;

export const updateCategory = async (
  scope: TeachingScope,
  ids: { lessonId: number; categoryId: number },
  body: z.input<typeof gradeCategoryUpdateBody>,
) =>
  (
    await callEndpoint(gradeEndpoints.updateCategory, {
      params: { ...at(scope), lesson_id: ids.lessonId, category_id: ids.categoryId },
      body,
    })
  ).data;

/** Deletes a category; its items move to `moveItemsTo`, or else stay without a category. */
export const removeCategory = async (
  scope: TeachingScope,
  ids: { lessonId: number; categoryId: number },
  moveItemsTo: number | null,
) => {
  await callEndpoint(gradeEndpoints.removeCategory, {
    params: { ...at(scope), lesson_id: ids.lessonId, category_id: ids.categoryId },
    query: moveItemsTo === null ? {} : { move_items_to: moveItemsTo },
  });
};

export const createItem = async (
  scope: TeachingScope,
  lessonId: number,
  body: z.input<typeof gradeItemBody>,
) =>
  (
    await callEndpoint(gradeEndpoints.createItem, {
      params: { ...at(scope), lesson_id: lessonId },
      body,
    })
  ).data;

export const updateItem = async (
  scope: TeachingScope,
  ids: { lessonId: number; itemId: number },
  body: z.input<typeof gradeItemUpdateBody>,
) =>
  (
    await callEndpoint(gradeEndpoints.updateItem, {
      params: { ...at(scope), lesson_id: ids.lessonId, item_id: ids.itemId },
      body,
    })
  ).data;

/** Deletes one of the teacher's items with every value entered on it. */
export const removeItem = async (
  scope: TeachingScope,
  ids: { lessonId: number; itemId: number },
) => {
  await callEndpoint(gradeEndpoints.removeItem, {
    params: { ...at(scope), lesson_id: ids.lessonId, item_id: ids.itemId },
  });
};
