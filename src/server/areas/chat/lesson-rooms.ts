import { sql, type Kysely } from 'kysely';
import { SERVER_EVENTS, chatSocketRoom } from '../../../shared/realtime';
import type { Database } from '../../db/schema';
import type { RealtimeHub } from '../../realtime/hub';

// Each lesson has one chat room whose members are its teachers and students. Whoever changes
// enrolment (the lesson's form, a student's or teacher's lessons, a lesson made from a
// template) calls these inside the same transaction, and tells the sockets once committed.

export interface MembershipChange {
  roomId: number;
  added: number[];
  removed: number[];
}

/** Brings one lesson's room in step with the lesson: created, renamed, members added, removed. */
export async function syncLessonRoom(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  nowIso: string,
): Promise<MembershipChange | null> {
  const lesson = await db
    .selectFrom('lessons')
    .select('name')
    .where('school_id', '=', schoolId)
    .where('id', '=', lessonId)
    .executeTakeFirst();
  if (!lesson) return null;
  let room = await db
    .selectFrom('chat_rooms')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  if (!room) {
    const inserted = await db
      .insertInto('chat_rooms')
      .values({
        school_id: schoolId,
        name: lesson.name,
        kind: 'lesson',
        lesson_id: lessonId,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    room = { id: inserted.id, name: lesson.name };
  } else if (room.name !== lesson.name) {
    await db
      .updateTable('chat_rooms')
      .set({ name: lesson.name })
      .where('school_id', '=', schoolId)
      .where('id', '=', room.id)
      .execute();
  }
  const { rows: wanted } = await sql<{ user_id: number }>`
    select distinct m.user_id from memberships m
    where m.school_id = ${schoolId} and m.id in (
      select lt.teacher_id from lesson_teachers lt where lt.school_id = ${schoolId} and lt.lesson_id = ${lessonId}
      union
      select ls.student_id from lesson_students ls where ls.school_id = ${schoolId} and ls.lesson_id = ${lessonId})`.execute(
    db,
  );
  const current = await db
    .selectFrom('chat_room_members')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('room_id', '=', room.id)
    .execute();
  const want = new Set(wanted.map((r) => Number(r.user_id)));
  const have = new Set(current.map((r) => r.user_id));
  const added = [...want].filter((id) => !have.has(id));
  const removed = [...have].filter((id) => !want.has(id));
  if (added.length > 0)
    await db
      .insertInto('chat_room_members')
      .values(
        added.map((userId) => ({
          school_id: schoolId,
          room_id: room.id,
          user_id: userId,
          last_read_message_id: 0,
        })),
      )
      .execute();
  if (removed.length > 0)
    await db
      .deleteFrom('chat_room_members')
      .where('school_id', '=', schoolId)
      .where('room_id', '=', room.id)
      .where('user_id', 'in', removed)
      .execute();
  return { roomId: room.id, added, removed };
}

/** Syncs the rooms of every lesson a membership is in, or whose room its user is still in. */
export async function syncLessonRoomsOfMembership(
  db: Kysely<Database>,
  schoolId: number,
  membershipId: number,
  nowIso: string,
): Promise<MembershipChange[]> {
  const { rows } = await sql<{ lesson_id: number }>`
    select lt.lesson_id from lesson_teachers lt where lt.school_id = ${schoolId} and lt.teacher_id = ${membershipId}
    union
    select ls.lesson_id from lesson_students ls where ls.school_id = ${schoolId} and ls.student_id = ${membershipId}
    union
    select r.lesson_id from chat_rooms r
    join chat_room_members cm on cm.room_id = r.id and cm.school_id = r.school_id
    join memberships m on m.user_id = cm.user_id and m.school_id = cm.school_id
    where r.school_id = ${schoolId} and r.kind = 'lesson' and m.id = ${membershipId}`.execute(db);
  const changes: MembershipChange[] = [];
  for (const row of rows) {
    if (row.lesson_id === null) continue;
    const change = await syncLessonRoom(db, schoolId, Number(row.lesson_id), nowIso);
    if (change && (change.added.length || change.removed.length)) changes.push(change);
  }
  return changes;
}

/**
 * Once committed: sockets of those who joined enter the room's socket.io room, those who left
 * leave it, on every node; both are told to reload their list of rooms.
 */
export function announceMembershipChanges(
  realtime: RealtimeHub,
  schoolId: number,
  changes: MembershipChange[],
): void {
  for (const change of changes) {
    const room = chatSocketRoom(change.roomId);
    realtime.usersJoin(change.added, room);
    realtime.usersLeave(change.removed, room);
    realtime.toUsers([...change.added, ...change.removed], SERVER_EVENTS.chatRooms, {
      school_id: schoolId,
    });
  }
}
