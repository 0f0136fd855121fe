import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldsOf } from '../../shared/api/envelope';
import type { Endpoint } from '../../shared/api/endpoint';
import type { Role } from '../../shared/constants';
import type { ServerDeps } from '../deps';
import { authenticate, baseContext, enterSchool, type RequestContext } from './context';
import { idempotencyHooks, replayIdempotentAnswer } from './idempotency';
import { validationError } from './errors';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Data<E extends Endpoint> = z.input<E['response']>;

export interface HandlerInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  ctx: RequestContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type HandlerOutput<E extends Endpoint> = E['list'] extends true
  ? { data: Data<E>; totalCount: number }
  : Data<E>;

function parse<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  what: string,
): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw validationError(
      fieldsOf(result.error),
      what === 'body'
        ? (result.error.issues[0]?.message ?? 'Some fields are not valid.')
        : `Invalid ${what}.`,
    );
  }
  return result.data as Parsed<S>;
}

const served = new WeakMap<FastifyInstance, Endpoint[]>();

/**
 * Every endpoint registered through route() on this app, in registration order: the route
 * registry that the OpenAPI document, the isolation and authorization tests and the fuzz test
 * are generated from, so that a new endpoint is covered the day it is added.
 */
export function servedEndpoints(app: FastifyInstance): readonly Endpoint[] {
  return served.get(app) ?? [];
}

/**
 * Registers one endpoint of src/shared/api: checks access (token, school membership,
 * role), validates params, query and body with the shared schemas, and wraps the
 * handler's answer in the success envelope. Routes stay thin: this does the common part.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  deps: ServerDeps,
  definition: E,
  handler: (input: HandlerInput<E>) => Promise<HandlerOutput<E>>,
): void {
  served.set(app, [...servedEndpoints(app), definition]);
  app.route({
    method: definition.method,
    url: `/api${definition.path}`,
    ...idempotencyHooks(deps, definition),
    handler: async (request, reply) => {
      const ctx = baseContext(request);
      const params = parse(definition.params, request.params, 'path');
      if (definition.access === 'user') await authenticate(deps, ctx);
      if (definition.access === 'school-member' || definition.access === 'school-role') {
        const { school_id, role } = params as { school_id: number; role?: Role };
        await enterSchool(
          deps,
          ctx,
          request,
          school_id,
          definition.access === 'school-role' ? (role ?? null) : null,
        );
      }
      const query = parse(definition.query, request.query, 'query');
      const body = parse(definition.body, request.body, 'body');
      if (definition.idempotent && (await replayIdempotentAnswer(deps, ctx, request, reply)))
        return reply;
      const output = await handler({ params, query, body, ctx, request, reply } as HandlerInput<E>);
      if (reply.sent) return reply;
      if (definition.list) {
        const { data, totalCount } = output as { data: unknown; totalCount: number };
        return { status: 'ok', data, totalCount };
      }
      return { status: 'ok', data: output ?? null };
    },
  });
}
