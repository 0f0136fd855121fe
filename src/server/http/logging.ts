import type { FastifyRequest } from 'fastify';

/** Removes secrets that can travel in URLs: ?token=… and password-link tokens. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|jwt)=)[^&#]*/gi, '$1[redacted]')
    .replace(/\/(reset-password|create-user-password)\/[^/?#]+/g, '/$1/[redacted]');
}

/** pino options: request ids, and no tokens, passwords or cookies in any line. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.token',
        'body.password',
        'body.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
