import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Endpoint } from '../../shared/api/endpoint';
import type { ServerDeps } from '../deps';
import { registerJobHandler } from '../jobs/registry';
import type { RequestContext } from './context';
import { ApiError, validationError } from './errors';

// Idempotency-Key (DESIGN.md, The API): a client that did not hear the answer to a payment
// may send it again with the same key and get the first answer instead of paying twice.
// See docs/architecture.md, "Idempotency".

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * A key whose first request has shown no answer for this long is taken to belong to a
 * request that died with its node; the next try with it runs afresh. Far above any
 * request's duration, so that a slow first request is never run twice.
 */
const ABANDONED_AFTER_MS = 5 * 60_000;
export const EXPIRE_IDEMPOTENCY_KEYS_KIND = 'idempotency.expire';

const KEY_PATTERN = /^[\x20-\x7E]{1,200}$/;
const HEADER = 'idempotency-key';

/** The stored row each first request holds until its answer is written (by onSend). */
const claims = new WeakMap<FastifyRequest, number>();

/** A JSON text with sorted keys: the same body sent with its keys reordered is the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const fingerprintOf = (request: FastifyRequest) =>
  crypto
    .createHash('sha256')
    .update(canonicalJson({ body: request.body ?? null, query: request.query ?? {} }))
    .digest('hex');

/** The key of the request, or null without one; a malformed key is a 400. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw validationError(
      { 'Idempotency-Key': 'Use 1–200 printable ASCII characters' },
      'The Idempotency-Key header must be 1–200 printable ASCII characters.',
    );
  return header;
}

/** Only answers that a repeat would get again are kept: success and the client's errors. */
const isStorable = (status: number) =>
  (status >= 200 && status < 300) ||
  // 429 says "later", so a later repeat must run; 5xx may go away the same way.
  (status >= 400 && status < 500 && status !== 429);

/**
 * The fastify hook of an idempotent endpoint: writes the first request's answer (status
 * and body) to its key once it is known, or frees the key when the answer is not kept.
 */
export function idempotencyHooks(
  deps: ServerDeps,
  definition: Endpoint,
): Pick<RouteOptions, 'onSend'> {
  if (!definition.idempotent) return {};
  if (definition.access === 'public')
    throw new Error(
      `${definition.method} ${definition.path}: an idempotent endpoint needs a signed-in caller.`,
    );
  return {
    onSend: async (request, reply, payload) => {
      const id = claims.get(request);
      if (id === undefined) return payload;
      claims.delete(request);
      try {
        if (isStorable(reply.statusCode) && typeof payload === 'string') {
          await deps.db
            .updateTable('idempotency_keys')
            .set({ status_code: reply.statusCode, response: payload })
            .where('id', '=', id)
            .execute();
        } else {
          await deps.db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
        }
      } catch (error) {
        // The answer still goes out; the key stays claimed until ABANDONED_AFTER_MS.
        request.log.error({ err: error }, 'idempotency: could not store the answer');
      }
      return payload;
    },
  };
}

/**
 * Called by route() once the caller is known and the request is valid. Without a key it
 * does nothing. With a new key it claims it for this request and returns false (run the
 * handler). With a key already answered for the same request it sends that answer again
 * and returns true. The same key with another body, or while the first request still runs,
 * is a 409: waiting instead would hold a connection for as long as the first one takes.
 */
export async function replayIdempotentAnswer(
  deps: ServerDeps,
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const key = keyOf(request);
  if (key === null) return false;
  const now = deps.now();
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const fingerprint = fingerprintOf(request);
  const userId = ctx.user!.id;
  // The concrete path: the same key on another school's (or record's) path is another request.
  const route = `${request.method} ${request.url.split('?')[0]}`;

  // A key may vanish under us (the clean-up job deletes expired ones) or be taken over by a
  // request that arrived at the same moment: look again, a few times, before answering 409.
  let existing: Awaited<ReturnType<typeof findKey>>;
  for (let attempt = 0; ; attempt++) {
    const inserted = await deps.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        route,
        key,
        fingerprint,
        status_code: null,
        response: null,
        created_at: nowIso,
        expires_at: expiresAt,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'route', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      claims.set(request, inserted.id);
      return false;
    }

    existing = await findKey(deps, userId, route, key);
    const abandonedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
    const reusable =
      existing &&
      (existing.expires_at <= nowIso ||
        (existing.status_code === null && existing.created_at <= abandonedBefore));
    if (existing && reusable) {
      // Take the key over; the row check makes one request win when several try at once.
      const taken = await deps.db
        .updateTable('idempotency_keys')
        .set({
          fingerprint,
          status_code: null,
          response: null,
          created_at: nowIso,
          expires_at: expiresAt,
        })
        .where('id', '=', existing.id)
        .where('created_at', '=', existing.created_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) {
        claims.set(request, existing.id);
        return false;
      }
    }
    if (existing && !reusable) break;
    if (attempt === 2)
      throw new ApiError(
        'conflict',
        'Another request with this Idempotency-Key arrived at the same time. Try again in a moment.',
        undefined,
        1,
      );
  }
  if (existing.fingerprint !== fingerprint)
    throw new ApiError(
      'conflict',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  if (existing.status_code === null || existing.response === null)
    throw new ApiError(
      'conflict',
      'The first request with this Idempotency-Key is still being processed. Try again in a moment.',
      undefined,
      1,
    );
  reply
    .code(existing.status_code)
    .header('Idempotent-Replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(existing.response);
  return true;
}

// Expired answers are removed hourly by a job (reads ignore them before that).
registerJobHandler(EXPIRE_IDEMPOTENCY_KEYS_KIND, {
  repeatEveryMs: 60 * 60_000,
  maxAttempts: 3,
  async handle({ deps }) {
    await deps.db
      .deleteFrom('idempotency_keys')
      .where('expires_at', '<=', deps.now().toISOString())
      .execute();
  },
});

/** The stored answer of a key, if any. */
function findKey(deps: ServerDeps, userId: number, route: string, key: string) {
  return deps.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('route', '=', route)
    .where('key', '=', key)
    .executeTakeFirst();
}
