import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database';
import { countOf, ilike } from '../../db/database';
import type { Database } from '../../db/schema';

export interface InboxScope {
  schoolId: number;
  userId: number;
  role: string;
}

export async function listNotifications(
  db: Kysely<Database>,
  kind: DatabaseKind,
  scope: InboxScope,
  options: { search?: string; page: number; perPage: number },
) {
  let base = db
    .selectFrom('notifications')
    .where('school_id', '=', scope.schoolId)
    .where('user_id', '=', scope.userId)
    .where('role', '=', scope.role);
  if (options.search) base = base.where('title', ilike(kind), `%${options.search}%`);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'title', 'body', 'created_at', 'entity', 'entity_id', 'seen_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return { rows, totalCount: countOf(total as { count: number }) };
}

export async function countUnseenNotifications(
  db: Kysely<Database>,
  scope: InboxScope,
): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('school_id', '=', scope.schoolId)
    .where('user_id', '=', scope.userId)
    .where('role', '=', scope.role)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return countOf(row as { count: number });
}

export async function markNotificationsSeen(
  db: Kysely<Database>,
  scope: InboxScope,
  nowIso: string,
) {
  const result = await db
    .updateTable('notifications')
    .set({ seen_at: nowIso })
    .where('school_id', '=', scope.schoolId)
    .where('user_id', '=', scope.userId)
    .where('role', '=', scope.role)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Chat rooms of the caller with how many messages arrived after their last read one. */
export async function listChatRooms(
  db: Kysely<Database>,
  kind: DatabaseKind,
  scope: Omit<InboxScope, 'role'>,
  options: { search?: string; page: number; perPage: number },
) {
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
        eb
          .selectFrom('chat_messages as c')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('c.room_id', '=', 'r.id')
          .where('c.school_id', '=', scope.schoolId)
          .whereRef('c.id', '>', 'm.last_read_message_id')
          .whereRef('c.user_id', '!=', 'm.user_id')
          .as('unread_messages_count'),
      ])
      .orderBy('r.name')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      unread_messages_count: Number(r.unread_messages_count ?? 0),
    })),
    totalCount: countOf(total as { count: number }),
  };
}

export async function countUnreadMessages(
  db: Kysely<Database>,
  scope: Omit<InboxScope, 'role'>,
): Promise<number> {
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
    .executeTakeFirst();
  return countOf(row as { count: number });
}
