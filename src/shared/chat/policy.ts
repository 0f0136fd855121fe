import type { ChatRoomKind } from '../api/chat';
import { ROLES, type Role } from '../constants';

// Who may open a direct conversation with whom: the one rule, used by the server for the
// contacts it offers and for every conversation it opens (tests/shared/chat-policy.test.ts
// walks every pair). Lesson rooms and the rooms an admin makes are not conversations one
// person opens, and follow enrolment and the admin's choice instead.

export interface ConversationRequest {
  /** The role the caller acts in. */
  from: Role;
  /** The role the other person holds in the same school. */
  to: Role;
  /**
   * Whether a lesson ties the two: a teacher teaches the student (or the parent's child), or two
   * students attend a lesson together. Staff need none.
   */
  sharesLesson: boolean;
  /** The school's `chat_students_may_message` setting. */
  studentsMayMessage: boolean;
}

const isStaff = (role: Role) => role === 'admin' || role === 'teacher';

/**
 * Staff with staff always; a teacher with a student or a parent whose lesson they teach (either
 * side may begin); students with each other only where the school allows it and a lesson ties
 * them. Parents do not message students or other parents, and the office reaches families
 * through the rooms it makes and through announcements.
 */
export function mayOpenConversation(request: ConversationRequest): boolean {
  const { from, to, sharesLesson, studentsMayMessage } = request;
  if (isStaff(from) && isStaff(to)) return true;
  const pair = new Set([from, to]);
  if (pair.has('teacher') && (pair.has('student') || pair.has('client'))) return sharesLesson;
  if (from === 'student' && to === 'student') return studentsMayMessage && sharesLesson;
  return false;
}

/** The roles a caller may ever reach (given a shared lesson), to narrow the contact search. */
export const reachableRoles = (from: Role, roles: readonly Role[], studentsMayMessage: boolean) =>
  roles.filter((to) => mayOpenConversation({ from, to, sharesLesson: true, studentsMayMessage }));

/** Who makes rooms with chosen members (group rooms): the office. */
export const mayMakeRooms = (role: Role) => role === 'admin';

/**
 * Whose members are changed by hand, and by whom: a group room's, by the office (who made it).
 * A lesson room follows the lesson's enrolment, and a direct conversation is its two people.
 */
export const mayManageMembers = (role: Role, kind: ChatRoomKind) =>
  mayMakeRooms(role) && kind === 'group';

/** Who may be added to a group room: anyone of the school (the office chooses, as on creation). */
export const ROOM_MEMBER_ROLES: readonly Role[] = ROLES;
