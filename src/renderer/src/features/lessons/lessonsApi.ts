import { fileEndpoints } from '../../../../shared/api/files';
import type { z } from 'zod';
import {
  lessonEndpoints,
  type templateChapterBody,
  type templateTaskBody,
} from '../../../../shared/api/lessons';
import { callEndpoint, getApiBaseUrl } from '../../api/client';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the lesson page and templates starts here, so one invalidation reaches them all. */
export const lessonKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'lesson-page'] as const,
  files: (scope: TeachingScope, lessonId: number, page: number) =>
    [...lessonKeys.all(scope), 'files', lessonId, page] as const,
  material: (scope: TeachingScope, templateId: number) =>
    [...lessonKeys.all(scope), 'template', templateId] as const,
};

/** One page of the files of a lesson the caller may see (material, and work handed in). */
export const listLessonFiles = async (
  scope: TeachingScope,
  lessonId: number,
  page: { page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(fileEndpoints.list, {
    params: at(scope),
    query: { lesson_id: lessonId, page: page.page, per_page: page.perPage },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

/** A template with its chapters and tasks. */
export const getTemplateMaterial = async (
  scope: TeachingScope,
  templateId: number,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(lessonEndpoints.templateMaterial, {
      params: { ...at(scope), id: templateId },
      signal,
    })
  ).data;

export interface LessonFromTemplateDraft {
  name: string;
  /** YYYY-MM-DD, or empty for today. */
  startDate: string;
}

export const createLessonFromTemplate = async (
  scope: TeachingScope,
  templateId: number,
  draft: LessonFromTemplateDraft,
) =>
  (
    await callEndpoint(lessonEndpoints.createFromTemplate, {
      params: { ...at(scope), id: templateId },
      body: { name: draft.name, start_date: draft.startDate || undefined },
    })
  ).data;

/** A file's signed link (relative to the API's origin) as an address the browser opens. */
export function signedFileHref(url: string): string {
  return new URL(url, new URL(getApiBaseUrl(), window.location.href)).href;
}

/** A lesson's chapters and tasks saved as a new template of the school. */
export const saveLessonAsTemplate = async (
  scope: TeachingScope,
  lessonId: number,
  draft: { name: string; durationMinutes: string },
) =>
  (
    await callEndpoint(lessonEndpoints.saveAsTemplate, {
      params: { ...at(scope), id: lessonId },
      body: {
        name: draft.name,
        duration_minutes: draft.durationMinutes ? Number(draft.durationMinutes) : undefined,
      },
    })
  ).data;

/** A template's chapter or task, as its own endpoints name it. */
export type TemplateItemKind = 'chapter' | 'task';

const templateItemEndpoints = {
  chapter: {
    read: lessonEndpoints.templateChapter,
    update: lessonEndpoints.updateTemplateChapter,
    remove: lessonEndpoints.removeTemplateChapter,
  },
  task: {
    read: lessonEndpoints.templateTask,
    update: lessonEndpoints.updateTemplateTask,
    remove: lessonEndpoints.removeTemplateTask,
  },
};

const itemParams = (scope: TeachingScope, itemId: number) => ({ ...at(scope), id: itemId });

export const getTemplateChapter = async (
  scope: TeachingScope,
  itemId: number,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(templateItemEndpoints.chapter.read, {
      params: itemParams(scope, itemId),
      signal,
    })
  ).data;

export const getTemplateTask = async (scope: TeachingScope, itemId: number, signal?: AbortSignal) =>
  (
    await callEndpoint(templateItemEndpoints.task.read, {
      params: itemParams(scope, itemId),
      signal,
    })
  ).data;

export const updateTemplateChapter = async (
  scope: TeachingScope,
  itemId: number,
  body: z.input<typeof templateChapterBody>,
) =>
  (
    await callEndpoint(templateItemEndpoints.chapter.update, {
      params: itemParams(scope, itemId),
      body,
    })
  ).data;

export const updateTemplateTask = async (
  scope: TeachingScope,
  itemId: number,
  body: z.input<typeof templateTaskBody>,
) =>
  (
    await callEndpoint(templateItemEndpoints.task.update, {
      params: itemParams(scope, itemId),
      body,
    })
  ).data;

export const removeTemplateItem = async (
  scope: TeachingScope,
  kind: TemplateItemKind,
  itemId: number,
) => {
  await callEndpoint(templateItemEndpoints[kind].remove, {
    params: itemParams(scope, itemId),
  });
};
