import { sql, type RawBuilder } from 'kysely';
import { ROLES, type Role } from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { myChildrenLessons, myStudentLessons, myTeacherLessons } from '../lessons/scopes';
import { effectivePermissions } from '../permissions/effective';

// The assistant: who may use it, and what may be a source of their answers. The one place.
//
// - Any member of the school may open a session, in a role they hold there; a session is its
//   user's alone (another user's key is a 404, as if it did not exist).
// - An answer quotes only what the session's role reads elsewhere in the app: the lessons'
//   material by the teaching areas' rules (the office with the lessons permission all of it, a
//   teacher their lessons' including drafts, a student their lessons' published material, a
//   parent their children's), and announcements by their audience. Never another school's.

export interface AssistantCaller {
  schoolId: number;
  userId: number;
  role: Role;
  /** The membership in this role (null for the office, which sees every lesson). */
  me: number | null;
  readsMaterial: boolean;
  readsAnnouncements: boolean;
}

/** The caller's memberships in the school, by role (under impersonation, the acted-as user's). */
async function membershipsOf(deps: ServerDeps, ctx: RequestContext) {
  const rows = await deps.db
    .selectFrom('memberships')
    .select(['id', 'role'])
    .where('school_id', '=', ctx.schoolId!)
    .where('user_id', '=', ctx.user!.id)
    .execute();
  return rows.filter((r): r is { id: number; role: Role } =>
    (ROLES as readonly string[]).includes(r.role),
  );
}

/**
 * The role a new session takes: the one asked for, which the caller must hold; else their only
 * role; else, of several, the one that reads least (student, parent, teacher, office).
 */
export async function sessionRoleFor(
  deps: ServerDeps,
  ctx: RequestContext,
  asked: Role | undefined,
): Promise<Role> {
  const held = (await membershipsOf(deps, ctx)).map((m) => m.role);
  if (asked) {
    if (!held.includes(asked)) throw forbidden(`You do not hold the ${asked} role in this school.`);
    return asked;
  }
  const leastFirst: Role[] = ['student', 'client', 'teacher', 'admin'];
  const role = leastFirst.find((r) => held.includes(r));
  if (!role) throw forbidden('You are not a member of this school.');
  return role;
}

/** Who asks, in the session's role; refused when they no longer hold it. */
export async function assistantCaller(
  deps: ServerDeps,
  ctx: RequestContext,
  role: Role,
): Promise<AssistantCaller> {
  const membership = (await membershipsOf(deps, ctx)).find((m) => m.role === role);
  if (!membership) throw forbidden(`You no longer hold the ${role} role in this school.`);
  const permissions = await effectivePermissions(
    deps.db,
    ctx.schoolId!,
    ctx.user!.id,
    role,
    role === 'admin' ? ctx.fullAccess : null,
  );
  const reads = (resource: string) => permissions.some((p) => p.resource === resource && p.read);
  return {
    schoolId: ctx.schoolId!,
    userId: ctx.user!.id,
    role,
    me: role === 'admin' ? null : membership.id,
    readsMaterial: reads('lessons'),
    readsAnnouncements: reads('announcements'),
  };
}

/** A session is its user's: anyone else's key is answered as not found. */
export function assertOwnSession(
  session: { user_id: number } | undefined,
  caller: { userId: number },
): asserts session {
  if (!session || session.user_id !== caller.userId)
    throw notFound('This chat session does not exist.');
}

function lessonsOf(caller: AssistantCaller): RawBuilder<unknown> | null {
  const { me, schoolId } = caller;
  if (caller.role === 'admin' || me === null) return null;
  if (caller.role === 'teacher') return myTeacherLessons(me, schoolId);
  if (caller.role === 'student') return myStudentLessons(me, schoolId);
  return myChildrenLessons(me, schoolId);
}

const AUDIENCE_OF_ROLE: Record<Role, string | null> = {
  admin: null,
  teacher: 'teachers',
  student: 'students',
  client: 'clients',
};

/** Rows of `assistant_passages as p` that may be a source of the caller's answers. */
export function readablePassages(caller: AssistantCaller): RawBuilder<boolean> {
  const lessons = lessonsOf(caller);
  const inLessons = lessons ? sql`p.lesson_id in (${lessons})` : sql`1 = 1`;
  const readsDrafts = caller.role === 'admin' || caller.role === 'teacher';
  const material = !caller.readsMaterial
    ? sql`1 = 0`
    : readsDrafts
      ? inLessons
      : sql`(${inLessons} and p.published = 1)`;
  const audience = AUDIENCE_OF_ROLE[caller.role];
  const announcements = !caller.readsAnnouncements
    ? sql`1 = 0`
    : audience === null
      ? sql`1 = 1`
      : sql`(p.audience in ('all', ${audience}) or (p.audience = 'lesson' and ${inLessons}))`;
  return sql<boolean>`p.school_id = ${caller.schoolId} and (
    (p.source in ('chapter', 'task', 'lesson') and ${material})
    or (p.source = 'announcement' and ${announcements}))`;
}
