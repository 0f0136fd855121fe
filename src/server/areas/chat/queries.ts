import { sql, type Kysely } from 'kysely';
import type { ChatMessage, ChatRoomKind, ChatRoomSummary } from '../../../shared/api/chat';
import { countOf, ilike, type DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

// Chat's SQL. Every query names the school; rooms are reached through the caller's membership
// row (chat_room_members), whose (school_id, user_id) and (school_id, room_id, user_id) indexes
// answer the lists, and messages through (school_id, room_id, id).

type Db = Kysely<Database>;

export interface ChatScope {
  schoolId: number;
  userId: number;
}

export interface RoomRow {
  id: number;
  school_id: number;
  name: string;
  kind: ChatRoomKind;
  lesson_id: number | null;
}

const fullName = sql<string>`u.first_name || ' ' || u.last_name`;

/** The caller's rooms, most recently active first, with unread counts and the last message. */
export async function listRooms(
  db: Db,
  kind: DatabaseKind,
  scope: ChatScope,
  options: { search?: string; page: number; perPage: number },
): Promise<{ rows: ChatRoomSummary[]; totalCount: number }> {
  let base = db
    .selectFrom('chat_room_members as m')
    .innerJoin('chat_rooms as r', 'r.id', 'm.room_id')
    .where('m.school_id', '=', scope.schoolId)
    .where('m.user_id', '=', scope.userId);
  if (options.search) base = base.where('r.name', ilike(kind), `%${options.search}%`);
  const [rows, total] = await Promise.all([
    base
      .select((eb) => [
        'r.id',
        'r.name',
        'r.kind',
        'r.lesson_id',
        // A direct room is named after the other person, whoever looks at it.
        eb
          .selectFrom('chat_room_members as o')
          .innerJoin('users as u', 'u.id', 'o.user_id')
          .select(fullName.as('n'))
          .whereRef('o.room_id', '=', 'r.id')
          .where('o.school_id', '=', scope.schoolId)
          .whereRef('o.user_id', '!=', 'm.user_id')
          .limit(1)
          .as('other_name'),
        eb
          .selectFrom('chat_messages as c')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('c.room_id', '=', 'r.id')
          .where('c.school_id', '=', scope.schoolId)
          .whereRef('c.id', '>', 'm.last_read_message_id')
          .whereRef('c.user_id', '!=', 'm.user_id')
          .where('c.deleted_at', 'is', null)
          .as('unread'),
        eb
          .selectFrom('chat_messages as c')
          .select((e) => e.fn.max('c.id').as('n'))
          .whereRef('c.room_id', '=', 'r.id')
          .where('c.school_id', '=', scope.schoolId)
          .as('last_id'),
      ])
      // PostgreSQL orders by an output column only as a whole: the subquery again.
      .orderBy(
        sql`coalesce((select max(l.id) from chat_messages l where l.room_id = r.id and l.school_id = ${scope.schoolId}), 0)`,
        'desc',
      )
      .orderBy('r.name')
      .orderBy('r.id')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  const lastIds = rows.map((r) => r.last_id).filter((id): id is number => id !== null);
  const last = new Map(
    (await messagesByIds(db, scope.schoolId, lastIds.map(Number))).map((m) => [m.room_id, m]),
  );
  return {
    rows: rows.map((r) => {
      const message = last.get(r.id);
      return {
        id: r.id,
        name: r.kind === 'direct' && r.other_name ? r.other_name : r.name,
        kind: r.kind as ChatRoomKind,
        lesson_id: r.lesson_id,
        unread_messages_count: Number(r.unread ?? 0),
        last_message: message
          ? {
              author_name: message.author_name,
              body: message.body,
              created_at: message.created_at,
              deleted: message.deleted,
            }
          : null,
      };
    }),
    totalCount: countOf(total as { count: number }),
  };
}

/** Unread messages in every room of the caller (the top bar's badge). */
export async function countUnread(db: Db, scope: ChatScope): Promise<number> {
  const row = await db
    .selectFrom('chat_room_members as m')
    .innerJoin('chat_messages as c', (join) =>
      join.onRef('c.room_id', '=', 'm.room_id').onRef('c.school_id', '=', 'm.school_id'),
    )
    .select((eb) => eb.fn.countAll().as('count'))
    .where('m.school_id', '=', scope.schoolId)
    .where('m.user_id', '=', scope.userId)
    .whereRef('c.id', '>', 'm.last_read_message_id')
    .whereRef('c.user_id', '!=', 'm.user_id')
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return countOf(row as { count: number });
}

export async function roomInSchool(db: Db, schoolId: number, roomId: number) {
  const row = await db
    .selectFrom('chat_rooms')
    .select(['id', 'school_id', 'name', 'kind', 'lesson_id'])
    .where('school_id', '=', schoolId)
    .where('id', '=', roomId)
    .executeTakeFirst();
  return row ? ({ ...row, kind: row.kind as ChatRoomKind } satisfies RoomRow) : undefined;
}

/**
 * The room and the caller's membership in it, whichever school (sockets name no school), while
 * they still belong to that school.
 */
export async function roomOfMember(db: Db, roomId: number, userId: number) {
  return db
    .selectFrom('chat_room_members as m')
    .innerJoin('chat_rooms as r', (join) =>
      join.onRef('r.id', '=', 'm.room_id').onRef('r.school_id', '=', 'm.school_id'),
    )
    .select(['r.id', 'r.school_id', 'r.kind', 'r.lesson_id', 'm.last_read_message_id'])
    .where('m.room_id', '=', roomId)
    .where('m.user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as s')
          .select('s.id')
          .whereRef('s.school_id', '=', 'm.school_id')
          .whereRef('s.user_id', '=', 'm.user_id'),
      ),
    )
    .executeTakeFirst();
}

/** Whether the user holds this role in the school. */
export async function holdsRole(db: Db, schoolId: number, userId: number, role: string) {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isMember(db: Db, schoolId: number, roomId: number, userId: number) {
  const row = await db
    .selectFrom('chat_room_members')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function roomMembers(db: Db, schoolId: number, roomId: number) {
  return db
    .selectFrom('chat_room_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', fullName.as('name'), 'm.last_read_message_id'])
    .where('m.school_id', '=', schoolId)
    .where('m.room_id', '=', roomId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

const messageColumns = [
  'c.id',
  'c.room_id',
  'c.user_id',
  'c.body',
  'c.created_at',
  'c.deleted_at',
  fullName.as('author_name'),
] as const;

function presentMessage(row: {
  id: number;
  room_id: number;
  user_id: number;
  body: string;
  created_at: string;
  deleted_at: string | null;
  author_name: string;
}): ChatMessage {
  return {
    id: row.id,
    room_id: row.room_id,
    user_id: row.user_id,
    author_name: row.author_name,
    // A deleted message keeps its place; its words go nowhere.
    body: row.deleted_at ? '' : row.body,
    created_at: row.created_at,
    deleted: row.deleted_at !== null,
    // Read with the messages' files by chat/attachments.ts withAttachments, for one reader.
    attachments: [],
  };
}

const messagesFrom = (db: Db, schoolId: number) =>
  db
    .selectFrom('chat_messages as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([...messageColumns])
    .where('c.school_id', '=', schoolId);

export async function messagesByIds(db: Db, schoolId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return (await messagesFrom(db, schoolId).where('c.id', 'in', ids).execute()).map(presentMessage);
}

/** A page of history older than `before` (newest page when absent), returned oldest first. */
export async function messagesBefore(
  db: Db,
  schoolId: number,
  roomId: number,
  before: number | undefined,
  limit: number,
) {
  let query = messagesFrom(db, schoolId).where('c.room_id', '=', roomId);
  if (before !== undefined) query = query.where('c.id', '<', before);
  const rows = await query
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const page = rows.slice(0, limit).reverse().map(presentMessage);
  return { messages: page, nextBefore: more && page.length ? page[0]!.id : null };
}

/** What a reconnecting client missed: messages after `after`, oldest first, and deletions. */
export async function messagesAfter(
  db: Db,
  schoolId: number,
  roomId: number,
  after: number,
  limit: number,
) {
  const rows = await messagesFrom(db, schoolId)
    .where('c.room_id', '=', roomId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map(presentMessage);
}

/** Deleted messages among those a client holds (ids from `from` to `after`), for its catch-up. */
export async function deletedBetween(
  db: Db,
  schoolId: number,
  roomId: number,
  from: number,
  after: number,
) {
  const rows = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .where('id', '>=', from)
    .where('id', '<=', after)
    .where('deleted_at', 'is not', null)
    .limit(1000)
    .execute();
  return rows.map((r) => r.id);
}

export async function messageInRoom(db: Db, schoolId: number, roomId: number, messageId: number) {
  return db
    .selectFrom('chat_messages')
    .select(['id', 'user_id', 'deleted_at'])
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

export async function softDeleteMessage(
  db: Db,
  schoolId: number,
  messageId: number,
  byUserId: number,
  nowIso: string,
) {
  await db
    .updateTable('chat_messages')
    .set({ deleted_at: nowIso, deleted_by_user_id: byUserId })
    .where('school_id', '=', schoolId)
    .where('id', '=', messageId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Moves the member's read position forward (never back, never past the room's last message). */
export async function markRead(
  db: Db,
  schoolId: number,
  roomId: number,
  userId: number,
  messageId: number,
): Promise<number> {
  const newest = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  const target = Math.min(messageId, Number(newest?.id ?? 0));
  await db
    .updateTable('chat_room_members')
    .set({ last_read_message_id: target })
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('last_read_message_id', '<', target)
    .execute();
  const row = await db
    .selectFrom('chat_room_members')
    .select('last_read_message_id')
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last_read_message_id ?? 0;
}

/** Every room the user belongs to in a school (a socket joins them when it connects). */
export async function roomIdsOfUser(db: Db, schoolId: number, userId: number) {
  const rows = await db
    .selectFrom('chat_room_members')
    .select('room_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.room_id);
}

export async function userName(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users as u')
    .select(fullName.as('name'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** Creates a room with its members in one step (the caller's transaction). */
export async function insertRoom(
  db: Db,
  room: {
    schoolId: number;
    name: string;
    kind: ChatRoomKind;
    lessonId?: number | null;
    directKey?: string | null;
    createdBy?: number | null;
    nowIso: string;
  },
  userIds: number[],
): Promise<number> {
  const inserted = await db
    .insertInto('chat_rooms')
    .values({
      school_id: room.schoolId,
      name: room.name,
      kind: room.kind,
      lesson_id: room.lessonId ?? null,
      direct_key: room.directKey ?? null,
      created_by_user_id: room.createdBy ?? null,
      created_at: room.nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unique = [...new Set(userIds)];
  if (unique.length > 0)
    await db
      .insertInto('chat_room_members')
      .values(
        unique.map((userId) => ({
          school_id: room.schoolId,
          room_id: inserted.id,
          user_id: userId,
          last_read_message_id: 0,
        })),
      )
      .execute();
  return inserted.id;
}

export async function directRoom(db: Db, schoolId: number, directKey: string) {
  return db
    .selectFrom('chat_rooms')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('direct_key', '=', directKey)
    .executeTakeFirst();
}
