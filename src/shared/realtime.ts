import { z } from 'zod';
import { chatMessage } from './api/chat';

// Socket events between the API and the apps: the payloads' schemas. The client connects to the
// API's origin (path /socket.io) with `auth: { token, school_id, role }`. The events' names are in
// realtimeEvents.ts, which the web app's socket reads without loading zod.
export { CHAT_CLIENT_EVENTS, REALTIME_PATH, SERVER_EVENTS } from './realtimeEvents';

export const realtimeAuth = z.object({
  token: z.string().min(1).max(200),
  school_id: z.coerce.number().int().positive().optional(),
  role: z.enum(['admin', 'teacher', 'student', 'client']).optional(),
});

/** Sent to each recipient when notifications are written for them (one event per write). */
export const notificationEvent = z.object({
  school_id: z.number().int(),
  /** The recipient's role it was written for (a parent who also teaches has two areas). */
  role: z.string().optional(),
  title: z.string(),
  entity: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  lesson_id: z.number().int().nullable().optional(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

export const unseenCountsEvent = z.object({
  school_id: z.number().int(),
  /** The role whose notifications were counted (their counts are per role). */
  role: z.string().optional(),
  notifications: z.number().int(),
  messages: z.number().int(),
});
export type UnseenCountsEvent = z.infer<typeof unseenCountsEvent>;

/** Room names: every socket of a user joins its user room (and its school-role room). */
export const userRoom = (userId: number) => `user:${userId}`;
export const schoolRoleRoom = (schoolId: number, role: string) => `school:${schoolId}:${role}`;

/** A chat room's socket.io room: sockets enter it only after the server checked membership. */
export const chatSocketRoom = (roomId: number) => `chat:${roomId}`;

export const chatJoinRequest = z.object({
  room_id: z.number().int().positive(),
  /** The newest message the client holds (0: none). */
  after: z.number().int().min(0).default(0),
});
export const chatSendRequest = z.object({
  room_id: z.number().int().positive(),
  body: z.string(),
});
export const chatRoomRequest = z.object({ room_id: z.number().int().positive() });

/** A new message, to the room's sockets (its attachments without links: see chatAttachment). */
export const chatMessageEvent = z.object({
  school_id: z.number().int(),
  room_id: z.number().int(),
  message: chatMessage,
});
export type ChatMessageEvent = z.infer<typeof chatMessageEvent>;

export const chatDeletedEvent = z.object({
  school_id: z.number().int(),
  room_id: z.number().int(),
  message_id: z.number().int(),
});
export const chatReadEvent = z.object({
  school_id: z.number().int(),
  room_id: z.number().int(),
  user_id: z.number().int(),
  last_read_message_id: z.number().int(),
});
export const chatMembersEvent = z.object({
  school_id: z.number().int(),
  room_id: z.number().int(),
});
export const chatTypingEvent = z.object({
  room_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
});

/** What an acknowledgement carries: the answer, or an envelope error code and message. */
export type ChatAck<T> = { ok: true; data: T } | { ok: false; error: string; message: string };
