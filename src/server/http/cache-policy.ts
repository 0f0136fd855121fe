import type { FastifyInstance } from 'fastify';

/**
 * API answers hold a person's data (account, lists, exports): no browser, proxy or shared
 * cache may keep them, or the next person on a school computer could read them back. An
 * answer that states its own policy (the public school logos) keeps it.
 */
export function installCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.raw.url ?? '';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    if (isApi && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
