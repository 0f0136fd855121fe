import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiFailure } from '../../shared/api/envelope';
import { ApiError } from './errors';
import { frameworkApiError } from './framework-errors';

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ApiFailure = { status: 'error', error: error.code, message: error.message };
  if (error.fields) body.fields = error.fields;
  if (error.issues?.length) body.issues = error.issues;
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/** Maps fastify's own errors to our codes; anything unknown is a 500 with no internals. */
function toApiError(error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError('too_large', 'The request is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('validation', 'This content type is not accepted; send JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('validation', 'The request body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('validation', 'The request body is not valid JSON.');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ApiError('validation', 'The request body is not valid JSON.');
  }
  const framework = frameworkApiError(error);
  if (framework) return framework;
  if (error.statusCode === 429)
    return new ApiError('rate_limited', 'Too many requests; try again later.');
  if (error.statusCode === 404) return new ApiError('not_found', 'Not found.');
  return null;
}

/**
 * One error envelope for every failure. Unknown API paths are 404 `not_found`; other GETs
 * go to `pageFallback` (the web app's index.html) when there is one.
 */
export function installErrorHandling(
  app: FastifyInstance,
  isApiPath: (url: string) => boolean,
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toApiError(error);
    if (known) {
      if (known.code !== 'validation' && known.status >= 500)
        request.log.error({ err: error }, 'request failed');
      return sendError(reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(
      reply,
      new ApiError('internal', 'Something went wrong on our side. Please try again.'),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return sendError(
        reply,
        new ApiError('not_found', `No API call ${request.method} ${request.url.split('?')[0]}.`),
      );
    }
    if (pageFallback && (request.method === 'GET' || request.method === 'HEAD'))
      return pageFallback(request, reply);
    return sendError(reply, new ApiError('not_found', 'Not found.'));
  });
}
