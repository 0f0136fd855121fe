import type { Server } from 'socket.io';
import { userRoom } from '../../shared/realtime';

/**
 * Sends events to users' sockets. Areas get the hub from their deps; it is bound to the
 * socket.io server once that exists, and goes through the Redis adapter when there is one,
 * so a user connected to another node receives the event too.
 */
export interface RealtimeHub {
  toUsers(userIds: number[], event: string, payload: unknown): void;
  bind(io: Server): void;
}

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
  };
}
