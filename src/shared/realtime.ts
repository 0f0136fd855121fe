import { z } from 'zod';

// Socket events between the API and the apps. The client connects to the API's origin
// (path /socket.io) with `auth: { token, school_id, role }`.

export const REALTIME_PATH = '/socket.io';

export const realtimeAuth = z.object({
  token: z.string().min(1).max(200),
  school_id: z.coerce.number().int().positive().optional(),
  role: z.enum(['admin', 'teacher', 'student', 'client']).optional(),
});

export const SERVER_EVENTS = {
  notification: 'notification:new',
  unseenCounts: 'unseen:counts',
  chatMessage: 'chat:message',
  typing: 'chat:typing',
  sessionStarted: 'session:started',
} as const;

/** Sent to each recipient when notifications are written for them (one event per write). */
export const notificationEvent = z.object({
  school_id: z.number().int(),
  title: z.string(),
  entity: z.string().nullable(),
  entity_id: z.number().int().nullable(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

export const unseenCountsEvent = z.object({
  school_id: z.number().int(),
  notifications: z.number().int(),
  messages: z.number().int(),
});
export type UnseenCountsEvent = z.infer<typeof unseenCountsEvent>;

/** Room names: every socket of a user joins its user room (and its school-role room). */
export const userRoom = (userId: number) => `user:${userId}`;
export const schoolRoleRoom = (schoolId: number, role: string) => `school:${schoolId}:${role}`;
