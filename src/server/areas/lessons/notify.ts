import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RealtimeHub } from '../../realtime/hub';
import { recordNotifications, type NotificationRecipient } from '../notifications/delivery';

// Notifications about a lesson (spec §2: entities task, taskbook, quiz, and event for its
// sessions): for the lesson's students and their guardians, written in the caller's
// transaction and delivered through areas/notifications once it commits.

export interface LessonNotice {
  title: string;
  entity: 'task' | 'taskbook' | 'quiz' | 'event';
  entityId: number;
  nowIso: string;
  /** One line under the title (a session's time, say); none by default. */
  body?: string | null;
  /** The entity's lesson, for notifyStudentFamily (notifyLessonFamilies knows it already). */
  lessonId?: number | null;
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
  const { rows } = await sql<NotificationRecipient>`
    select m.user_id, m.role from memberships m
    where m.school_id = ${schoolId} and (
      m.id in (select ls.student_id from lesson_students ls where ls.school_id = ${schoolId} and ls.lesson_id = ${lessonId})
      or m.id in (select g.client_id from student_guardians g
                  join lesson_students ls on ls.student_id = g.student_id and ls.school_id = g.school_id
                  where g.school_id = ${schoolId} and ls.lesson_id = ${lessonId}))
    order by m.id`.execute(trx);
  return recordNotifications(trx, realtime, schoolId, rows, { ...notice, lessonId });
}

/** Notifies one student and their guardians (their work was graded or returned). */
export async function notifyStudentFamily(
  trx: Kysely<Database>,
  realtime: RealtimeHub,
  schoolId: number,
  studentId: number,
  notice: LessonNotice,
): Promise<() => void> {
  const { rows } = await sql<NotificationRecipient>`
    select m.user_id, m.role from memberships m
    where m.school_id = ${schoolId} and (m.id = ${studentId}
      or m.id in (select g.client_id from student_guardians g where g.school_id = ${schoolId} and g.student_id = ${studentId}))
    order by m.id`.execute(trx);
  return recordNotifications(trx, realtime, schoolId, rows, notice);
}
