import { chatSendBody, type ChatMessage } from '../../../shared/api/chat';
import { fieldsOf } from '../../../shared/api/envelope';
import { CHAT_SEND_LIMIT, CHAT_SEND_WINDOW_MS } from '../../../shared/chat/text';
import { ROOM_MEMBER_ROLES } from '../../../shared/chat/policy';
import { SERVER_EVENTS, chatSocketRoom } from '../../../shared/realtime';
import type { ServerDeps } from '../../deps';
import { ApiError, notFound, validationError } from '../../http/errors';
import { announceMembershipChanges } from './lesson-rooms';
import { findCandidates, type ChatCaller } from './contacts';
import { removeMessageFiles, withAttachments } from './attachments';
import { messageWriter, writeMessageWithFiles } from './message-writer';
import { assertMayCreateRoom, assertMayDelete, contactRoles, mayMessage } from './policy';
import type { RoomAccess } from './policy';
import * as q from './queries';

// Chat's rules: a message is stored before anyone hears of it, and then told to the room's
// sockets on every node (the Redis adapter); sending is counted per person across nodes.

/** The school's choice whether students may write to each other (off unless set to "true"). */
export async function studentsMayMessage(deps: ServerDeps, schoolId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom('settings')
    .select('data')
    .where('school_id', '=', schoolId)
    .where('name', '=', 'chat_students_may_message')
    .executeTakeFirst();
  return row?.data === 'true';
}

/**
 * Stores a message from a member (checked by the caller), then broadcasts it: text, the
 * member's files waiting in the room (`file_ids`), or both. Answers it with links for the sender.
 */
export async function sendMessage(
  deps: ServerDeps,
  sender: { schoolId: number; userId: number },
  roomId: number,
  input: { body: unknown; file_ids?: unknown },
): Promise<ChatMessage> {
  const parsed = chatSendBody.safeParse(input);
  if (!parsed.success)
    throw validationError(fieldsOf(parsed.error), parsed.error.issues[0]?.message);
  const decision = await deps.limiter.hit(
    `chat:send:${sender.userId}`,
    CHAT_SEND_LIMIT,
    CHAT_SEND_WINDOW_MS,
  );
  if (!decision.allowed)
    throw new ApiError(
      'rate_limited',
      'You are sending messages too fast; wait a moment.',
      undefined,
      decision.retryAfter,
    );
  const message = {
    schoolId: sender.schoolId,
    roomId,
    userId: sender.userId,
    body: parsed.data.body,
    nowIso: deps.now().toISOString(),
  };
  const fileIds = parsed.data.file_ids;
  const stored =
    fileIds.length > 0
      ? await writeMessageWithFiles(deps.db, message, fileIds)
      : await messageWriter(deps.db).write(message);
  const [forSender] =
    fileIds.length > 0
      ? await withAttachments(deps, sender.schoolId, [stored], sender.userId)
      : [stored];
  deps.realtime.toRoom(chatSocketRoom(roomId), SERVER_EVENTS.chatMessage, {
    school_id: sender.schoolId,
    room_id: roomId,
    // One payload for every reader: the files without links (each asks for its own).
    message: {
      ...forSender!,
      attachments: forSender!.attachments.map((a) => ({ ...a, url: null, url_expires_at: null })),
    },
  });
  return forSender!;
}

/** Deletes a message (softly) and its files, in one transaction, then tells the room. */
export async function deleteMessage(
  deps: ServerDeps,
  access: RoomAccess,
  userId: number,
  messageId: number,
): Promise<void> {
  const { room } = access;
  const message = await q.messageInRoom(deps.db, room.school_id, room.id, messageId);
  if (!message) throw notFound('This message does not exist.');
  assertMayDelete(access, userId, message);
  if (message.deleted_at) return;
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await q.softDeleteMessage(trx, room.school_id, messageId, userId, now.toISOString());
    await removeMessageFiles(trx, room.school_id, messageId, now);
  });
  deps.realtime.toRoom(chatSocketRoom(room.id), SERVER_EVENTS.chatDeleted, {
    school_id: room.school_id,
    room_id: room.id,
    message_id: messageId,
  });
}

/** Moves the member's read position and tells the room (read state) and their other devices. */
export async function markRoomRead(
  deps: ServerDeps,
  scope: q.ChatScope,
  roomId: number,
  messageId: number,
): Promise<number> {
  const position = await q.markRead(deps.db, scope.schoolId, roomId, scope.userId, messageId);
  deps.realtime.toRoom(chatSocketRoom(roomId), SERVER_EVENTS.chatRead, {
    school_id: scope.schoolId,
    room_id: roomId,
    user_id: scope.userId,
    last_read_message_id: position,
  });
  return position;
}

/** A page of the room's history (or the catch-up), its files with links for `reader`. */
export async function roomHistory(
  deps: ServerDeps,
  access: RoomAccess,
  reader: number,
  query: { before?: number; after?: number; from?: number; limit: number },
) {
  const { school_id: schoolId, id: roomId } = access.room;
  if (query.after !== undefined) {
    const messages = await q.messagesAfter(deps.db, schoolId, roomId, query.after, query.limit);
    const deleted =
      query.from !== undefined
        ? await q.deletedBetween(deps.db, schoolId, roomId, query.from, query.after)
        : [];
    return {
      messages: await withAttachments(deps, schoolId, messages, reader),
      next_before: null,
      deleted_ids: deleted,
    };
  }
  const page = await q.messagesBefore(deps.db, schoolId, roomId, query.before, query.limit);
  return {
    messages: await withAttachments(deps, schoolId, page.messages, reader),
    next_before: page.nextBefore,
    deleted_ids: [],
  };
}

const CONTACTS_SHOWN = 30;

/**
 * People the caller may open a conversation with, by name; for a room (`purpose: 'room'`, the
 * office choosing its members), everyone of the school, less the members of `roomId` when given.
 */
export async function listContacts(
  deps: ServerDeps,
  caller: ChatCaller,
  search?: string,
  purpose: 'conversation' | 'room' = 'conversation',
  roomId?: number,
) {
  if (purpose === 'room') {
    assertMayCreateRoom(caller);
    if (roomId !== undefined && !(await q.roomInSchool(deps.db, caller.schoolId, roomId)))
      throw notFound('This chat room does not exist.');
    const everyone = await findCandidates(deps.db, caller, ROOM_MEMBER_ROLES, {
      search,
      notInRoom: roomId,
      limit: CONTACTS_SHOWN,
    });
    // A room's members are people: one row each, whichever roles they hold.
    const seen = new Set<number>();
    return everyone
      .filter((c) => !seen.has(c.user_id) && seen.add(c.user_id))
      .map((c) => ({ user_id: c.user_id, role: c.role, name: c.name }));
  }
  const allowStudents = await studentsMayMessage(deps, caller.schoolId);
  const candidates = await findCandidates(deps.db, caller, contactRoles(caller, allowStudents), {
    search,
    limit: CONTACTS_SHOWN * 4,
  });
  return candidates
    .filter((c) => mayMessage(caller, c, allowStudents))
    .slice(0, CONTACTS_SHOWN)
    .map((c) => ({ user_id: c.user_id, role: c.role, name: c.name }));
}

/** Finds the direct room of the caller and one person, or opens it when the policy allows. */
export async function openDirect(
  deps: ServerDeps,
  caller: ChatCaller,
  target: { user_id: number; role: ChatCaller['role'] },
): Promise<number> {
  const allowStudents = await studentsMayMessage(deps, caller.schoolId);
  const [candidate] = await findCandidates(deps.db, caller, [target.role], {
    userId: target.user_id,
    limit: 1,
  });
  if (!candidate) throw notFound('This person is not in this school.');
  if (!mayMessage(caller, candidate, allowStudents))
    throw new ApiError('forbidden', 'You cannot start a conversation with this person.');
  const low = Math.min(caller.userId, target.user_id);
  const high = Math.max(caller.userId, target.user_id);
  const key = `${low}:${high}`;
  const existing = await q.directRoom(deps.db, caller.schoolId, key);
  if (existing) return existing.id;
  const callerName = await q.userName(deps.db, caller.userId);
  const nowIso = deps.now().toISOString();
  let roomId: number;
  try {
    roomId = await deps.db.transaction().execute((trx) =>
      q.insertRoom(
        trx,
        {
          schoolId: caller.schoolId,
          // Stored with both names so that either side's search finds it; shown as the other's.
          name: `${callerName} · ${candidate.name}`,
          kind: 'direct',
          directKey: key,
          createdBy: caller.userId,
          nowIso,
        },
        [caller.userId, target.user_id],
      ),
    );
  } catch (error) {
    // Both opened it at once: the unique key let one through.
    const raced = await q.directRoom(deps.db, caller.schoolId, key);
    if (raced) return raced.id;
    throw error;
  }
  announceMembershipChanges(deps.realtime, caller.schoolId, [
    { roomId, added: [caller.userId, target.user_id], removed: [] },
  ]);
  return roomId;
}

/** A room the office makes with chosen people of the school (and the maker). */
export async function createRoom(
  deps: ServerDeps,
  caller: ChatCaller,
  body: { name: string; user_ids: number[] },
): Promise<number> {
  assertMayCreateRoom(caller);
  const wanted = [...new Set(body.user_ids)];
  const inSchool = await deps.db
    .selectFrom('memberships')
    .select('user_id')
    .distinct()
    .where('school_id', '=', caller.schoolId)
    .where('user_id', 'in', wanted)
    .execute();
  if (inSchool.length !== wanted.length)
    throw validationError({ user_ids: 'Choose people of this school' });
  const members = [...new Set([caller.userId, ...wanted])];
  const roomId = await deps.db.transaction().execute((trx) =>
    q.insertRoom(
      trx,
      {
        schoolId: caller.schoolId,
        name: body.name,
        kind: 'group',
        createdBy: caller.userId,
        nowIso: deps.now().toISOString(),
      },
      members,
    ),
  );
  announceMembershipChanges(deps.realtime, caller.schoolId, [
    { roomId, added: members, removed: [] },
  ]);
  return roomId;
}
