import type { FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../shared/constants';
import {
  findActiveSession,
  findActiveSessionInSchool,
  touchSession,
  type SessionUser,
} from '../areas/account/queries';
import { hashToken } from '../areas/account/tokens';
import { effectivePermissions } from '../areas/permissions/effective';
import { recordAudit } from '../audit/audit-log';
import type { ServerDeps } from '../deps';
import { forbidden, loginRequired } from './errors';

export interface RequestContext {
  requestId: string;
  ip: string;
  /** Whom the request acts as: the signed-in user, or the impersonated one. */
  user: SessionUser | null;
  /** The signed-in user when impersonating; null otherwise. */
  actor: SessionUser | null;
  impersonating: boolean;
  schoolId: number | null;
  role: Role | null;
  /** The raw session token, for logout. Never logged. */
  token: string | null;
  /**
   * Whether the acting admin holds full access in the school, when known from the school check
   * (null under impersonation or on routes outside a school).
   */
  fullAccess: boolean | null;
  /**
   * The signed-in user's membership id for the request's role, from the school check (null
   * while impersonating, or when the route names no role).
   */
  membershipId: number | null;
}

// Writing last_used_at on every request would turn reads into writes.
const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function baseContext(request: FastifyRequest): RequestContext {
  const header = request.headers.token;
  return {
    requestId: String(request.id),
    ip: request.ip,
    user: null,
    actor: null,
    impersonating: false,
    schoolId: null,
    role: null,
    token: typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null,
    fullAccess: null,
    membershipId: null,
  };
}

async function keepSessionFresh(deps: ServerDeps, user: SessionUser, now: Date) {
  if (now.getTime() - Date.parse(user.sessionLastUsedAt) > SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(deps.db, user.sessionId, now.toISOString());
  }
}

/** Resolves the Token header to its live session; 401 login_required otherwise. */
export async function authenticate(deps: ServerDeps, ctx: RequestContext): Promise<SessionUser> {
  if (!ctx.token) throw loginRequired();
  const now = deps.now();
  const user = await findActiveSession(deps.db, hashToken(ctx.token), now.toISOString());
  if (!user) throw loginRequired();
  await keepSessionFresh(deps, user, now);
  ctx.user = user;
  return user;
}

/** authenticate, and the caller's roles and permission groups in a school, in one query. */
async function authenticateInSchool(deps: ServerDeps, ctx: RequestContext, schoolId: number) {
  if (!ctx.token) throw loginRequired();
  const now = deps.now();
  const found = await findActiveSessionInSchool(
    deps.db,
    hashToken(ctx.token),
    now.toISOString(),
    schoolId,
  );
  if (!found) throw loginRequired();
  await keepSessionFresh(deps, found.user, now);
  ctx.user = found.user;
  return {
    ...found,
    memberships: found.memberships.filter((m): m is { role: Role; id: number } =>
      (ROLES as readonly string[]).includes(m.role),
    ),
  };
}

async function rolesIn(deps: ServerDeps, schoolId: number, userId: number): Promise<Role[]> {
  const rows = await deps.db
    .selectFrom('memberships')
    .select('role')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.role).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

/**
 * Checks the caller's membership of a school (and of a role in it, when given), applying
 * the mockinguserid header: only an admin of this school may impersonate, only a non-admin
 * member of the same school, and every impersonated request is written to the audit log.
 */
export async function enterSchool(
  deps: ServerDeps,
  ctx: RequestContext,
  request: FastifyRequest,
  schoolId: number,
  role: Role | null,
): Promise<void> {
  const {
    user: signedIn,
    memberships,
    fullAccess,
  } = await authenticateInSchool(deps, ctx, schoolId);
  const mockHeader = request.headers.mockinguserid;
  const mockText = typeof mockHeader === 'string' ? mockHeader.trim() : '';
  let roles = memberships.map((m) => m.role);
  ctx.fullAccess = roles.includes('admin') ? fullAccess : null;

  if (mockText !== '' && mockText !== 'null' && mockText !== String(signedIn.id)) {
    const targetId = Number(mockText);
    if (!Number.isInteger(targetId) || targetId <= 0)
      throw forbidden('You cannot act as this user.');
    if (!roles.includes('admin'))
      throw forbidden('Only an admin of this school can act as another user.');
    // Acting as someone shows everything they see: only an admin who manages the school's
    // accounts may.
    const permissions = await effectivePermissions(
      deps.db,
      schoolId,
      signedIn.id,
      'admin',
      fullAccess,
    );
    if (!permissions.find((p) => p.resource === 'users')?.write)
      throw forbidden(
        'Only an admin who manages the users of this school can act as another user.',
      );
    const targetRoles = await rolesIn(deps, schoolId, targetId);
    if (targetRoles.length === 0 || targetRoles.includes('admin'))
      throw forbidden('You cannot act as this user.');
    const target = await deps.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'first_name', 'last_name', 'language', 'logo'])
      .where('id', '=', targetId)
      .where('disabled', '=', 0)
      .executeTakeFirst();
    if (!target) throw forbidden('You cannot act as this user.');
    ctx.actor = signedIn;
    ctx.user = {
      ...target,
      sessionId: signedIn.sessionId,
      sessionLastUsedAt: signedIn.sessionLastUsedAt,
    };
    ctx.impersonating = true;
    ctx.fullAccess = null;
    roles = targetRoles;
  }

  if (roles.length === 0) throw forbidden('You are not a member of this school.');
  if (role && !roles.includes(role))
    throw forbidden(`You do not hold the ${role} role in this school.`);
  ctx.schoolId = schoolId;
  ctx.role = role;
  if (role && !ctx.impersonating)
    ctx.membershipId = memberships.find((m) => m.role === role)?.id ?? null;

  if (ctx.impersonating) {
    await recordAudit(
      deps.db,
      ctx,
      {
        schoolId,
        action: 'impersonated-request',
        entity: 'request',
        detail: { method: request.method, path: request.url.split('?')[0] },
      },
      deps.now().toISOString(),
    );
  }
}
