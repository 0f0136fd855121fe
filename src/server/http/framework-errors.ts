import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { fieldsOf, type ApiFailure } from '../../shared/api/envelope';
import { sendError } from './envelope';
import { ApiError, validationError } from './errors';

// Failures raised outside our handlers — by fastify's router, the multipart parser, the
// database driver or node's HTTP parser — turned into the envelope of DESIGN.md, so that a
// client never has to handle a second error shape.

/** Multipart that busboy or @fastify/multipart cannot read. */
function multipartError(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError('validation', 'Send the file as multipart/form-data.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ApiError('too_large', 'The upload has too many parts; send one file.');
  }
  const message = String(error.message);
  if (
    /^Multipart: Boundary not found/.test(message) ||
    /Unexpected end of (form|multipart data)/i.test(message) ||
    /Malformed (part header|content type)/i.test(message) ||
    /^Unsupported content type/i.test(message)
  )
    return new ApiError(
      'validation',
      'The upload could not be read (malformed or incomplete multipart). Choose the file again.',
    );
  return null;
}

/** Database errors that only bad input causes, with the same answer on both databases. */
function databaseError(error: unknown): ApiError | null {
  const {
    code = '',
    message = '',
    column,
  } = error as {
    code?: string;
    message?: string;
    column?: string;
  };
  if (code === 'SQLITE_CONSTRAINT_NOTNULL' || code === '23502') {
    const field = column ?? /NOT NULL constraint failed: \w+\.(\w+)/.exec(message)?.[1] ?? 'field';
    return validationError(
      { [field]: 'This field cannot be empty' },
      'This field cannot be empty.',
    );
  }
  if (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  )
    return new ApiError('conflict', 'A record with these details already exists.');
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503')
    return new ApiError(
      'conflict',
      'This refers to a record that does not exist or is still in use.',
    );
  // PostgreSQL: invalid text for a type, a number out of range, a NUL byte in text.
  if (
    code === '22P02' ||
    code === '22003' ||
    code === '22021' ||
    code === '22007' ||
    code === '22008'
  )
    return new ApiError('validation', 'A value is out of range or not of the expected type.');
  return null;
}

/** Maps an error raised outside our handlers to the envelope; null when it is a real 500. */
export function frameworkApiError(error: FastifyError): ApiError | null {
  if (error instanceof ZodError)
    return validationError(fieldsOf(error), error.issues[0]?.message ?? 'Invalid input.');
  if (error.code === 'FST_ERR_BAD_URL')
    return new ApiError('validation', 'The address contains a malformed percent-encoding.');
  return multipartError(error) ?? databaseError(error);
}

/** fastify's `frameworkErrors` option: routing failures (a bad URL) in the envelope. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  return sendError(
    reply,
    frameworkApiError(error) ?? new ApiError('validation', 'The request could not be read.'),
  );
}

/**
 * fastify's `clientErrorHandler`: node's HTTP parser refused the request (headers too large,
 * both Content-Length and Transfer-Encoding, an unknown method…) before any route could
 * answer, so the envelope is written on the socket here.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = tooLarge ? 431 : timedOut ? 408 : 400;
  const body: ApiFailure = tooLarge
    ? { status: 'error', error: 'too_large', message: 'The request headers are too large.' }
    : {
        status: 'error',
        error: 'validation',
        message: timedOut ? 'The request took too long to arrive.' : 'The request is malformed.',
      };
  const json = JSON.stringify(body);
  const reason = tooLarge
    ? 'Request Header Fields Too Large'
    : timedOut
      ? 'Request Timeout'
      : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
