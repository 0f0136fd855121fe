import type { FastifyInstance } from 'fastify';
import { inboxEndpoints as api, type NotificationEntity } from '../../../shared/api/inbox';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { route } from '../../http/route';
import * as q from './queries';

const scopeOf = (ctx: RequestContext) => ({
  schoolId: ctx.schoolId!,
  userId: ctx.user!.id,
  role: ctx.role!,
});

/** Notifications and chat-room counts for the top bar; always the caller's own. */
export function inboxRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.notifications, async ({ ctx, query }) => {
    const { rows, totalCount } = await q.listNotifications(deps.db, deps.dbKind, scopeOf(ctx), {
      search: query.search,
      page: query.page,
      perPage: query.per_page,
    });
    return {
      data: rows.map((n) => ({
        id: n.id,
        title: n.title,
        body: n.body,
        entrydate: n.created_at,
        entity: n.entity as NotificationEntity | null,
        entity_id: n.entity_id,
        seen: n.seen_at !== null,
      })),
      totalCount,
    };
  });
  route(app, deps, api.unseenNotifications, async ({ ctx }) => ({
    count: await q.countUnseenNotifications(deps.db, scopeOf(ctx)),
  }));
  route(app, deps, api.markNotificationsSeen, async ({ ctx }) => ({
    count: await q.markNotificationsSeen(deps.db, scopeOf(ctx), deps.now().toISOString()),
  }));
  route(app, deps, api.unseenMessages, async ({ ctx }) => ({
    count: await q.countUnreadMessages(deps.db, scopeOf(ctx)),
  }));
  route(app, deps, api.chatRooms, async ({ ctx, query }) => {
    const { rows, totalCount } = await q.listChatRooms(deps.db, deps.dbKind, scopeOf(ctx), {
      search: query.search,
      page: query.page,
      perPage: query.per_page,
    });
    return { data: rows, totalCount };
  });
}
