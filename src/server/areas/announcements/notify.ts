import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RealtimeHub } from '../../realtime/hub';
import { recordNotifications } from '../notifications/delivery';

export interface Recipient {
  user_id: number;
  role: string;
}

/** Tells nobody: for a caller that collects no after-commit step. */
const silent: RealtimeHub = {
  toUsers: () => undefined,
  closeSession: () => undefined,
  closeUser: () => undefined,
  bind: () => undefined,
  toRoom: () => undefined,
  usersJoin: () => undefined,
  usersLeave: () => undefined,
};

/**
 * Writes a notification for everyone an announcement is for: a role, the whole school
 * (admins excepted: they wrote it), or a lesson's students and their guardians, and queues
 * its delivery (areas/notifications). Returns the recipients; with `realtime` and
 * `afterCommit`, adds the step that tells their open apps once the write has committed.
 */
export async function notifyAudience(
  trx: Kysely<Database>,
  schoolId: number,
  announcement: {
    id: number;
    title: string;
    audience: string;
    lessonId: number | null;
    nowIso: string;
  },
  realtime?: RealtimeHub,
  afterCommit?: (() => void)[],
): Promise<Recipient[]> {
  const roles: Record<string, string[]> = {
    all: ['teacher', 'student', 'client'],
    students: ['student'],
    teachers: ['teacher'],
    clients: ['client'],
  };
  let recipients: Recipient[];
  if (announcement.audience === 'lesson' && announcement.lessonId) {
    const lesson = announcement.lessonId;
    const { rows } = await sql<Recipient>`
      select m.user_id, m.role from memberships m
      where m.school_id = ${schoolId} and (
        m.id in (select ls.student_id from lesson_students ls where ls.school_id = ${schoolId} and ls.lesson_id = ${lesson})
        or m.id in (select g.client_id from student_guardians g join lesson_students ls on ls.student_id = g.student_id and ls.school_id = g.school_id
                    where g.school_id = ${schoolId} and ls.lesson_id = ${lesson}))`.execute(trx);
    recipients = rows;
  } else {
    const audience = roles[announcement.audience] ?? [];
    if (audience.length === 0) return [];
    recipients = await trx
      .selectFrom('memberships')
      .select(['user_id', 'role'])
      .where('school_id', '=', schoolId)
      .where('role', 'in', audience)
      .execute();
  }
  const tell = await recordNotifications(trx, realtime ?? silent, schoolId, recipients, {
    title: announcement.title,
    entity: 'announcements',
    entityId: announcement.id,
    lessonId: announcement.lessonId,
    nowIso: announcement.nowIso,
  });
  afterCommit?.push(tell);
  return recipients;
}
