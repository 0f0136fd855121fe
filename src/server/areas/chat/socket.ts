import type { Server, Socket } from 'socket.io';
import {
  CHAT_CLIENT_EVENTS,
  SERVER_EVENTS,
  chatJoinRequest,
  chatRoomRequest,
  chatSendRequest,
  chatSocketRoom,
  type ChatAck,
} from '../../../shared/realtime';
import { CHAT_CATCH_UP_MAX } from '../../../shared/chat/text';
import type { ServerDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import * as q from './queries';
import { withAttachments } from './attachments';
import { sendMessage } from './service';

// Chat over the socket. A socket that named its school (the role area's) enters the rooms of
// all its memberships there when it connects, for the live badge; a chat screen's socket enters
// one room by `chat:join`. Either way the server checks membership first: a socket never sits in
// a room it could not read. Sends are stored before they are acknowledged and broadcast.

type Ack<T> = (answer: ChatAck<T>) => void;

const refusal = (error: unknown): ChatAck<never> =>
  error instanceof ApiError
    ? { ok: false, error: error.code, message: error.message }
    : { ok: false, error: 'internal', message: 'Something went wrong; try again.' };

/** The room a socket's user is still a member of (and still in that school), or undefined. */
const memberRoom = (deps: ServerDeps, roomId: number, userId: number) =>
  q.roomOfMember(deps.db, roomId, userId);

const notMember: ChatAck<never> = {
  ok: false,
  error: 'not_found',
  message: 'This chat room does not exist.',
};

/**
 * Enters the socket into every room of the user in the school, then reads them again and leaves
 * any the user left meanwhile (a removal announced while the first read was on its way).
 */
async function enterRoomsOfUser(
  deps: ServerDeps,
  socket: Socket,
  schoolId: number,
  userId: number,
) {
  const ids = await q.roomIdsOfUser(deps.db, schoolId, userId);
  await socket.join(ids.map(chatSocketRoom));
  const still = new Set(await q.roomIdsOfUser(deps.db, schoolId, userId));
  for (const id of ids) if (!still.has(id)) await socket.leave(chatSocketRoom(id));
}

export function attachChatSockets(io: Server, deps: ServerDeps): void {
  io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as number | undefined;
    if (userId === undefined) return;
    const schoolId = socket.data.schoolId as number | undefined;
    if (schoolId !== undefined)
      void enterRoomsOfUser(deps, socket, schoolId, userId).catch(() => undefined);

    socket.on(CHAT_CLIENT_EVENTS.join, async (payload: unknown, ack?: Ack<unknown>) => {
      if (typeof ack !== 'function') return;
      const parsed = chatJoinRequest.safeParse(payload);
      if (!parsed.success) return ack({ ok: false, error: 'validation', message: 'Invalid join.' });
      try {
        const room = await memberRoom(deps, parsed.data.room_id, userId);
        if (!room) return ack(notMember);
        socket.data.name ??= await q.userName(deps.db, userId);
        await socket.join(chatSocketRoom(room.id));
        // Taken out of the room between the check and the join: the office's removal told the
        // sockets already in the room, not this one. Asked again now, it leaves.
        if (!(await memberRoom(deps, room.id, userId))) {
          await socket.leave(chatSocketRoom(room.id));
          return ack(notMember);
        }
        // Joined first, then read: a message stored in between arrives twice, never not at all.
        const missed =
          parsed.data.after > 0
            ? await q.messagesAfter(
                deps.db,
                room.school_id,
                room.id,
                parsed.data.after,
                CHAT_CATCH_UP_MAX,
              )
            : [];
        ack({
          ok: true,
          data: {
            messages: await withAttachments(deps, room.school_id, missed, userId),
            complete: missed.length < CHAT_CATCH_UP_MAX,
          },
        });
      } catch (error) {
        ack(refusal(error));
      }
    });

    socket.on(CHAT_CLIENT_EVENTS.leave, (payload: unknown) => {
      const parsed = chatRoomRequest.safeParse(payload);
      if (parsed.success && schoolId === undefined)
        void socket.leave(chatSocketRoom(parsed.data.room_id));
    });

    socket.on(CHAT_CLIENT_EVENTS.send, async (payload: unknown, ack?: Ack<unknown>) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      const parsed = chatSendRequest.safeParse(payload);
      if (!parsed.success)
        return answer({ ok: false, error: 'validation', message: 'Invalid message.' });
      try {
        const room = await memberRoom(deps, parsed.data.room_id, userId);
        if (!room) return answer(notMember);
        // Text only: files are uploaded over HTTP and sent with the HTTP call.
        const message = await sendMessage(deps, { schoolId: room.school_id, userId }, room.id, {
          body: parsed.data.body,
        });
        answer({ ok: true, data: message });
      } catch (error) {
        answer(refusal(error));
      }
    });

    // Typing goes only to a room the socket entered (membership checked then), and is never
    // stored: nothing is lost when it does not arrive.
    socket.on(CHAT_CLIENT_EVENTS.typing, (payload: unknown) => {
      const parsed = chatRoomRequest.safeParse(payload);
      if (!parsed.success) return;
      const room = chatSocketRoom(parsed.data.room_id);
      if (!socket.rooms.has(room)) return;
      socket.to(room).emit(SERVER_EVENTS.typing, {
        room_id: parsed.data.room_id,
        user_id: userId,
        name: (socket.data.name as string | undefined) ?? '',
      });
    });
  });
}
