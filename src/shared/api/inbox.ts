import { z } from 'zod';
import { endpoint } from './endpoint';
import { schoolRoleParams } from './school';

export const NOTIFICATION_ENTITIES = [
  'task',
  'event',
  'announcements',
  'taskbook',
  'quiz',
  /** A child's absences (the day's notice, the threshold's warning): entity_id is the student. */
  'absence',
] as const;
export type NotificationEntity = (typeof NOTIFICATION_ENTITIES)[number];

export const notification = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string().nullable(),
  /** ISO-8601 instant. */
  entrydate: z.string(),
  entity: z.enum(NOTIFICATION_ENTITIES).nullable(),
  entity_id: z.number().int().nullable(),
  seen: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const chatRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  unread_messages_count: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

const listQuery = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const inboxEndpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/notifications',
    access: 'school-role',
    summary: "The caller's notifications in this school and role, newest first.",
    params: schoolRoleParams,
    query: listQuery,
    response: z.array(notification),
    list: true,
  }),
  unseenNotifications: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/notifications/unseen',
    access: 'school-role',
    summary: 'How many notifications the caller has not seen.',
    params: schoolRoleParams,
    response: z.object({ count: z.number().int() }),
  }),
  markNotificationsSeen: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/notifications/seen',
    access: 'school-role',
    summary: "Mark all the caller's notifications in this school and role seen.",
    params: schoolRoleParams,
    response: z.object({ count: z.number().int() }),
  }),
  unseenMessages: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/messages/unseen',
    access: 'school-role',
    summary: 'How many chat messages the caller has not read.',
    params: schoolRoleParams,
    response: z.object({ count: z.number().int() }),
  }),
  chatRooms: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/messages/chatrooms',
    access: 'school-role',
    summary: "The caller's chat rooms with unread counts.",
    params: schoolRoleParams,
    query: listQuery,
    response: z.array(chatRoom),
    list: true,
  }),
};
