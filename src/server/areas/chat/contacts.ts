import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ROLES, type Role } from '../../../shared/constants';
import { normalizeSearch } from '../../../shared/search';
import type { Database } from '../../db/schema';
import { myChildrenLessons, myStudentLessons, myTeacherLessons } from '../lessons/scopes';

// The people a caller might write to, each with whether a lesson ties them to the caller: the
// facts shared/chat/policy.ts decides on. The SQL only gathers; the policy decides.

export interface ChatCaller {
  schoolId: number;
  userId: number;
  role: Role;
  /** The caller's membership id in this role. */
  me: number;
}

export interface Candidate {
  membership_id: number;
  user_id: number;
  role: Role;
  name: string;
  shares_lesson: boolean;
}

/** Whether the membership in column `t.id` (of role `t.role`) shares a lesson with the caller. */
function sharesLessonWith(caller: ChatCaller): RawBuilder<boolean> {
  const { me, schoolId: s } = caller;
  if (caller.role === 'teacher')
    return sql<boolean>`(
      (t.role = 'student' and t.id in (
        select ls.student_id from lesson_students ls
        where ls.school_id = ${s} and ls.lesson_id in (${myTeacherLessons(me, s)})))
      or (t.role = 'client' and t.id in (
        select g.client_id from student_guardians g
        join lesson_students ls on ls.student_id = g.student_id and ls.school_id = g.school_id
        where g.school_id = ${s} and ls.lesson_id in (${myTeacherLessons(me, s)}))))`;
  if (caller.role === 'student')
    return sql<boolean>`(
      (t.role = 'teacher' and t.id in (
        select lt.teacher_id from lesson_teachers lt
        where lt.school_id = ${s} and lt.lesson_id in (${myStudentLessons(me, s)})))
      or (t.role = 'student' and t.id in (
        select ls.student_id from lesson_students ls
        where ls.school_id = ${s} and ls.lesson_id in (${myStudentLessons(me, s)}))))`;
  if (caller.role === 'client')
    return sql<boolean>`(t.role = 'teacher' and t.id in (
        select lt.teacher_id from lesson_teachers lt
        where lt.school_id = ${s} and lt.lesson_id in (${myChildrenLessons(me, s)})))`;
  return sql<boolean>`1 = 0`;
}

/**
 * Members of the school in the given roles (never the caller), by name, with the lesson fact.
 * `limit` bounds the rows read; the policy then drops those it refuses.
 */
export async function findCandidates(
  db: Kysely<Database>,
  caller: ChatCaller,
  roles: readonly Role[],
  options: { search?: string; userId?: number; notInRoom?: number; limit: number },
): Promise<Candidate[]> {
  if (roles.length === 0) return [];
  let query = db
    .selectFrom('memberships as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as membership_id',
      't.user_id',
      't.role',
      sql<string>`u.first_name || ' ' || u.last_name`.as('name'),
      sql<number>`case when ${sharesLessonWith(caller)} then 1 else 0 end`.as('shares_lesson'),
    ])
    .where('t.school_id', '=', caller.schoolId)
    .where('t.role', 'in', [...roles])
    .where('t.user_id', '!=', caller.userId)
    .where('u.disabled', '=', 0);
  if (options.userId !== undefined) query = query.where('t.user_id', '=', options.userId);
  if (options.notInRoom !== undefined) {
    const roomId = options.notInRoom;
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_room_members as rm')
            .select('rm.id')
            .where('rm.school_id', '=', caller.schoolId)
            .where('rm.room_id', '=', roomId)
            .whereRef('rm.user_id', '=', 't.user_id'),
        ),
      ),
    );
  }
  if (options.search)
    query = query.where('t.search_text', 'like', `%${normalizeSearch(options.search)}%`);
  const rows = await query.orderBy('t.sort_name').orderBy('t.id').limit(options.limit).execute();
  return rows.map((r) => ({
    membership_id: r.membership_id,
    user_id: r.user_id,
    role: (ROLES as readonly string[]).includes(r.role) ? (r.role as Role) : 'student',
    name: r.name,
    shares_lesson: Number(r.shares_lesson) === 1,
  }));
}
