import { z } from 'zod';
import { chatRoomSummary, type ChatRoomSummary } from './chat';
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
  /** The lesson the entity belongs to, when it has one (a quiz opens under its lesson). */
  lesson_id: z.number().int().nullable(),
  seen: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

/** One notification opened by itself: what it says and the name of what it refers to. */
export const notificationDetail = notification.extend({
  /** The referred entity's title or name (an announcement's title, a student's name), or null. */
  subject: z.string().nullable(),
});
export type NotificationDetail = z.infer<typeof notificationDetail>;

const notificationParams = schoolRoleParams.extend({
  notification_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Spec §3 chat room (id, name, unread_messages_count) with its kind and last message. */
export const chatRoom = chatRoomSummary;
export type ChatRoom = ChatRoomSummary;

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
  notification: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/notifications/:notification_id',
    access: 'school-role',
    summary:
      "One of the caller's notifications with the name of what it refers to; another's is 404.",
    params: notificationParams,
    response: notificationDetail,
  }),
  markNotificationSeen: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/notifications/:notification_id/seen',
    access: 'school-role',
    summary: "Mark one of the caller's notifications seen (on opening it); another's is 404.",
    params: notificationParams,
    response: z.object({ seen: z.boolean() }),
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
    summary:
      "The caller's chat rooms, most recently active first, with unread counts and the last message.",
    params: schoolRoleParams,
    query: listQuery,
    response: z.array(chatRoom),
    list: true,
  }),
};
