import { sql, type Kysely } from 'kysely';
import { SERVER_EVENTS, type NotificationEvent } from '../../../shared/realtime';
import type { Database } from '../../db/schema';
import type { RealtimeHub } from '../../realtime/hub';

// Notifications about a lesson's material (spec §2: entities task and taskbook): written in
// the caller's transaction, told to the apps once it commits.

export interface LessonNotice {
  title: string;
  entity: 'task' | 'taskbook' | 'quiz';
  entityId: number;
  nowIso: string;
}

interface Recipient {
  user_id: number;
  role: string;
}

async function write(
  trx: Kysely<Database>,
  schoolId: number,
  recipients: Recipient[],
  notice: LessonNotice,
) {
  for (let i = 0; i < recipients.length; i += 400) {
    await trx
      .insertInto('notifications')
      .values(
        recipients.slice(i, i + 400).map((r) => ({
          school_id: schoolId,
          user_id: r.user_id,
          role: r.role,
          title: notice.title,
          body: null,
          entity: notice.entity,
          entity_id: notice.entityId,
          created_at: notice.nowIso,
          seen_at: null,
        })),
      )
      .execute();
  }
  return recipients.map((r) => r.user_id);
}

/**
 * Notifies the students of a lesson and their guardians; returns a function that tells
 * their apps, to run after the commit.
 */
export async function notifyLessonFamilies(
  trx: Kysely<Database>,
  realtime: RealtimeHub,
  schoolId: number,
  lessonId: number,
  notice: LessonNotice,
): Promise<() => void> {
  const { rows } = await sql<Recipient>`
    select m.user_id, m.role from memberships m
    where m.school_id = ${schoolId} and (
      m.id in (select ls.student_id from lesson_students ls where ls.school_id = ${schoolId} and ls.lesson_id = ${lessonId})
      or m.id in (select g.client_id from student_guardians g
                  join lesson_students ls on ls.student_id = g.student_id and ls.school_id = g.school_id
                  where g.school_id = ${schoolId} and ls.lesson_id = ${lessonId}))
    order by m.id`.execute(trx);
  return tell(realtime, schoolId, await write(trx, schoolId, rows, notice), notice);
}

/** Notifies one student and their guardians (their work was graded or returned). */
export async function notifyStudentFamily(
  trx: Kysely<Database>,
  realtime: RealtimeHub,
  schoolId: number,
  studentId: number,
  notice: LessonNotice,
): Promise<() => void> {
  const { rows } = await sql<Recipient>`
    select m.user_id, m.role from memberships m
    where m.school_id = ${schoolId} and (m.id = ${studentId}
      or m.id in (select g.client_id from student_guardians g where g.school_id = ${schoolId} and g.student_id = ${studentId}))
    order by m.id`.execute(trx);
  return tell(realtime, schoolId, await write(trx, schoolId, rows, notice), notice);
}

const tell =
  (realtime: RealtimeHub, schoolId: number, userIds: number[], notice: LessonNotice) => () =>
    realtime.toUsers(userIds, SERVER_EVENTS.notification, {
      school_id: schoolId,
      title: notice.title,
      entity: notice.entity,
      entity_id: notice.entityId,
    } satisfies NotificationEvent);
