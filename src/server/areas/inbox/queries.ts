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
      .select(['id', 'title', 'body', 'created_at', 'entity', 'entity_id', 'lesson_id', 'seen_at'])
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

/** One of the caller's notifications (their own, in this school and role), or undefined. */
export async function notificationOf(db: Kysely<Database>, scope: InboxScope, id: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'title', 'body', 'created_at', 'entity', 'entity_id', 'lesson_id', 'seen_at'])
    .where('id', '=', id)
    .where('school_id', '=', scope.schoolId)
    .where('user_id', '=', scope.userId)
    .where('role', '=', scope.role)
    .executeTakeFirst();
}

/** Marks one of the caller's notifications seen; false when it is not theirs. */
export async function markNotificationSeen(
  db: Kysely<Database>,
  scope: InboxScope,
  id: number,
  nowIso: string,
): Promise<boolean> {
  const mine = await notificationOf(db, scope, id);
  if (!mine) return false;
  if (mine.seen_at === null)
    await db
      .updateTable('notifications')
      .set({ seen_at: nowIso })
      .where('id', '=', id)
      .where('school_id', '=', scope.schoolId)
      .where('seen_at', 'is', null)
      .execute();
  return true;
}

/**
 * The title or name of what a notification refers to, in the same school; null when it is gone.
 * The notification was addressed to the caller, so naming its subject tells them nothing new.
 */
export async function notificationSubject(
  db: Kysely<Database>,
  schoolId: number,
  entity: string | null,
  entityId: number | null,
): Promise<string | null> {
  if (entity === null || entityId === null) return null;
  const titled = {
    task: 'tasks',
    quiz: 'quizzes',
    taskbook: 'task_books',
    announcements: 'announcements',
    event: 'live_sessions',
  } as const;
  if (entity in titled) {
    const row = await db
      .selectFrom(titled[entity as keyof typeof titled])
      .select('title')
      .where('id', '=', entityId)
      .where('school_id', '=', schoolId)
      .executeTakeFirst();
    return row?.title ?? null;
  }
  if (entity === 'absence') {
    // The student's membership (attendance refers to students by membership).
    const row = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.first_name', 'u.last_name'])
      .where('m.id', '=', entityId)
      .where('m.school_id', '=', schoolId)
      .executeTakeFirst();
    return row ? `${row.first_name} ${row.last_name}`.trim() : null;
  }
  return null;
}
