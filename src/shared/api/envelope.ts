import { z } from 'zod';

/** Error codes of DESIGN.md, with the HTTP status each one travels with. */
export const ERROR_STATUS = {
  validation: 400,
  invalid_credentials: 401,
  login_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiSuccess<T> {
  status: 'ok';
  data: T;
  totalCount?: number;
}

export interface ApiFailure {
  status: 'error';
  error: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Schema of a success envelope around a data schema, for the OpenAPI document. */
export const okEnvelope = <T extends z.ZodType>(data: T, list = false) =>
  z.object({
    status: z.literal('ok'),
    data,
    ...(list ? { totalCount: z.number().int() } : {}),
  });

export const failureEnvelope = z.object({
  status: z.literal('error'),
  error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Turns zod issues into {field: first message} for the `fields` of a validation error. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
