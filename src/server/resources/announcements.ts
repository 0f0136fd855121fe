import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Writes a notification for everyone an announcement is for: a role, the whole school
 * (admins excepted: they wrote it), or a lesson's students and their guardians.
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
): Promise<void> {
  const roles: Record<string, string[]> = {
    all: ['teacher', 'student', 'client'],
    students: ['student'],
    teachers: ['teacher'],
    clients: ['client'],
  };
  const fields = sql`${schoolId}, m.user_id, m.role, ${announcement.title}, ${null}, 'announcements', ${announcement.id}, ${announcement.nowIso}`;
  const insert = sql`insert into notifications (school_id, user_id, role, title, body, entity, entity_id, created_at)`;
  if (announcement.audience === 'lesson' && announcement.lessonId) {
    await sql`${insert}
      select ${fields} from memberships m
      where m.school_id = ${schoolId} and (
        m.id in (select ls.student_id from lesson_students ls where ls.school_id = ${schoolId} and ls.lesson_id = ${announcement.lessonId})
        or m.id in (select g.client_id from student_guardians g join lesson_students ls on ls.student_id = g.student_id and ls.school_id = g.school_id
                    where g.school_id = ${schoolId} and ls.lesson_id = ${announcement.lessonId}))`.execute(
      trx,
    );
    return;
  }
  const audience = roles[announcement.audience] ?? [];
  if (audience.length === 0) return;
  await sql`${insert}
    select ${fields} from memberships m
    where m.school_id = ${schoolId} and m.role in (${sql.join(audience)})`.execute(trx);
}
