import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone, any signed-in user, or a member holding the
 * path's role in the path's school (`/schools/:school_id/:role/...`), or any member of the
 * path's school (`/schools/:school_id/...` without a role).
 */
export type EndpointAccess = 'public' | 'user' | 'school-member' | 'school-role';

export interface Endpoint {
  method: HttpMethod;
  /** Path below /api, in fastify syntax (`/schools/:school_id/:role/period/:id`). */
  path: string;
  access: EndpointAccess;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
  /** Lists answer with `totalCount` beside `data`. */
  list?: boolean;
  /**
   * Honours an `Idempotency-Key` header: a repeat with the same key and body gets the first
   * answer again without running twice; the same key with another body is a 409.
   */
  idempotent?: boolean;
}

/** Identity helper that keeps each endpoint's literal types for both ends. */
export const endpoint = <E extends Endpoint>(definition: E): E => definition;
