import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacters } from './control-characters';
import { sendError } from './envelope';
import { ApiError, validationError } from './errors';

// The one edge where malformed input is refused, before any route sees it, so that SQLite
// and PostgreSQL answer the same 400 (PostgreSQL text cannot hold NUL, its integer columns
// end at 2^31-1; SQLite accepts both and would answer differently).

/** Ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * JSON deeper than this is refused at parse time: no form nests beyond a few levels, and
 * deeper values overflow the stack of whatever walks them later (validation, stringify).
 */
export const MAX_JSON_DEPTH = 32;

const isApiUrl = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Why a raw /api path is refused, or null: empty, `.` or `..` segments, encoded slashes, bad escapes. */
export function pathProblem(rawPath: string): string | null {
  const segments = rawPath.split('/').slice(1);
  // A trailing slash is tolerated (ignoreTrailingSlash); any other empty segment is not.
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  for (const segment of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'The address contains a malformed percent-encoding.';
    }
    if (decoded === '') return 'The address contains an empty segment (//).';
    if (decoded === '.' || decoded === '..')
      return 'The address contains a "." or ".." segment; call the API with its plain path.';
    if (decoded.includes('/') || decoded.includes('\\'))
      return 'The address contains an encoded slash.';
    if (hasControlCharacters(decoded)) return 'The address contains control characters.';
  }
  return null;
}

/** Why a raw query string is refused, or null: bad escapes and control characters. */
export function queryProblem(rawQuery: string): string | null {
  for (const pair of rawQuery.split('&')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      return 'The query string contains a malformed percent-encoding.';
    }
    if (hasControlCharacters(decoded)) return 'The query string contains control characters.';
  }
  return null;
}

function paramsProblem(params: unknown): ApiError | null {
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && /^\d+$/.test(value) && Number(value) > MAX_ID)
      return validationError({ [name]: 'This id does not exist' }, `The ${name} is out of range.`);
  }
  return null;
}

/**
 * The mockinguserid header names an account id: a number beyond the id range would reach the
 * database (where PostgreSQL fails on it and SQLite does not), so it is refused here.
 */
function impersonationProblem(request: FastifyRequest): ApiError | null {
  const header = request.headers.mockinguserid;
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).trim();
  if (/^\d+$/.test(text) && Number(text) > MAX_ID)
    return validationError(
      { mockinguserid: 'This is not a user id' },
      'The mockinguserid header is not a user id.',
    );
  return null;
}

/**
 * Walks a parsed JSON value (its depth is already bounded) and names the first problem: a
 * string with control characters, or a key that would reach an object's prototype.
 */
function jsonValueProblem(value: unknown, path: string): string | null {
  if (typeof value === 'string')
    return hasControlCharacters(value)
      ? `${path || 'The body'} contains control characters.`
      : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = jsonValueProblem(value[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '__proto__' || (key === 'constructor' && item && typeof item === 'object'))
        return `The key "${key}" is not accepted.`;
      if (hasControlCharacters(key)) return 'A key of the body contains control characters.';
      const problem = jsonValueProblem(item, path ? `${path}.${key}` : key);
      if (problem) return problem;
    }
  }
  return null;
}

/** The nesting depth of a JSON text, counted without parsing (strings are skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Parses a JSON body: bounded depth, no control characters in strings, no prototype keys. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new ApiError('validation', 'The request body is empty.');
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new ApiError(
      'validation',
      `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('validation', 'The request body is not valid JSON.');
  }
  const problem = jsonValueProblem(value, '');
  if (problem) throw new ApiError('validation', problem);
  return value;
}

/**
 * Installs the guards: a JSON parser of our own, and an onRequest check of the path, its
 * parameters, the query string and the impersonation header of every /api request. Register
 * it before CORS, so that a bare OPTIONS is answered in the envelope too.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (
      _request: FastifyRequest,
      body: string | Buffer,
      done: (e: Error | null, v?: unknown) => void,
    ) => {
      try {
        done(null, parseJsonBody(String(body)));
      } catch (error) {
        done(error as Error);
      }
    },
  );

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    if (!isApiUrl(url)) return;
    const queryStart = url.indexOf('?');
    const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const problem =
      pathProblem(rawPath) ?? (queryStart === -1 ? null : queryProblem(url.slice(queryStart + 1)));
    if (problem) return sendError(reply, new ApiError('validation', problem));
    const refused = paramsProblem(request.params) ?? impersonationProblem(request);
    if (refused) return sendError(reply, refused);
    // A CORS preflight names its origin and method; a bare OPTIONS is not one, and would
    // otherwise get a plain-text answer from the CORS plugin.
    if (
      request.method === 'OPTIONS' &&
      (!request.headers.origin || !request.headers['access-control-request-method'])
    )
      return sendError(
        reply,
        new ApiError(
          'validation',
          'OPTIONS is only answered as a CORS preflight (with Origin and Access-Control-Request-Method).',
        ),
      );
  });
}
