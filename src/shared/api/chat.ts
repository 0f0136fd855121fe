import { z } from 'zod';
import { ROLES } from '../constants';
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PAGE_SIZE,
  sanitizeChatText,
} from '../chat/text';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

export const CHAT_ROOM_KINDS = ['lesson', 'direct', 'group'] as const;
export type ChatRoomKind = (typeof CHAT_ROOM_KINDS)[number];

/** A message's text as the server stores it: sanitised plain text, 1 to 2000 characters. */
export const chatMessageText = z
  .string({ error: 'Write a message' })
  .max(CHAT_MESSAGE_MAX_LENGTH * 4, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
  .transform(sanitizeChatText)
  .pipe(
    z
      .string()
      .min(1, 'Write a message')
      .max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  );

/**
 * A file a message carries. `url` is a signed link for the one reader it was given to, which
 * works while they may read the room (docs/chat.md, Attachments); a live broadcast goes to many
 * readers at once and carries none: the client asks for the message again to get its own.
 */
export const chatAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  url: z.string().nullable(),
  url_expires_at: z.string().nullable(),
});
export type ChatAttachment = z.infer<typeof chatAttachment>;

/** One message; a deleted one keeps its place with an empty body and no attachments. */
export const chatMessage = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  user_id: z.number().int(),
  author_name: z.string(),
  /** May be empty when the message carries files. */
  body: z.string(),
  created_at: z.string(),
  deleted: z.boolean(),
  attachments: z.array(chatAttachment),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A row of the `messages` screen (spec §3 chat room: id, name, unread_messages_count). */
export const chatRoomSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CHAT_ROOM_KINDS),
  lesson_id: z.number().int().nullable(),
  unread_messages_count: z.number().int(),
  last_message: z
    .object({
      author_name: z.string(),
      body: z.string(),
      created_at: z.string(),
      deleted: z.boolean(),
    })
    .nullable(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummary>;

export const chatMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** The newest message this member has seen: the room's read state. */
  last_read_message_id: z.number().int(),
});
export type ChatMember = z.infer<typeof chatMember>;

/** One room as `message/{chat_room_id}` opens it, with what the caller may do there. */
export const chatRoomDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CHAT_ROOM_KINDS),
  lesson_id: z.number().int().nullable(),
  /** The caller's user id, to tell their own messages. */
  me: z.number().int(),
  members: z.array(chatMember),
  abilities: z.object({
    /** Write in the room (its members). */
    send: z.boolean(),
    /** Delete anyone's message (the lesson's teachers, the office). */
    moderate: z.boolean(),
    /** Add and remove members (the office, in a group room: shared/chat/policy.ts). */
    manage_members: z.boolean(),
  }),
});
export type ChatRoomDetail = z.infer<typeof chatRoomDetail>;

const cursor = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * What a member sends: text, files uploaded to the room beforehand (`POST …/files` with
 * type=chat and entity_id the room), or both.
 */
export const chatSendBody = z
  .object({
    body: z
      .string()
      .max(CHAT_MESSAGE_MAX_LENGTH * 4, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
      .transform(sanitizeChatText)
      .pipe(
        z.string().max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
      )
      .default(''),
    file_ids: z
      .array(cursor)
      .max(CHAT_ATTACHMENTS_MAX, `At most ${CHAT_ATTACHMENTS_MAX} files in one message`)
      .default([]),
  })
  .refine((message) => message.body !== '' || message.file_ids.length > 0, {
    message: 'Write a message',
    path: ['body'],
  });

export const chatHistoryQuery = z.object({
  /** Older than this message (the page above the oldest one shown). */
  before: cursor.optional(),
  /** Newer than this message (the catch-up after a reconnect); oldest first. */
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /** With `after`: the oldest message the client holds, to learn which of them were deleted. */
  from: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});

export const chatHistory = z.object({
  /** Oldest first. */
  messages: z.array(chatMessage),
  /** Pass as `before` for the page above; null at the beginning of the room. */
  next_before: z.number().int().nullable(),
  /** With `after` and `from`: which of the client's messages were deleted meanwhile. */
  deleted_ids: z.array(z.number().int()),
});
export type ChatHistory = z.infer<typeof chatHistory>;

export const chatContact = z.object({
  user_id: z.number().int(),
  role: z.enum(ROLES),
  name: z.string(),
});
export type ChatContact = z.infer<typeof chatContact>;

const roomParams = schoolRoleParams.extend({ id: idParam });

/** People to add to a group room (user ids of the school). */
export const chatMembersBody = z.object({
  user_ids: z
    .array(cursor, { error: 'Choose at least one person' })
    .min(1, 'Choose at least one person')
    .max(100, 'At most 100 people at a time'),
});

export const chatEndpoints = {
  room: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/chat/rooms/:id',
    access: 'school-role',
    summary: 'One chat room: its members with their read state and what the caller may do.',
    params: roomParams,
    response: chatRoomDetail,
  }),
  history: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/chat/rooms/:id/messages',
    access: 'school-role',
    summary:
      'A page of the room’s messages, paged backwards by `before`, or those after `after` (catch-up).',
    params: roomParams,
    query: chatHistoryQuery,
    response: chatHistory,
  }),
  send: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chat/rooms/:id/messages',
    access: 'school-role',
    summary:
      'Send a message with text, files uploaded to the room, or both (stored, then sent live to the room); rate-limited per person.',
    params: roomParams,
    body: chatSendBody,
    response: chatMessage,
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/chat/rooms/:id/messages/:message_id',
    access: 'school-role',
    summary:
      'Delete a message and its files: one’s own, or any as the lesson’s teacher or the office.',
    params: roomParams.extend({ message_id: idParam }),
    response: z.null(),
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chat/rooms/:id/read',
    access: 'school-role',
    summary: 'Mark the room read up to a message (never backwards).',
    params: roomParams,
    body: z.object({ message_id: cursor }),
    response: z.object({ last_read_message_id: z.number().int() }),
  }),
  contacts: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/chat/contacts',
    access: 'school-role',
    summary:
      'People of the school the caller may open a conversation with; `for=room`: everyone of the school, for the office choosing the members of a room.',
    params: schoolRoleParams,
    query: z.object({
      search: z.string().trim().max(200).optional(),
      for: z.enum(['conversation', 'room'], { error: 'Choose conversation or room' }).optional(),
      /** With `for=room`: leave out the people already in this room (adding members to it). */
      room_id: cursor.optional(),
    }),
    response: z.array(chatContact),
  }),
  openDirect: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chat/direct',
    access: 'school-role',
    summary: 'Open (or find again) the direct conversation with one person.',
    params: schoolRoleParams,
    body: z.object({ user_id: cursor, role: z.enum(ROLES) }),
    response: z.object({ id: z.number().int() }),
  }),
  createRoom: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chat/rooms',
    access: 'school-role',
    summary: 'Make a room with chosen members (the office).',
    params: schoolRoleParams,
    body: z.object({
      name: z.string().trim().min(1, 'This field is required').max(120),
      user_ids: z.array(cursor).min(1, 'Choose at least one member').max(500),
    }),
    response: z.object({ id: z.number().int() }),
  }),
  addMembers: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/chat/rooms/:id/members',
    access: 'school-role',
    summary:
      'Add people of the school to a group room (the office); they see its history and its new messages live. Answers the members.',
    params: roomParams,
    body: chatMembersBody,
    response: z.array(chatMember),
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/chat/rooms/:id/members/:user_id',
    access: 'school-role',
    summary:
      'Take a person out of a group room (the office): they no longer read it, send to it or hear it live. Answers the members.',
    params: roomParams.extend({ user_id: idParam }),
    response: z.array(chatMember),
  }),
};
