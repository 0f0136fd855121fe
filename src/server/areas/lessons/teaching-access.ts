import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Role } from '../../../shared/constants';
import { normalizeSearch } from '../../../shared/search';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, ruleError } from '../../http/errors';
import { callerMembershipId } from '../../resources/access';
import { effectivePermissions } from '../permissions/effective';
import { myChildrenLessons, myStudentLessons, myTeacherLessons } from './scopes';

// How a caller stands towards lessons, for the teaching areas (chapters, tasks, task books,
// files, calendar): the office by its `lessons` permission, a teacher by the lessons they
// teach, a student by those they attend, a parent by their children's. Each area's policy
// decides from this what its records allow.

export interface TeachingCaller {
  schoolId: number;
  role: Role;
  userId: number;
  /** The caller's membership id in this role (null for the office). */
  me: number | null;
  /** Admins: may read / change every lesson's material (the `lessons` permission). */
  officeRead: boolean;
  officeWrite: boolean;
}

export type LessonRelation = 'office' | 'teacher' | 'student' | 'guardian';

/** Who is asking, read once per request; an admin without the lessons permission is refused. */
export async function teachingCaller(
  deps: ServerDeps,
  ctx: RequestContext,
): Promise<TeachingCaller> {
  const role = ctx.role as Role;
  const base = { schoolId: ctx.schoolId!, role, userId: ctx.user!.id };
  if (role !== 'admin') {
    return {
      ...base,
      me: await callerMembershipId(deps, ctx),
      officeRead: false,
      officeWrite: false,
    };
  }
  const permissions = await effectivePermissions(
    deps.db,
    ctx.schoolId!,
    ctx.user!.id,
    'admin',
    ctx.fullAccess,
  );
  const lessons = permissions.find((p) => p.resource === 'lessons');
  if (!lessons?.read) throw forbidden("Seeing the lessons' material needs the lessons permission.");
  return { ...base, me: null, officeRead: true, officeWrite: lessons.write };
}

/** The lessons a caller is part of, as a subquery; null when they see every lesson (office). */
export function lessonsOf(caller: TeachingCaller): RawBuilder<unknown> | null {
  const { me, schoolId } = caller;
  if (caller.role === 'admin' || me === null) return null;
  if (caller.role === 'teacher') return myTeacherLessons(me, schoolId);
  if (caller.role === 'student') return myStudentLessons(me, schoolId);
  return myChildrenLessons(me, schoolId);
}

/**
 * A condition on `column` (a lesson id) for the rows a caller may see: their lessons, and for
 * students and parents only what is published (`publishedColumn`).
 */
export function visibleCondition(
  caller: TeachingCaller,
  column: string,
  publishedColumn: string | null,
): RawBuilder<boolean> {
  const lessons = lessonsOf(caller);
  const inLessons = lessons ? sql`${sql.ref(column)} in (${lessons})` : sql`1 = 1`;
  const readsDrafts = caller.role === 'admin' || caller.role === 'teacher';
  return readsDrafts || !publishedColumn
    ? sql<boolean>`${inLessons}`
    : sql<boolean>`(${inLessons} and ${sql.ref(publishedColumn)} = 1)`;
}

/** How the caller stands towards one lesson of the school, or null. */
export async function relationTo(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<LessonRelation | null> {
  if (caller.role === 'admin') {
    const lesson = await db
      .selectFrom('lessons')
      .select('id')
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', lessonId)
      .executeTakeFirst();
    return lesson ? 'office' : null;
  }
  const lessons = lessonsOf(caller)!;
  const { rows } = await sql<{
    found: number;
  }>`select 1 as found where ${lessonId} in (${lessons})`.execute(db);
  if (rows.length === 0) return null;
  return caller.role === 'teacher' ? 'teacher' : caller.role === 'student' ? 'student' : 'guardian';
}

/** Whether the caller may write material for a lesson: the office with write, its teachers. */
export async function mayWriteLesson(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<boolean> {
  if (caller.role === 'admin')
    return caller.officeWrite && (await relationTo(db, caller, lessonId)) !== null;
  if (caller.role !== 'teacher') return false;
  return (await relationTo(db, caller, lessonId)) === 'teacher';
}

/** Refuses writing for a lesson the caller does not teach (or the office cannot change). */
export async function assertMayWriteLesson(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<void> {
  if (caller.role === 'student' || caller.role === 'client')
    throw forbidden('Only teachers and the office write lesson material.');
  if (caller.role === 'admin' && !caller.officeWrite)
    throw forbidden("Changing the lessons' material needs write on the lessons permission.");
  if (!(await mayWriteLesson(db, caller, lessonId)))
    throw ruleError(
      'forbidden',
      { code: 'not_your_lesson', field: 'lesson_id' },
      'You can do this only for lessons you teach.',
    );
}

/** The ids of the lessons a teacher teaches among some, in one query (abilities of a page). */
export async function taughtAmong(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonIds: number[],
): Promise<Set<number>> {
  if (caller.role === 'admin') return new Set(caller.officeWrite ? lessonIds : []);
  if (caller.role !== 'teacher' || lessonIds.length === 0 || caller.me === null) return new Set();
  const rows = await db
    .selectFrom('lesson_teachers')
    .select('lesson_id')
    .where('school_id', '=', caller.schoolId)
    .where('teacher_id', '=', caller.me)
    .where('lesson_id', 'in', [...new Set(lessonIds)])
    .execute();
  return new Set(rows.map((r) => r.lesson_id));
}

/** A parent's child in this school (403 for anyone else's). */
export async function assertGuardianOf(
  db: Kysely<Database>,
  caller: TeachingCaller,
  studentId: number,
): Promise<void> {
  if (caller.role !== 'client' || caller.me === null)
    throw forbidden("Only a parent reads a child's work here.");
  const link = await db
    .selectFrom('student_guardians')
    .select('id')
    .where('school_id', '=', caller.schoolId)
    .where('client_id', '=', caller.me)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (!link) throw forbidden('This student is not your child in this school.');
}

/** Search on a record's normalised search text: the words as typed, wildcards taken literally. */
export function searchCondition(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${normalizeSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
