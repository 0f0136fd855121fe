import { API_TIMEOUT_MS, apiToken } from './api';

/** A JSON call as a signed-in user, for test set-up and for checking what was stored. */
export async function apiCall<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T; totalCount?: number }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Token: token,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const envelope = (await response.json()) as { data: T; totalCount?: number };
  return { status: response.status, data: envelope.data, totalCount: envelope.totalCount };
}

export const tokenOf = apiToken;
