import type { FastifyInstance } from 'fastify';
import { inboxEndpoints as api, type NotificationEntity } from '../../../shared/api/inbox';
import { SERVER_EVENTS, type UnseenCountsEvent } from '../../../shared/realtime';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { countUnread, listRooms } from '../chat/queries';
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
        lesson_id: n.lesson_id,
        seen: n.seen_at !== null,
      })),
      totalCount,
    };
  });
  route(app, deps, api.unseenNotifications, async ({ ctx }) => ({
    count: await q.countUnseenNotifications(deps.db, scopeOf(ctx)),
  }));
  route(app, deps, api.markNotificationsSeen, async ({ ctx }) => {
    const scope = scopeOf(ctx);
    const count = await q.markNotificationsSeen(deps.db, scope, deps.now().toISOString());
    // The badge drops on the person's other tabs and devices too, not at their next poll.
    if (count > 0)
      deps.realtime.toUsers([scope.userId], SERVER_EVENTS.unseenCounts, {
        school_id: scope.schoolId,
        role: scope.role,
        notifications: await q.countUnseenNotifications(deps.db, scope),
        messages: await countUnread(deps.db, scope),
      } satisfies UnseenCountsEvent);
    return { count };
  });
  route(app, deps, api.notification, async ({ ctx, params }) => {
    const scope = scopeOf(ctx);
    const n = await q.notificationOf(deps.db, scope, params.notification_id);
    // Another person's notification is not told apart from one that does not exist.
    if (!n) throw notFound('This notification does not exist.');
    return {
      id: n.id,
      title: n.title,
      body: n.body,
      entrydate: n.created_at,
      entity: n.entity as NotificationEntity | null,
      entity_id: n.entity_id,
      lesson_id: n.lesson_id,
      seen: n.seen_at !== null,
      subject: await q.notificationSubject(deps.db, scope.schoolId, n.entity, n.entity_id),
    };
  });
  route(app, deps, api.markNotificationSeen, async ({ ctx, params }) => {
    const scope = scopeOf(ctx);
    const nowIso = deps.now().toISOString();
    if (!(await q.markNotificationSeen(deps.db, scope, params.notification_id, nowIso)))
      throw notFound('This notification does not exist.');
    deps.realtime.toUsers([scope.userId], SERVER_EVENTS.unseenCounts, {
      school_id: scope.schoolId,
      role: scope.role,
      notifications: await q.countUnseenNotifications(deps.db, scope),
      messages: await countUnread(deps.db, scope),
    } satisfies UnseenCountsEvent);
    return { seen: true };
  });
  route(app, deps, api.unseenMessages, async ({ ctx }) => ({
    count: await countUnread(deps.db, scopeOf(ctx)),
  }));
  route(app, deps, api.chatRooms, async ({ ctx, query }) => {
    const { rows, totalCount } = await listRooms(deps.db, deps.dbKind, scopeOf(ctx), {
      search: query.search,
      page: query.page,
      perPage: query.per_page,
    });
    return { data: rows, totalCount };
  });
}
