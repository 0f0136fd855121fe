import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ContentOrigins, ContentSources } from './content-sources';

/** Origin of the desktop app's pages (its custom protocol). */
export const DESKTOP_ORIGIN = 'app://mathema';

/**
 * The web app's Content-Security-Policy (docs/security.md, Content Security Policy): our own
 * origin, plus the configured origins for images and frames, and Jitsi's for its IFrame API
 * script. No scheme-wide sources (`https:`, `ws:`): 'self' covers socket.io's ws:/wss: on our
 * own host (CSP Level 3).
 */
export function contentSecurityPolicy(origins: ContentOrigins): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(origins.scripts ?? [])],
    // Fluent UI (Griffel) inserts its style rules at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...origins.images],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", ...origins.frames],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // The desktop app shows server pages such as embedded pages in frames.
    'frame-ancestors': ["'self'", DESKTOP_ORIGIN],
    'script-src-attr': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * helmet's security headers on every answer, and our CSP. The middleware is built once here:
 * the fastify plugin rebuilt it on every request. The CSP text is built once per set of
 * origins, so an answer costs a lookup, and a database read only when the origins are stale.
 */
export function installSecurityHeaders(app: FastifyInstance, sources: ContentSources): void {
  const secure = helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  let policyOf: { origins: ContentOrigins; policy: string } | null = null;
  const policyFor = (origins: ContentOrigins) => {
    if (policyOf?.origins !== origins)
      policyOf = { origins, policy: contentSecurityPolicy(origins) };
    return policyOf.policy;
  };
  app.addHook('onRequest', async (request, reply) => {
    const origins = sources.current();
    reply.header(
      'Content-Security-Policy',
      policyFor(origins instanceof Promise ? await origins : origins),
    );
    await new Promise<void>((resolve, reject) =>
      secure(request.raw, reply.raw, (error?: unknown) =>
        error ? reject(error as Error) : resolve(),
      ),
    );
  });
}
