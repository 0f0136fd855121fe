import type { Kysely } from 'kysely';
import type { SessionAbilities, SessionState } from '../../../shared/api/sessions';
import type { Role } from '../../../shared/constants';
import type { SessionUser } from '../account/queries';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, forbidden, ruleError } from '../../http/errors';
import { callerMembershipId } from '../../resources/access';
import { relationTo } from '../lessons/teaching-access';

// Live sessions: who may do what. The one place.
//
// - A lesson's session: its teachers host it (Jitsi moderators, recording); its students join;
//   their parents join only when the school's `sessions_parents_join` setting is "true"; the
//   school's admins join (not as moderators) and watch the dashboard.
// - A staff meeting: whoever called it hosts; the school's teachers and admins join.
// - Nobody else gets a token or learns the room name (403).
// - The meetings lists are for teachers (their lessons' sessions and staff meetings) and
//   the office (every session of the school).
// - Cloud recording is the hosting teacher's alone; the dashboard is the office's.

export interface SessionCaller {
  schoolId: number;
  role: Role;
  user: SessionUser;
  /** The caller's membership in this role. */
  me: number;
}

export type SessionRelation = 'host' | 'student' | 'guardian' | 'office' | 'staff';

export interface SessionRow {
  id: number;
  lesson_id: number | null;
  host_user_id: number | null;
  scheduled_start: string;
  scheduled_end: string;
  started_at: string | null;
  ended_at: string | null;
}

/** Others than the host may enter this long before the planned start. */
export const EARLY_JOIN_MS = 15 * 60_000;

export async function sessionCaller(deps: ServerDeps, ctx: RequestContext): Promise<SessionCaller> {
  return {
    schoolId: ctx.schoolId!,
    role: ctx.role!,
    user: ctx.user!,
    me: await callerMembershipId(deps, ctx),
  };
}

/** What a session's clock says: not begun, running, over, or never held. */
export function stateOf(session: SessionRow, now: Date): SessionState {
  if (session.ended_at) return 'ended';
  if (session.started_at) return 'live';
  return Date.parse(session.scheduled_end) < now.getTime() ? 'missed' : 'upcoming';
}

async function parentsMayJoin(db: Kysely<Database>, schoolId: number): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('data')
    .where('school_id', '=', schoolId)
    .where('name', '=', 'sessions_parents_join')
    .executeTakeFirst();
  return row?.data === 'true';
}

/** How the caller stands towards a session, or null for an outsider. */
export async function relationToSession(
  db: Kysely<Database>,
  caller: SessionCaller,
  session: SessionRow,
): Promise<SessionRelation | null> {
  if (session.lesson_id === null) {
    if (session.host_user_id === caller.user.id) return 'host';
    return caller.role === 'teacher' || caller.role === 'admin' ? 'staff' : null;
  }
  if (caller.role === 'admin') return 'office';
  const teaching = {
    schoolId: caller.schoolId,
    role: caller.role,
    userId: caller.user.id,
    me: caller.me,
    officeRead: false,
    officeWrite: false,
  };
  const relation = await relationTo(db, teaching, session.lesson_id);
  if (relation === 'teacher') return 'host';
  if (relation === 'student') return 'student';
  if (relation === 'guardian') return 'guardian';
  return null;
}

/** What the caller may do with a session; travels with every session record. */
export async function abilitiesFor(
  db: Kysely<Database>,
  caller: SessionCaller,
  relation: SessionRelation | null,
  state: SessionState,
  session: SessionRow,
  now: Date,
): Promise<SessionAbilities> {
  const open = state === 'live' || state === 'upcoming';
  const early = Date.parse(session.scheduled_start) - now.getTime() <= EARLY_JOIN_MS;
  let mayEnter = relation !== null && relation !== 'guardian';
  if (relation === 'guardian') mayEnter = await parentsMayJoin(db, caller.schoolId);
  const host = relation === 'host';
  return {
    join: mayEnter && open && (host || state === 'live' || early),
    host,
    end: (host || relation === 'office') && state === 'live',
    attendance:
      host && caller.role === 'teacher' && session.lesson_id !== null && state !== 'upcoming',
    dashboard: caller.role === 'admin' && relation !== null,
  };
}

/** Seeing a session at all: anyone it concerns (a parent sees their child's even unable to join). */
export function assertSeesSession(relation: SessionRelation | null): asserts relation {
  if (relation === null) throw forbidden('This session is not one of yours.');
}

export function assertMayJoin(abilities: SessionAbilities, state: SessionState): void {
  if (abilities.join) return;
  if (state === 'ended' || state === 'missed')
    throw new ApiError('conflict', 'This session is over.');
  throw forbidden('You cannot join this session now.');
}

/** The meetings lists and a meeting's page: teachers and the office. */
export function assertMeetingsReader(caller: SessionCaller): void {
  if (caller.role !== 'teacher' && caller.role !== 'admin')
    throw forbidden('Meetings are for teachers and the office.');
}

export function assertMeetingReader(relation: SessionRelation | null): void {
  if (relation !== 'host' && relation !== 'office' && relation !== 'staff')
    throw forbidden('This session is not one of yours.');
}

/** Recording (spec §7 `teacher/sessions/record`): the hosting teacher only. */
export function assertRecorder(caller: SessionCaller, relation: SessionRelation | null): void {
  if (caller.role !== 'teacher' || relation !== 'host')
    throw forbidden("Only the session's teacher records it.");
}

export function assertDashboardReader(
  caller: SessionCaller,
  relation: SessionRelation | null,
): void {
  if (caller.role !== 'admin' || relation === null)
    throw forbidden('The session dashboard is for the office.');
}

/** Planning: a lesson's session by its teachers; a staff meeting by teachers and the office. */
export async function assertMayPlan(
  db: Kysely<Database>,
  caller: SessionCaller,
  lessonId: number | null,
): Promise<void> {
  assertMeetingsReader(caller);
  if (lessonId === null) return;
  const relation = await relationToSession(db, caller, {
    id: 0,
    lesson_id: lessonId,
    host_user_id: null,
    scheduled_start: '',
    scheduled_end: '',
    started_at: null,
    ended_at: null,
  });
  if (relation !== 'host')
    throw ruleError(
      'forbidden',
      { code: 'not_your_lesson', field: 'lesson_id' },
      'You can do this only for lessons you teach.',
    );
}
