import type { FastifyInstance } from 'fastify';
import { chatEndpoints as api } from '../../../shared/api/chat';
import type { Role } from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { route } from '../../http/route';
import { callerMembershipId } from '../../resources/access';
import type { ChatCaller } from './contacts';
import { assertMaySend, roomAccess } from './policy';
import { addMembers, removeMember } from './members';
import * as q from './queries';
import * as chat from './service';

const scopeOf = (ctx: RequestContext) => ({
  schoolId: ctx.schoolId!,
  userId: ctx.user!.id,
  role: ctx.role as Role,
});

const callerOf = async (deps: ServerDeps, ctx: RequestContext): Promise<ChatCaller> => ({
  ...scopeOf(ctx),
  me: await callerMembershipId(deps, ctx),
});

/** The chat room screen's calls (`message/{chat_room_id}`) and opening conversations. */
export function chatRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.room, async ({ ctx, params }) => {
    const access = await roomAccess(deps.db, scopeOf(ctx), params.id);
    const members = await q.roomMembers(deps.db, ctx.schoolId!, params.id);
    // A direct conversation is named after the other person, as in the list.
    const other = members.find((m) => m.user_id !== ctx.user!.id);
    return {
      id: access.room.id,
      name: access.room.kind === 'direct' && other ? other.name : access.room.name,
      kind: access.room.kind,
      lesson_id: access.room.lesson_id,
      me: ctx.user!.id,
      members,
      abilities: {
        send: access.member,
        moderate: access.moderate,
        manage_members: access.manageMembers,
      },
    };
  });
  route(app, deps, api.history, async ({ ctx, params, query }) =>
    chat.roomHistory(deps, await roomAccess(deps.db, scopeOf(ctx), params.id), ctx.user!.id, query),
  );
  route(app, deps, api.send, async ({ ctx, params, body }) => {
    assertMaySend(await roomAccess(deps.db, scopeOf(ctx), params.id));
    return chat.sendMessage(deps, scopeOf(ctx), params.id, body);
  });
  route(app, deps, api.deleteMessage, async ({ ctx, params }) => {
    const access = await roomAccess(deps.db, scopeOf(ctx), params.id);
    await chat.deleteMessage(deps, access, ctx.user!.id, params.message_id);
    return null;
  });
  route(app, deps, api.markRead, async ({ ctx, params, body }) => {
    assertMaySend(await roomAccess(deps.db, scopeOf(ctx), params.id));
    return {
      last_read_message_id: await chat.markRoomRead(deps, scopeOf(ctx), params.id, body.message_id),
    };
  });
  route(app, deps, api.addMembers, async ({ ctx, params, body }) =>
    addMembers(
      deps,
      ctx,
      await roomAccess(deps.db, scopeOf(ctx), params.id),
      scopeOf(ctx),
      body.user_ids,
    ),
  );
  route(app, deps, api.removeMember, async ({ ctx, params }) =>
    removeMember(
      deps,
      ctx,
      await roomAccess(deps.db, scopeOf(ctx), params.id),
      scopeOf(ctx),
      params.user_id,
    ),
  );
  route(app, deps, api.contacts, async ({ ctx, query }) =>
    chat.listContacts(
      deps,
      await callerOf(deps, ctx),
      query.search || undefined,
      query.for,
      query.room_id,
    ),
  );
  route(app, deps, api.openDirect, async ({ ctx, body }) => ({
    id: await chat.openDirect(deps, await callerOf(deps, ctx), body),
  }));
  route(app, deps, api.createRoom, async ({ ctx, body }) => ({
    id: await chat.createRoom(deps, await callerOf(deps, ctx), body),
  }));
}
