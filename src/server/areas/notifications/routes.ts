import type { FastifyInstance } from 'fastify';
import { notificationEndpoints as api } from '../../../shared/api/notifications';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import './jobs';
import { preferencesOf, savePreferences } from './preferences';
import { removeSubscription, saveSubscription } from './subscriptions';

/** The signed-in person's notification choices and push devices; always their own. */
export function notificationRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.preferences, ({ ctx }) => preferencesOf(deps.db, ctx.user!.id));
  route(app, deps, api.savePreferences, async ({ ctx, body }) => {
    await savePreferences(deps.db, ctx.user!.id, body.preferences, deps.now().toISOString());
    return preferencesOf(deps.db, ctx.user!.id);
  });
  route(app, deps, api.pushKey, async () => ({ public_key: deps.push.publicKey }));
  route(app, deps, api.subscribePush, async ({ ctx, body }) => ({
    id: await saveSubscription(
      deps.db,
      { userId: ctx.user!.id, sessionId: ctx.user!.sessionId },
      body,
      deps.now().toISOString(),
    ),
  }));
  route(app, deps, api.unsubscribePush, async ({ ctx, body }) => ({
    removed: await removeSubscription(deps.db, ctx.user!.id, body.endpoint),
  }));
}
