import type { ApiEnvelope } from '../../../shared/api';
import { getApiBaseUrl } from './client';
import { ApiError } from './apiError';

// The API client speaks JSON only; exports (files) and uploads (multipart) go through here with
// the same session and impersonation headers.

/** The session and impersonation headers of a call to `path`. */
export async function transferHeaders(path: string): Promise<Record<string, string>> {
  // Loaded on use: the atoms read localStorage when their module loads, and the route tables
  // that lead here are also loaded by unit tests without a browser.
  const { appStore, impersonationAtom, tokenAtom } = await import('../app/state/atoms');
  const result: Record<string, string> = {};
  const token = appStore.get(tokenAtom);
  if (token) result.Token = token;
  const mocked = appStore.get(impersonationAtom)?.userId;
  if (mocked !== undefined && path.startsWith('/schools/')) result.mockinguserid = String(mocked);
  return result;
}

/** The absolute address of an API path with its query. */
export const urlOf = (path: string, query: Record<string, string | number | undefined> = {}) => {
  const url = new URL(`${getApiBaseUrl()}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
};

async function failure(response: Response): Promise<ApiError> {
  try {
    const envelope = (await response.json()) as ApiEnvelope<unknown>;
    if (envelope.status === 'error') return ApiError.fromEnvelope(envelope, response.status);
  } catch {
    // not JSON: fall through
  }
  return ApiError.network();
}

/** Downloads a file the API answers with; returns its name (from Content-Disposition) and bytes. */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<{ name: string; data: Uint8Array; type: string }> {
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), { headers: await transferHeaders(path) });
  } catch {
    throw ApiError.network();
  }
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  return {
    name,
    data: new Uint8Array(await response.arrayBuffer()),
    type: response.headers.get('Content-Type') ?? 'application/octet-stream',
  };
}

/** Sends a file as multipart field "file" and unwraps the envelope. */
export async function uploadFile<T>(
  path: string,
  file: File,
  query: Record<string, string | number | undefined> = {},
): Promise<T> {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      method: 'POST',
      headers: await transferHeaders(path),
      body,
    });
  } catch {
    throw ApiError.network();
  }
  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    throw ApiError.network();
  }
  if (envelope.status === 'ok') return envelope.data;
  throw ApiError.fromEnvelope(envelope, response.status);
}
