import type { ApiEnvelope, Endpoint } from '../../../shared/api';
import type { z } from 'zod';
import { READ_TIMEOUT_MS } from '../../../shared/constants';
import { ApiError, endsSession } from './apiError';

export interface ApiClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  getWhiteLabel: () => string | null;
  /** The impersonated user's id, sent on school calls only. */
  getMockedUserId: () => number | null;
  onSessionEnd: () => void;
}

let config: ApiClientConfig = {
  baseUrl: '/api',
  getToken: () => null,
  getWhiteLabel: () => null,
  getMockedUserId: () => null,
  onSessionEnd: () => undefined,
};

export function configureApiClient(change: Partial<ApiClientConfig>): void {
  config = { ...config, ...change };
}

export const getApiBaseUrl = () => config.baseUrl;

/**
 * The session a screen's own socket speaks for (the chat room's), read from the client's
 * configuration so that the screen does not load the stored-state atoms.
 */
export const socketSession = () => ({
  token: config.getToken(),
  impersonating: config.getMockedUserId() !== null,
});

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an `Idempotency-Key` for a payment). */
  headers?: Record<string, string>;
}

export interface ApiResult<T> {
  data: T;
  totalCount?: number;
}

/** The headers of every call: token, white-label, the impersonated user on school calls. */
function requestHeaders(path: string, json: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = config.getToken();
  if (token) headers.Token = token;
  const whiteLabel = config.getWhiteLabel();
  if (whiteLabel) headers.whitelabel = whiteLabel;
  const mockedUserId = config.getMockedUserId();
  if (mockedUserId !== null && path.startsWith('/schools/'))
    headers.mockinguserid = String(mockedUserId);
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * POSTs JSON to a call that answers with a streamed text body (the assistant's answers),
 * handing each piece to `onText` as it arrives. A refusal comes as the usual envelope and is
 * thrown as an ApiError (ending the session on 401).
 */
export async function streamText(
  path: string,
  body: unknown,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const headers = requestHeaders(path, true);
  let response: Response;
  try {
    response = await fetch(new URL(`${config.baseUrl}${path}`, window.location.origin), {
      method: 'POST',
      headers: { ...headers, Accept: 'text/plain, application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network();
  }
  if (!response.ok || !response.body) {
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    const error =
      envelope?.status === 'error'
        ? ApiError.fromEnvelope(envelope, response.status)
        : ApiError.network();
    if (headers.Token && endsSession(error)) config.onSessionEnd();
    throw error;
  }
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) onText(text);
  }
  const rest = decoder.decode();
  if (rest) onText(rest);
}

/** Calls the API and unwraps the envelope; throws ApiError (and ends the session on 401). */
export async function apiRequest<T>(
  method: Endpoint['method'],
  path: string,
  { query, body, signal, headers: extraHeaders }: RequestOptions = {},
): Promise<ApiResult<T>> {
  const url = new URL(`${config.baseUrl}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers = { ...extraHeaders, ...requestHeaders(path, body !== undefined) };
  const token = headers.Token;

  // Reads time out (spec §9); writes may legitimately take long and have no client time-out.
  const signals = [signal, method === 'GET' ? AbortSignal.timeout(READ_TIMEOUT_MS) : undefined];
  const active = signals.filter((s): s is AbortSignal => s !== undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: active.length ? AbortSignal.any(active) : undefined,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network();
  }

  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (envelope?.status === 'ok') return { data: envelope.data, totalCount: envelope.totalCount };

  const error = envelope
    ? ApiError.fromEnvelope(envelope, response.status)
    : response.status === 401
      ? new ApiError('login_required', 'login_required', 401)
      : ApiError.network();
  if (token && endsSession(error)) config.onSessionEnd();
  throw error;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: Input<E['query']> & RequestOptions['query'];
  body?: Input<E['body']>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * An endpoint's method and path without its schemas. The shared table's schemas bring zod with
 * them; code on the sign-in path calls through these so that it does not load zod (see
 * accountRoutes.ts). `schemas` is never set: it only carries the endpoint's types.
 */
export interface EndpointRoute<E extends Endpoint> {
  method: E['method'];
  path: E['path'];
  readonly schemas?: E;
}

/** Calls an endpoint by method and path, filling its `:params` into the path. */
export async function callRoute<E extends Endpoint>(
  route: EndpointRoute<E>,
  options: CallOptions<E> = {},
): Promise<ApiResult<z.output<E['response']>>> {
  const path = route.path.replace(/:([a-z_]+)/g, (_match, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  return apiRequest(route.method, path, options);
}

/** Calls an endpoint of the shared table, filling its `:params` into the path. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ApiResult<z.output<E['response']>>> {
  return callRoute<E>(endpoint, options);
}
