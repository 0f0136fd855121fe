import type { Server } from 'socket.io';
import { userRoom } from '../../shared/realtime';

/**
 * Sends events to users' sockets. Areas get the hub from their deps; it is bound to the
 * socket.io server once that exists, and goes through the Redis adapter when there is one,
 * so a user connected to another node receives the event too.
 */
export interface RealtimeHub {
  toUsers(userIds: number[], event: string, payload: unknown): void;
  /** Sends to the sockets in a socket.io room (a chat room's), on every node. */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Puts every socket of these users into a room, or takes them out, on every node. */
  usersJoin(userIds: number[], room: string): void;
  usersLeave(userIds: number[], room: string): void;
  /** Closes the sockets opened with this session, on every node (the session was revoked). */
  closeSession(sessionId: number): void;
  /** Closes every socket of this user, on every node (all sessions revoked, account disabled). */
  closeUser(userId: number): void;
  bind(io: Server): void;
}

/** Every socket joins the room of the session it authenticated with. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

export function createRealtimeHub(): RealtimeHub {
  let server: Server | null = null;
  return {
    bind(io) {
      server = io;
    },
    toUsers(userIds, event, payload) {
      if (!server || userIds.length === 0) return;
      server.to([...new Set(userIds)].map(userRoom)).emit(event, payload);
    },
    toRoom(room, event, payload) {
      server?.to(room).emit(event, payload);
    },
    usersJoin(userIds, room) {
      if (server && userIds.length > 0)
        server.in([...new Set(userIds)].map(userRoom)).socketsJoin(room);
    },
    usersLeave(userIds, room) {
      if (server && userIds.length > 0)
        server.in([...new Set(userIds)].map(userRoom)).socketsLeave(room);
    },
    // disconnectSockets goes through the adapter: with Redis, every node closes its own.
    closeSession(sessionId) {
      server?.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    closeUser(userId) {
      server?.in(userRoom(userId)).disconnectSockets(true);
    },
  };
}
