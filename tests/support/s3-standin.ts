import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small S3-compatible server for the tests, in-process on a loopback port: path-style
// buckets, PutObject, GetObject, HeadObject, DeleteObject, HeadBucket, ListObjectsV2 and
// DeleteObjects, in memory. Every request must carry a valid AWS Signature Version 4 (checked
// here with node:crypto, independently of the client's signer): a wrong key, secret, region or
// a body changed after signing is refused as S3 refuses it.

export interface S3StandIn {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key (the S3_PREFIX included). */
  objects: Map<string, Buffer>;
  /** While true, every PUT is answered 503 SlowDown (a store that is failing). */
  failWrites: boolean;
  /** Every request, in order: method, key (null for the bucket), answer status. */
  requests: { method: string; key: string | null; status: number }[];
  /** The S3_* settings of a server that uses this store. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export interface S3StandInOptions {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  crypto.createHmac('sha256', key).update(data).digest();

/** SigV4's UriEncode: every byte but A-Z a-z 0-9 - _ . ~ as %XX. */
const uriEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(c)
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const xmlUnescape = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'mathema-test';
  const region = options.region ?? 'eu-central-1';
  const accessKeyId = options.accessKeyId ?? 'AKIASTANDIN0000TEST';
  const secretAccessKey =
    options.secretAccessKey ?? crypto.randomBytes(30).toString('base64').slice(0, 40);
  const objects = new Map<string, Buffer>();
  const requests: S3StandIn['requests'] = [];
  const standIn = { failWrites: false } as S3StandIn;

  function verifySignature(request: http.IncomingMessage, rawPath: string, rawQuery: string) {
    const authorization = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) throw new S3Refusal(403, 'AccessDenied', 'No valid Authorization header.');
    const [, keyId, date, scopeRegion, service, signedHeaders, signature] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (keyId !== accessKeyId)
      throw new S3Refusal(403, 'InvalidAccessKeyId', 'The access key does not exist.');
    if (service !== 's3' || scopeRegion !== region)
      throw new S3Refusal(400, 'AuthorizationHeaderMalformed', `The region is ${region}.`);
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const instant = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!instant || amzDate.slice(0, 8) !== date)
      throw new S3Refusal(403, 'AccessDenied', 'X-Amz-Date is missing or not the scope date.');
    const at = Date.UTC(
      +instant[1]!,
      +instant[2]! - 1,
      +instant[3]!,
      +instant[4]!,
      +instant[5]!,
      +instant[6]!,
    );
    if (Math.abs(Date.now() - at) > 15 * 60_000)
      throw new S3Refusal(403, 'RequestTimeTooSkewed', 'The request time is too far off.');
    const names = signedHeaders.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!names.includes(required))
        throw new S3Refusal(403, 'AccessDenied', `${required} must be signed.`);
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    const canonicalUri = rawPath
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [name = '', value = ''] = pair.split(/=(.*)/s);
        return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))];
      })
      .sort(([a = '', av = ''], [b = '', bv = '']) =>
        a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
      )
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = names
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [
      request.method,
      canonicalUri,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'),
      'aws4_request',
    );
    const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
      throw new S3Refusal(403, 'SignatureDoesNotMatch', 'The signature does not match.');
    return payloadHash;
  }

  async function readBody(request: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  function listXml(query: URLSearchParams): string {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
    const after = query.get('continuation-token')
      ? Buffer.from(query.get('continuation-token')!, 'base64url').toString('utf8')
      : '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    return (
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name>` +
      `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      page
        .map(
          (key) =>
            `<Contents><Key>${xmlEscape(key)}</Key><Size>${objects.get(key)!.length}</Size></Contents>`,
        )
        .join('') +
      (truncated
        ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
        : '') +
      '</ListBucketResult>'
    );
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
    const query = new URLSearchParams(rawQuery);
    const segments = rawPath.split('/').slice(1);
    const requestBucket = decodeURIComponent(segments[0] ?? '');
    const key = segments.length > 1 ? segments.slice(1).map(decodeURIComponent).join('/') : null;
    let status = 500;
    try {
      const payloadHash = verifySignature(request, rawPath, rawQuery);
      if (requestBucket !== bucket)
        throw new S3Refusal(404, 'NoSuchBucket', 'The bucket does not exist.');
      if (standIn.failWrites && request.method === 'PUT')
        throw new S3Refusal(503, 'SlowDown', 'Please reduce your request rate.');
      if (
        (request.method === 'PUT' || request.method === 'POST') &&
        request.headers['content-length'] === undefined
      )
        throw new S3Refusal(411, 'MissingContentLength', 'Send the Content-Length.');
      const body = await readBody(request);
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
        throw new S3Refusal(400, 'XAmzContentSHA256Mismatch', 'The body is not the one signed.');
      const send = (code: number, text = '', headers: Record<string, string> = {}) => {
        status = code;
        response.writeHead(code, { 'content-type': 'application/xml', ...headers });
        response.end(text);
      };
      if (key === null || key === '') {
        if (request.method === 'HEAD') return send(200);
        if (request.method === 'GET' && query.get('list-type') === '2')
          return send(200, listXml(query));
        if (request.method === 'POST' && query.has('delete')) {
          const md5 = crypto.createHash('md5').update(body).digest('base64');
          if (request.headers['content-md5'] !== md5)
            throw new S3Refusal(400, 'InvalidDigest', 'Content-MD5 is missing or wrong.');
          const keys = [...body.toString('utf8').matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) =>
            xmlUnescape(m[1]!),
          );
          if (keys.length > 1000) throw new S3Refusal(400, 'MalformedXML', 'Over 1000 keys.');
          for (const gone of keys) objects.delete(gone);
          return send(200, '<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
        }
        throw new S3Refusal(501, 'NotImplemented', 'The stand-in does not do this.');
      }
      const stored = objects.get(key);
      switch (request.method) {
        case 'PUT':
          objects.set(key, body);
          return send(200, '', {
            etag: `"${crypto.createHash('md5').update(body).digest('hex')}"`,
          });
        case 'GET':
        case 'HEAD':
          if (!stored) {
            if (request.method === 'HEAD') return send(404);
            throw new S3Refusal(404, 'NoSuchKey', 'The key does not exist.');
          }
          status = 200;
          response.writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-length': String(stored.length),
          });
          return response.end(request.method === 'GET' ? stored : undefined);
        case 'DELETE':
          objects.delete(key);
          return send(204);
        default:
          throw new S3Refusal(405, 'MethodNotAllowed', 'Not allowed.');
      }
    } catch (error) {
      const refusal =
        error instanceof S3Refusal ? error : new S3Refusal(500, 'InternalError', String(error));
      status = refusal.status;
      request.resume();
      response.writeHead(refusal.status, { 'content-type': 'application/xml' });
      response.end(
        request.method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code>` +
              `<Message>${xmlEscape(refusal.message)}</Message></Error>`,
      );
    } finally {
      requests.push({ method: request.method ?? '', key, status });
    }
  }

  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(standIn, {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: (prefix?: string) => ({
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return standIn;
}
