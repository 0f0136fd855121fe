import {
  fileEndpoints,
  type FileEntity,
  type FileRef,
  type UploadEntity,
} from '../../../../shared/api/files';
import type { ApiEnvelope } from '../../../../shared/api';
import { ApiError } from '../../api/apiError';
import { callEndpoint, getApiBaseUrl } from '../../api/client';
import { transferHeaders, urlOf } from '../../api/fileTransfer';
import type { TeachingScope } from '../chapters/chaptersApi';

const at = (scope: TeachingScope) => ({ school_id: scope.schoolId, role: scope.role });

export type FilesQuery = {
  page: number;
  per_page: number;
  type?: FileEntity;
  entity_id?: number;
  lesson_id?: number;
  search?: string;
};

/** Every query key of the files list starts here. */
export const fileKeys = {
  all: (scope: TeachingScope) => ['schools', scope.schoolId, scope.role, 'files'] as const,
  list: (scope: TeachingScope, query: FilesQuery) =>
    [...fileKeys.all(scope), 'list', query] as const,
};

export const listFiles = async (scope: TeachingScope, query: FilesQuery, signal?: AbortSignal) => {
  const answer = await callEndpoint(fileEndpoints.list, { params: at(scope), query, signal });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

export const deleteFile = async (scope: TeachingScope, id: number) => {
  await callEndpoint(fileEndpoints.remove, { params: { ...at(scope), id } });
};

/**
 * A file's signed link as the browser opens it: the server answers `/api/files/…`, and the
 * desktop app talks to a server elsewhere.
 */
export function fileLink(url: string): string {
  return url.startsWith('/api/') ? `${getApiBaseUrl()}${url.slice('/api'.length)}` : url;
}

export const isImage = (file: Pick<FileRef, 'content_type'>) =>
  /^image\/(png|jpeg|gif|webp)$/.test(file.content_type);

/**
 * Uploads one file to a chapter, task or (the student's own) submission, reporting progress
 * from 0 to 1. fetch() cannot report an upload's progress, so this one call uses XHR.
 */
export async function uploadAttachment(
  scope: TeachingScope,
  target: { type: UploadEntity; entityId: number },
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileRef> {
  const path = `/schools/${scope.schoolId}/${scope.role}/files`;
  const headers = await transferHeaders(path);
  const body = new FormData();
  body.append('type', target.type);
  body.append('entity_id', String(target.entityId));
  body.append('file_type', 'file');
  body.append('file', file, file.name);
  return new Promise<FileRef>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', urlOf(path));
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(ApiError.network());
    request.onabort = () => reject(ApiError.network());
    request.onload = () => {
      let envelope: ApiEnvelope<FileRef>;
      try {
        envelope = JSON.parse(request.responseText) as ApiEnvelope<FileRef>;
      } catch {
        reject(ApiError.network());
        return;
      }
      if (envelope.status === 'ok') resolve(envelope.data);
      else reject(ApiError.fromEnvelope(envelope, request.status));
    };
    signal?.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}

/** A size as people read it: "820 B", "12 KB", "3.4 MB", in the language's number format. */
export function formatFileSize(bytes: number, language: string): string {
  const units = [
    ['byte', 1],
    ['kilobyte', 1024],
    ['megabyte', 1024 ** 2],
    ['gigabyte', 1024 ** 3],
  ] as const;
  const [unit, size] = [...units].reverse().find(([, s]) => bytes >= s) ?? units[0];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: size === 1 ? 0 : 1,
  }).format(bytes / size);
}
