import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Origin of the desktop app's pages (its custom protocol). */
export const DESKTOP_ORIGIN = 'app://mathema';

/**
 * helmet's security headers on every answer. The middleware is built once here: the fastify
 * plugin rebuilt it (and parsed the CSP) on every request, and drew two CSP nonces we never use.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const secure = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Fluent UI (Griffel) inserts its style rules at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The desktop app shows server pages such as embedded pages in frames.
        frameAncestors: ["'self'", DESKTOP_ORIGIN],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    secure(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
