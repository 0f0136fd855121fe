import type { SchoolEntry } from '../../../src/shared/api';
import { DEMO_PASSWORD } from './browser';

/** Set-up calls fail with a clear error rather than holding a hook until its own time-out. */
export const API_TIMEOUT_MS = 20_000;

/** Signs in over HTTP (for test set-up only; the tests themselves sign in through the screen). */
export async function apiToken(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username,
      password: DEMO_PASSWORD,
      platform: 'web',
      remember_me: false,
    }),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token)
    throw new Error(`demo sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: { Token: token },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const body = (await response.json()) as { status: string; data: T };
  if (body.status !== 'ok') throw new Error(`GET ${path} failed: ${JSON.stringify(body)}`);
  return body.data;
}

export async function schoolEntries(baseUrl: string, username: string): Promise<SchoolEntry[]> {
  return apiGet<SchoolEntry[]>(baseUrl, await apiToken(baseUrl, username), '/account/schools');
}
