import type { Kysely } from 'kysely';
import {
  mayMakeRooms,
  mayManageMembers,
  mayOpenConversation,
  reachableRoles,
} from '../../../shared/chat/policy';
import { ROLES, type Role } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../http/errors';
import type { Candidate, ChatCaller } from './contacts';
import { holdsRole, isMember, roomInSchool, roomOfMember, type RoomRow } from './queries';

// Chat: who may do what. The one place.
//
// - A room's members read it and write in it. Nobody else reads a direct conversation.
// - The office (admins of the school) may open lesson rooms and the rooms admins make, to
//   moderate them, without being members (they do not write there unless they are).
// - Deleting a message: its author, and in a lesson room its teachers, and the office in every
//   room but a direct conversation.
// - Opening a conversation: shared/chat/policy.ts mayOpenConversation, on the facts the
//   contacts query gathers. Making a room with chosen members: the office.
// - Attachments: a room's members upload to it (what they send with a message); a file not
//   sent yet is its uploader's alone. A sent file is opened by whoever may read the room at
//   the moment of the download (its link names the reader, checked again then), and goes
//   with its message.
// - Members of a room by hand: only a group room's, by the office (shared/chat/policy.ts
//   mayManageMembers); a lesson room's follow enrolment (409), a direct one is its two people.
// - Another school's room is not found, whatever the caller's role there.

export interface RoomAccess {
  room: RoomRow;
  member: boolean;
  moderate: boolean;
  /** Add and remove members by hand. */
  manageMembers: boolean;
}

/** The room as the caller may use it; 404 for a room they may not open (or another school's). */
export async function roomAccess(
  db: Kysely<Database>,
  caller: Pick<ChatCaller, 'schoolId' | 'userId' | 'role'>,
  roomId: number,
): Promise<RoomAccess> {
  const room = await roomInSchool(db, caller.schoolId, roomId);
  if (!room) throw notFound('This chat room does not exist.');
  const member = await isMember(db, caller.schoolId, roomId, caller.userId);
  const office = caller.role === 'admin' && room.kind !== 'direct';
  if (!member && !office) throw notFound('This chat room does not exist.');
  const teachesLesson = room.kind === 'lesson' && member && caller.role === 'teacher';
  return {
    room,
    member,
    moderate: office || teachesLesson,
    manageMembers: mayManageMembers(caller.role, room.kind),
  };
}

export function assertMayManageMembers(access: RoomAccess, caller: { role: Role }): void {
  if (access.manageMembers) return;
  // The office is told why a lesson room is not its to change; anyone else simply may not.
  if (access.room.kind === 'lesson' && mayMakeRooms(caller.role))
    throw new ApiError(
      'conflict',
      "A lesson room's members are the lesson's teachers and students: change the lesson's enrolment.",
    );
  throw forbidden("Only the office changes a group's members.");
}

export function assertMaySend(access: RoomAccess): void {
  if (!access.member) throw forbidden('Only the members of this room write in it.');
}

export function assertMayDelete(
  access: RoomAccess,
  callerUserId: number,
  message: { user_id: number },
): void {
  if (message.user_id === callerUserId || access.moderate) return;
  throw forbidden("You may delete only your own messages here; the lesson's teacher moderates.");
}

/**
 * Whether a user may open a room's files now, whatever role they signed in with: a member
 * still in the school, or the office for every room but a direct conversation (as roomAccess).
 */
export async function mayReadRoomFiles(
  db: Kysely<Database>,
  schoolId: number,
  roomId: number,
  userId: number,
): Promise<boolean> {
  const membership = await roomOfMember(db, roomId, userId);
  if (membership) return membership.school_id === schoolId;
  const room = await roomInSchool(db, schoolId, roomId);
  if (!room || room.kind === 'direct') return false;
  return holdsRole(db, schoolId, userId, 'admin');
}

/** A file attached in a room's composer and not sent yet belongs to its uploader alone. */
export function assertOwnUnsentFile(
  file: { uploaded_by_user_id: number | null },
  userId: number,
): void {
  if (file.uploaded_by_user_id !== userId) throw notFound('This file does not exist.');
}

export function assertMayCreateRoom(caller: { role: Role }): void {
  if (!mayMakeRooms(caller.role)) throw forbidden('Only the office makes chat rooms.');
}

/** The roles the caller could ever open a conversation with, to narrow the contact search. */
export const contactRoles = (caller: { role: Role }, studentsMayMessage: boolean) =>
  reachableRoles(caller.role, ROLES, studentsMayMessage);

/** Whether the caller may open a conversation with a candidate the contacts query found. */
export const mayMessage = (
  caller: { role: Role },
  candidate: Candidate,
  studentsMayMessage: boolean,
) =>
  mayOpenConversation({
    from: caller.role,
    to: candidate.role,
    sharesLesson: candidate.shares_lesson,
    studentsMayMessage,
  });
