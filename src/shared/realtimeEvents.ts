// The names of the socket events between the API and the apps, and the socket's path: plain
// constants, without the payloads' schemas (realtime.ts), so that the web app's socket, opened
// after every area's first paint, does not bring zod and the shared schemas with it.

export const REALTIME_PATH = '/socket.io';

export const SERVER_EVENTS = {
  notification: 'notification:new',
  unseenCounts: 'unseen:counts',
  chatMessage: 'chat:message',
  typing: 'chat:typing',
  chatDeleted: 'chat:deleted',
  chatRead: 'chat:read',
  /** The user's rooms changed (joined or left one): reload the list. */
  chatRooms: 'chat:rooms',
  /** A room's members changed (a group's, by the office): read the room again. */
  chatMembers: 'chat:members',
  sessionStarted: 'session:started',
} as const;

/** Events a client sends about chat; each answers through the socket.io acknowledgement. */
export const CHAT_CLIENT_EVENTS = {
  /** Enter a room's live events; answers what came after `after` (the catch-up). */
  join: 'chat:join',
  leave: 'chat:leave',
  /** Store and broadcast a message; the answer is the stored message. */
  send: 'chat:send',
  typing: 'chat:typing',
} as const;
