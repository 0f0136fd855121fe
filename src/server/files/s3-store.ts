import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import { XMLParser } from 'fast-xml-parser';
import { countedStream } from './counted-stream';
import { keySegments, StorageError, type ObjectStore } from './object-store';

// An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, R2, …) over plain HTTP requests,
// each signed with AWS Signature Version 4 by aws4fetch's signer. Only the six calls the store
// needs: PutObject, GetObject, HeadObject, DeleteObject, ListObjectsV2 and DeleteObjects, plus
// HeadBucket to check the settings at start-up.

export interface S3Settings {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://minio.internal:9000`, … */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name (`bucket.endpoint`). */
  forcePathStyle: boolean;
  /** Prepended to every key, ending in `/` (or empty): one bucket for several deployments. */
  prefix: string;
}

/** Slow or broken answers are given up on after this long without a byte. */
const IDLE_TIMEOUT_MS = 120_000;
/** Tries of a call whose body can be sent again (not a stream): network errors, 5xx, 429. */
const ATTEMPTS = 3;
/** ListObjectsV2 and DeleteObjects take at most 1000 keys. */
const PAGE = 1000;

type Body = Buffer | { open: () => Readable; size: number } | { once: Readable; size: number };

interface Call {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST';
  /** Full object key (prefix included), or null for the bucket itself. */
  key: string | null;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Body;
}

/** Percent-encodes each segment as SigV4's canonical URI has it (RFC 3986 unreserved kept). */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const xml = new XMLParser({
  parseTagValue: false,
  isArray: (name) => name === 'Contents' || name === 'Error' || name === 'Deleted',
});

async function readText(response: http.IncomingMessage, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limit) {
      response.destroy();
      throw new StorageError('The S3 answer is larger than expected.');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The store over one bucket (and prefix); `scratchDir` holds uploads while they arrive. */
export function s3ObjectStore(settings: S3Settings, scratchDir: string): ObjectStore {
  const endpoint = new URL(settings.endpoint);
  const transport = endpoint.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  const signingCache = new Map();

  const urlOf = (key: string | null, query: Record<string, string> = {}) => {
    const objectPath = key === null ? '' : encodeKey(key);
    const url = settings.forcePathStyle
      ? new URL(
          `${endpoint.protocol}//${endpoint.host}/${settings.bucket}${key === null ? '' : `/${objectPath}`}`,
        )
      : new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${objectPath}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  const fullKey = (key: string) => {
    keySegments(key);
    return settings.prefix + key;
  };

  const describe = (call: Call) =>
    `S3 ${call.method} ${call.key === null ? `bucket ${settings.bucket}` : call.key}`;

  /** One signed request; resolves with the answer's head, its body still to read. */
  async function sendOnce(call: Call): Promise<http.IncomingMessage> {
    const url = urlOf(call.key, call.query);
    const headers: Record<string, string> = { ...call.headers };
    const body = call.body;
    const size = body === undefined ? 0 : Buffer.isBuffer(body) ? body.length : body.size;
    // Whole bodies are signed with their hash, so the store refuses one changed on the way;
    // streams are sent unsigned (their length is still checked, here and by the store).
    headers['x-amz-content-sha256'] = Buffer.isBuffer(body)
      ? crypto.createHash('sha256').update(body).digest('hex')
      : body === undefined
        ? crypto.createHash('sha256').update('').digest('hex')
        : 'UNSIGNED-PAYLOAD';
    const signed = await new AwsV4Signer({
      method: call.method,
      url: url.toString(),
      headers,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      cache: signingCache,
    }).sign();
    const sent: Record<string, string> = {};
    signed.headers.forEach((value, name) => (sent[name] = value));
    if (body !== undefined || call.method === 'PUT' || call.method === 'POST')
      sent['content-length'] = String(size);

    return new Promise((resolve, reject) => {
      const request = transport.request(url, { method: call.method, headers: sent, agent });
      request.setTimeout(IDLE_TIMEOUT_MS, () =>
        request.destroy(new StorageError(`${describe(call)}: no answer in time.`)),
      );
      request.on('error', reject);
      request.on('response', (response) => {
        response.setTimeout(IDLE_TIMEOUT_MS, () =>
          response.destroy(new StorageError(`${describe(call)}: the answer stalled.`)),
        );
        resolve(response);
      });
      if (body === undefined) request.end();
      else if (Buffer.isBuffer(body)) request.end(body);
      else {
        const stream = 'open' in body ? body.open() : body.once;
        pipeline(stream, countedStream(body.size), request).catch((error: Error) => {
          request.destroy(error);
          reject(error);
        });
      }
    });
  }

  /**
   * Sends a call, again after a network error or a 5xx/429 when its body can be sent again;
   * answers with a 2xx (or one of `accepted`), else throws a StorageError naming S3's code.
   */
  async function send(call: Call, accepted: number[] = []): Promise<http.IncomingMessage> {
    const replayable = !(call.body && 'once' in call.body);
    for (let attempt = 1; ; attempt++) {
      let response: http.IncomingMessage;
      try {
        response = await sendOnce(call);
      } catch (error) {
        if (!replayable || attempt >= ATTEMPTS || error instanceof StorageError) throw error;
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
        continue;
      }
      const status = response.statusCode ?? 0;
      if ((status >= 200 && status < 300) || accepted.includes(status)) return response;
      const text = call.method === 'HEAD' ? '' : await readText(response).catch(() => '');
      if (call.method === 'HEAD') response.resume();
      const retry = status >= 500 || status === 429;
      if (retry && replayable && attempt < ATTEMPTS) {
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
        continue;
      }
      const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${status}`;
      throw new StorageError(`${describe(call)} was refused: ${status} ${code}.`);
    }
  }

  async function head(key: string): Promise<number | null> {
    const response = await send({ method: 'HEAD', key }, [404]);
    response.resume();
    if (response.statusCode === 404) return null;
    return Number(response.headers['content-length'] ?? 0);
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    const body = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${keys
        .map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`)
        .join('')}</Delete>`,
    );
    const response = await send({
      method: 'POST',
      key: null,
      query: { delete: '' },
      headers: {
        'content-md5': crypto.createHash('md5').update(body).digest('base64'),
        'content-type': 'application/xml',
      },
      body,
    });
    const answer = xml.parse(await readText(response)) as {
      DeleteResult?: { Error?: { Key?: string; Code?: string }[] };
    };
    const failed = answer.DeleteResult?.Error ?? [];
    if (failed.length)
      throw new StorageError(
        `S3 DeleteObjects left ${failed.length} keys: ${failed[0]?.Code ?? 'unknown'} for ${failed[0]?.Key ?? '?'}.`,
      );
  }

  return {
    description: {
      kind: 's3',
      endpoint: endpoint.origin,
      region: settings.region,
      bucket: settings.bucket,
      prefix: settings.prefix,
    },
    scratchDir,
    async put(key, body) {
      const response = await send({
        method: 'PUT',
        key: fullKey(key),
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.isBuffer(body) ? body : { once: body.stream, size: body.size },
      });
      response.resume();
    },
    async putFile(key, file) {
      const { size } = await fsp.stat(file);
      const response = await send({
        method: 'PUT',
        key: fullKey(key),
        headers: { 'content-type': 'application/octet-stream' },
        body: { open: () => fs.createReadStream(file), size },
      });
      response.resume();
      await fsp.rm(file, { force: true });
    },
    async get(key) {
      const response = await send({ method: 'GET', key: fullKey(key) }, [404]);
      if (response.statusCode === 404) {
        response.resume();
        return null;
      }
      return { stream: response, size: Number(response.headers['content-length'] ?? 0) };
    },
    size: (key) => head(fullKey(key)),
    async delete(key) {
      // S3 answers 204 for a key that is not there; some compatible stores answer 404.
      (await send({ method: 'DELETE', key: fullKey(key) }, [404])).resume();
    },
    async deleteAll(prefix) {
      const listed = `${fullKey(prefix)}/`;
      let token: string | undefined;
      do {
        const response = await send({
          method: 'GET',
          key: null,
          query: {
            'list-type': '2',
            prefix: listed,
            'max-keys': String(PAGE),
            ...(token ? { 'continuation-token': token } : {}),
          },
        });
        const page = xml.parse(await readText(response)) as {
          ListBucketResult?: {
            Contents?: { Key?: string }[];
            IsTruncated?: string;
            NextContinuationToken?: string;
          };
        };
        const result = page.ListBucketResult ?? {};
        const keys = (result.Contents ?? []).map((c) => String(c.Key ?? '')).filter(Boolean);
        if (keys.some((k) => !k.startsWith(listed)))
          throw new StorageError('S3 listed a key outside the prefix asked for.');
        if (keys.length) await deleteKeys(keys);
        token = result.IsTruncated === 'true' ? result.NextContinuationToken : undefined;
      } while (token);
    },
    async verify() {
      // A wrong region is a 400 or a 301 (AWS names the bucket's own region); a HEAD has no
      // body to say more.
      const response = await send({ method: 'HEAD', key: null }, [301, 400, 403, 404]);
      response.resume();
      if (response.statusCode === 404)
        throw new StorageError(`The S3 bucket "${settings.bucket}" does not exist (S3_BUCKET).`);
      if (response.statusCode !== 200)
        throw new StorageError(
          `The S3 store refused the access key for bucket "${settings.bucket}" ` +
            '(S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION).',
        );
    },
    async close() {
      agent.destroy();
    },
  };
}
