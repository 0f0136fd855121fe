import { chapterEndpoints, type Chapter } from '../../../../shared/api/chapters';
import type { Role } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';

export interface TeachingScope {
  schoolId: number;
  role: Role;
}

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the chapters area starts here, so one invalidation reaches them all. */
export const chapterKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'chapters'] as const,
  list: (scope: TeachingScope, lessonId: number | null, page: number) =>
    [...chapterKeys.all(scope), 'list', lessonId, page] as const,
  one: (scope: TeachingScope, id: number) => [...chapterKeys.all(scope), 'one', id] as const,
};

/** One page of chapters, in the teacher's order, optionally of one lesson. */
export const listChapters = async (
  scope: TeachingScope,
  { lessonId, page, perPage }: { lessonId: number | null; page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(chapterEndpoints.list, {
    params: at(scope),
    query: { page, per_page: perPage, lesson_id: lessonId ?? undefined },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const getChapter = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(chapterEndpoints.get, { params: { ...at(scope), id }, signal })).data;

export interface ChapterDraft {
  title: string;
  published: boolean;
  /** The editor's JSON text. */
  content: string | null;
}

const contentOf = (json: string | null): Chapter['content'] | undefined =>
  json ? (JSON.parse(json) as Chapter['content']) : undefined;

export const createChapter = async (scope: TeachingScope, lessonId: number, draft: ChapterDraft) =>
  (
    await callEndpoint(chapterEndpoints.create, {
      params: at(scope),
      body: {
        lesson_id: lessonId,
        title: draft.title,
        published: draft.published,
        content: contentOf(draft.content),
      },
    })
  ).data;

export const updateChapter = async (scope: TeachingScope, id: number, draft: ChapterDraft) =>
  (
    await callEndpoint(chapterEndpoints.update, {
      params: { ...at(scope), id },
      body: { title: draft.title, published: draft.published, content: contentOf(draft.content) },
    })
  ).data;

export const deleteChapter = async (scope: TeachingScope, id: number) => {
  await callEndpoint(chapterEndpoints.remove, { params: { ...at(scope), id } });
};

/** A student has opened the chapter (the study guide counts it done). */
export const markChapterRead = async (scope: TeachingScope, id: number) =>
  (await callEndpoint(chapterEndpoints.markRead, { params: { ...at(scope), id } })).data;
