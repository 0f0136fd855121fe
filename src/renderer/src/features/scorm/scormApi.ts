import type { ApiEnvelope } from '../../../../shared/api';
import {
  scormEndpoints,
  type LearnerStanding,
  type ScormPackage,
} from '../../../../shared/api/scorm';
import { ApiError } from '../../api/apiError';
import { callEndpoint } from '../../api/client';
import { transferHeaders, urlOf } from '../../api/fileTransfer';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

/** Every query key of the SCORM area starts here, so one invalidation reaches them all. */
export const scormKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'scorm'] as const,
  list: (scope: TeachingScope, lessonId: number | null, studentId: number | null, page: number) =>
    [...scormKeys.all(scope), 'list', lessonId, studentId, page] as const,
  one: (scope: TeachingScope, id: number) => [...scormKeys.all(scope), 'one', id] as const,
  learners: (scope: TeachingScope, id: number) =>
    [...scormKeys.all(scope), 'learners', id] as const,
};

export const listPackages = async (
  scope: TeachingScope,
  query: { lessonId: number | null; studentId?: number | null; page: number; perPage: number },
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(scormEndpoints.list, {
    params: at(scope),
    query: {
      page: query.page,
      per_page: query.perPage,
      lesson_id: query.lessonId ?? undefined,
      student_id: query.studentId ?? undefined,
      sort: 'created_at',
      order: 'desc',
    },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const getPackage = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(scormEndpoints.get, { params: { ...at(scope), id }, query: {}, signal }))
    .data;

export const updatePackage = async (
  scope: TeachingScope,
  id: number,
  body: { title?: string; in_gradebook?: boolean },
) => (await callEndpoint(scormEndpoints.update, { params: { ...at(scope), id }, body })).data;

export const deletePackage = async (scope: TeachingScope, id: number) =>
  callEndpoint(scormEndpoints.remove, { params: { ...at(scope), id } });

export const launchPackage = async (scope: TeachingScope, id: number) =>
  (await callEndpoint(scormEndpoints.launch, { params: { ...at(scope), id } })).data;

export const commitAttempt = async (
  scope: TeachingScope,
  id: number,
  attemptId: number,
  cmi: Record<string, unknown>,
): Promise<LearnerStanding> =>
  (
    await callEndpoint(scormEndpoints.commit, {
      params: { ...at(scope), id, attempt_id: attemptId },
      body: { cmi },
    })
  ).data;

export const listLearners = async (scope: TeachingScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(scormEndpoints.learners, { params: { ...at(scope), id }, signal })).data;

/** Uploads a package zip (multipart, like the files area's uploads). */
export async function uploadPackage(
  scope: TeachingScope,
  fields: { lessonId: number; title: string },
  file: File,
): Promise<ScormPackage> {
  const path = `/schools/${scope.schoolId}/${scope.role}/scorm`;
  const body = new FormData();
  body.append('lesson_id', String(fields.lessonId));
  if (fields.title.trim()) body.append('title', fields.title.trim());
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(path), {
      method: 'POST',
      headers: await transferHeaders(path),
      body,
    });
  } catch {
    throw ApiError.network();
  }
  let envelope: ApiEnvelope<ScormPackage>;
  try {
    envelope = (await response.json()) as ApiEnvelope<ScormPackage>;
  } catch {
    throw ApiError.network();
  }
  if (envelope.status === 'ok') return envelope.data;
  throw ApiError.fromEnvelope(envelope, response.status);
}
