import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface Recipient {
  user_id: number;
  role: string;
}

/**
 * Writes a notification for everyone an announcement is for: a role, the whole school
 * (admins excepted: they wrote it), or a lesson's students and their guardians. Returns the
 * recipients, so that their apps can be told once the write is committed.
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
  for (let i = 0; i < recipients.length; i += 400) {
    await trx
      .insertInto('notifications')
      .values(
        recipients.slice(i, i + 400).map((r) => ({
          school_id: schoolId,
          user_id: r.user_id,
          role: r.role,
          title: announcement.title,
          body: null,
          entity: 'announcements',
          entity_id: announcement.id,
          created_at: announcement.nowIso,
          seen_at: null,
        })),
      )
      .execute();
  }
  return recipients;
}
