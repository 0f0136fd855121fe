import type { Kysely } from 'kysely';
import type { ChatMember } from '../../../shared/api/chat';
import { SERVER_EVENTS, chatSocketRoom } from '../../../shared/realtime';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound, validationError } from '../../http/errors';
import { announceMembershipChanges } from './lesson-rooms';
import { assertMayManageMembers, type RoomAccess } from './policy';
import * as q from './queries';
import type { Role } from '../../../shared/constants';

// A group room's members, changed by the office after the room was made. The rows change in one
// transaction; once committed, the sockets of those added enter the room's socket.io room and
// those removed leave it, on every node (announceMembershipChanges), before anyone is answered.
// Each change is in the audit log: joining a room gives its whole history to read.

/**
 * Adds people of the school (already members stay as they are). They read the whole history
 * from then on; their read position starts at the newest message, so that joining does not
 * count the room's past as unread.
 */
export async function addMembers(
  deps: ServerDeps,
  ctx: RequestContext,
  access: RoomAccess,
  caller: { role: Role },
  userIds: number[],
): Promise<ChatMember[]> {
  assertMayManageMembers(access, caller);
  const { school_id: schoolId, id: roomId } = access.room;
  const wanted = [...new Set(userIds)];
  const inSchool = await deps.db
    .selectFrom('memberships')
    .select('user_id')
    .distinct()
    .where('school_id', '=', schoolId)
    .where('user_id', 'in', wanted)
    .execute();
  if (inSchool.length !== wanted.length)
    throw validationError({ user_ids: 'Choose people of this school' });
  const added = await deps.db.transaction().execute(async (trx) => {
    const present = new Set(
      (
        await trx
          .selectFrom('chat_room_members')
          .select('user_id')
          .where('school_id', '=', schoolId)
          .where('room_id', '=', roomId)
          .where('user_id', 'in', wanted)
          .execute()
      ).map((r) => r.user_id),
    );
    const newcomers = wanted.filter((id) => !present.has(id));
    if (newcomers.length === 0) return [];
    const newest = await trx
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    await trx
      .insertInto('chat_room_members')
      .values(
        newcomers.map((userId) => ({
          school_id: schoolId,
          room_id: roomId,
          user_id: userId,
          last_read_message_id: Number(newest?.id ?? 0),
        })),
      )
      // Two offices adding the same person at once: the unique row lets one through.
      .onConflict((conflict) => conflict.columns(['school_id', 'room_id', 'user_id']).doNothing())
      .execute();
    await auditMembers(trx, ctx, access.room, { members_added: newcomers }, deps.now());
    return newcomers;
  });
  announce(deps, schoolId, roomId, added, []);
  return q.roomMembers(deps.db, schoolId, roomId);
}

/** Takes one person out of the room; a group keeps at least one member. */
export async function removeMember(
  deps: ServerDeps,
  ctx: RequestContext,
  access: RoomAccess,
  caller: { role: Role },
  userId: number,
): Promise<ChatMember[]> {
  assertMayManageMembers(access, caller);
  const { school_id: schoolId, id: roomId } = access.room;
  await deps.db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('chat_room_members')
      .select('user_id')
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .execute();
    if (!members.some((m) => m.user_id === userId))
      throw notFound('This person is not a member of this room.');
    if (members.length <= 1) throw new ApiError('conflict', 'A group keeps at least one member.');
    await trx
      .deleteFrom('chat_room_members')
      .where('school_id', '=', schoolId)
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .execute();
    await auditMembers(trx, ctx, access.room, { members_removed: [userId] }, deps.now());
  });
  announce(deps, schoolId, roomId, [], [userId]);
  return q.roomMembers(deps.db, schoolId, roomId);
}

function announce(
  deps: ServerDeps,
  schoolId: number,
  roomId: number,
  added: number[],
  removed: number[],
) {
  if (added.length === 0 && removed.length === 0) return;
  announceMembershipChanges(deps.realtime, schoolId, [{ roomId, added, removed }]);
  // Those still in the room (an open room screen) read its members again.
  deps.realtime.toRoom(chatSocketRoom(roomId), SERVER_EVENTS.chatMembers, {
    school_id: schoolId,
    room_id: roomId,
  });
}

/** A change of a room's members is a row of the audit log: joining hands over its history. */
function auditMembers(
  trx: Kysely<Database>,
  ctx: RequestContext,
  room: { school_id: number; id: number },
  detail: { members_added: number[] } | { members_removed: number[] },
  now: Date,
) {
  return recordAudit(
    trx,
    ctx,
    { schoolId: room.school_id, action: 'update', entity: 'chat_room', entityId: room.id, detail },
    now.toISOString(),
  );
}
