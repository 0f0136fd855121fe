import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { myTeacherLessons } from '../lessons/scopes';

// SQL of live sessions. Every query is scoped by school_id; lists use the
// (school_id, scheduled_start) and (school_id, lesson_id, scheduled_start) indexes.

const sessionColumns = [
  'live_sessions.id',
  'live_sessions.lesson_id',
  'live_sessions.title',
  'live_sessions.room_name',
  'live_sessions.scheduled_start',
  'live_sessions.scheduled_end',
  'live_sessions.started_at',
  'live_sessions.ended_at',
  'live_sessions.recording_state',
  'live_sessions.host_user_id',
  'lessons.name as lesson_name',
] as const;

const sessions = (db: Kysely<Database>, schoolId: number) =>
  db
    .selectFrom('live_sessions')
    .leftJoin('lessons', 'lessons.id', 'live_sessions.lesson_id')
    .where('live_sessions.school_id', '=', schoolId);

export type SessionRecord = Awaited<ReturnType<typeof sessionById>> & object;

export const sessionById = (db: Kysely<Database>, schoolId: number, id: number) =>
  sessions(db, schoolId)
    .select(sessionColumns)
    .where('live_sessions.id', '=', id)
    .executeTakeFirst();

export const sessionByRoom = (db: Kysely<Database>, schoolId: number, room: string) =>
  sessions(db, schoolId)
    .select(sessionColumns)
    .where('live_sessions.room_name', '=', room)
    .executeTakeFirst();

export interface MeetingsFilter {
  schoolId: number;
  /** A teacher's membership: their lessons' sessions and staff meetings; null: every session. */
  teacher: number | null;
  lessonId?: number;
  list: 'upcoming' | 'live' | 'past';
  nowIso: string;
  page: number;
  perPage: number;
}

/** One page of the meetings list and the count of the whole list. */
export async function listMeetings(db: Kysely<Database>, filter: MeetingsFilter) {
  let query = sessions(db, filter.schoolId);
  if (filter.teacher !== null) {
    const mine = myTeacherLessons(filter.teacher, filter.schoolId);
    query = query.where((eb) =>
      eb.or([
        eb('live_sessions.lesson_id', 'is', null),
        sql<boolean>`live_sessions.lesson_id in (${mine})`,
      ]),
    );
  }
  if (filter.lessonId) query = query.where('live_sessions.lesson_id', '=', filter.lessonId);
  const now = filter.nowIso;
  if (filter.list === 'upcoming')
    query = query
      .where('live_sessions.started_at', 'is', null)
      .where('live_sessions.ended_at', 'is', null)
      .where('live_sessions.scheduled_end', '>=', now);
  else if (filter.list === 'live')
    query = query
      .where('live_sessions.started_at', 'is not', null)
      .where('live_sessions.ended_at', 'is', null);
  else
    query = query.where((eb) =>
      eb.or([
        eb('live_sessions.ended_at', 'is not', null),
        eb.and([
          eb('live_sessions.started_at', 'is', null),
          eb('live_sessions.scheduled_end', '<', now),
        ]),
      ]),
    );
  const order = filter.list === 'past' ? 'desc' : 'asc';
  const [rows, count] = await Promise.all([
    query
      .select(sessionColumns)
      .orderBy('live_sessions.scheduled_start', order)
      .orderBy('live_sessions.id', order)
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** A lesson's sessions, newest first (a lesson holds a few a week). */
export const sessionsOfLesson = (db: Kysely<Database>, schoolId: number, lessonId: number) =>
  sessions(db, schoolId)
    .select(sessionColumns)
    .where('live_sessions.lesson_id', '=', lessonId)
    .orderBy('live_sessions.scheduled_start', 'desc')
    .orderBy('live_sessions.id', 'desc')
    .limit(100)
    .execute();

/** Every stay in a session with who it was, in the order they came. */
export const presenceOf = (db: Kysely<Database>, schoolId: number, sessionId: number) =>
  db
    .selectFrom('live_session_presence as p')
    .innerJoin('users', 'users.id', 'p.user_id')
    .select([
      'p.id',
      'p.user_id',
      'p.membership_id',
      'p.role',
      'p.joined_at',
      'p.left_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('p.school_id', '=', schoolId)
    .where('p.session_id', '=', sessionId)
    .orderBy('p.joined_at')
    .orderBy('p.id')
    .execute();

export type PresenceRow = Awaited<ReturnType<typeof presenceOf>>[number];

/** How many are in each of some sessions now. */
export async function inNowCounts(
  db: Kysely<Database>,
  schoolId: number,
  sessionIds: number[],
): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('live_session_presence')
    .select(['session_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('count')])
    .where('school_id', '=', schoolId)
    .where('session_id', 'in', sessionIds)
    .where('left_at', 'is', null)
    .groupBy('session_id')
    .execute();
  return new Map(rows.map((r) => [r.session_id, Number(r.count)]));
}

export async function recordingsOf(db: Kysely<Database>, schoolId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('live_session_recordings')
    .select(['id', 'session_id', 'link', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('session_id', 'in', sessionIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Closes the caller's open stays in a session (a leave, or a rejoin from another tab). */
export const closeStays = (
  db: Kysely<Database>,
  schoolId: number,
  sessionId: number,
  userId: number | null,
  atIso: string,
) => {
  let query = db
    .updateTable('live_session_presence')
    .set({ left_at: atIso })
    .where('school_id', '=', schoolId)
    .where('session_id', '=', sessionId)
    .where('left_at', 'is', null);
  if (userId !== null) query = query.where('user_id', '=', userId);
  return query.execute();
};

/** The lesson's slots on a weekday (1 Monday … 7 Sunday), earliest first. */
export const slotsOn = (
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  weekday: number,
) =>
  db
    .selectFrom('lesson_schedules')
    .select(['start_time', 'end_time'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('weekday', '=', weekday)
    .orderBy('start_time')
    .execute();

export const lessonName = (db: Kysely<Database>, schoolId: number, lessonId: number) =>
  db
    .selectFrom('lessons')
    .select('name')
    .where('school_id', '=', schoolId)
    .where('id', '=', lessonId)
    .executeTakeFirst();

/** The caller's jitsi_config_overwrite for their role (an object, or {} when unset). */
export async function configOverwriteFor(
  db: Kysely<Database>,
  schoolId: number,
  role: string,
): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('settings')
    .select('data')
    .where('school_id', '=', schoolId)
    .where('name', '=', 'jitsi_config_overwrite')
    .executeTakeFirst();
  if (!row) return {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    const mine = (parsed as Record<string, unknown> | null)?.[role];
    return mine && typeof mine === 'object' && !Array.isArray(mine)
      ? (mine as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
