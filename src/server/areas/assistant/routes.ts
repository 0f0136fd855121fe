import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { assistantEndpoints as api } from '../../../shared/api/assistant';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { askQuestion, chatModelOf, openSession, sessionHistory } from './service';

/** The assistant's calls of spec §7: open a session, read its history, ask (streamed). */
export function assistantRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const model = chatModelOf(deps);

  route(app, deps, api.createChat, async ({ ctx, body }) => openSession(deps, ctx, body.role));

  route(app, deps, api.chatHistory, async ({ ctx, params }) =>
    sessionHistory(deps, ctx, params.key),
  );

  route(app, deps, api.askQuestion, async ({ ctx, params, body, reply, request }) => {
    const pieces = await askQuestion(deps, ctx, params.key, body.question, model, request.log);
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // Proxies such as nginx would otherwise hold the answer back until it is whole.
      .header('X-Accel-Buffering', 'no');
    return (await reply.send(Readable.from(pieces, { objectMode: false }))) as never;
  });
}
