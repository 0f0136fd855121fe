import type {
  Account,
  LoginBody,
  ResetPasswordBody,
  SchoolEntry,
} from '../../../shared/api/account';
import { MSG } from '../../../shared/api/account';
import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  PASSWORD_MAIL_MAX_PER_ACCOUNT,
  PASSWORD_MAIL_MAX_PER_ADDRESS,
  SESSION_REMEMBER_TTL_MS,
  SESSION_TTL_MS,
} from '../../../shared/constants';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { sendPasswordLink, setPasswordWithLink } from './password-links';
import { accountOf } from './profile';
import { verifyPassword } from './passwords';
import * as q from './queries';
import { checkWithinSignInLimits, tooManyAttempts } from './sign-in-limits';
import { hashToken, newSecretToken } from './tokens';
import { removeSessionSubscriptions } from '../notifications/subscriptions';

// The users area sends invitations through here.
export { sendPasswordLink };

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Counts one request against a limit and refuses it once the limit is passed. */
async function countRequest(deps: ServerDeps, key: string, max: number) {
  const decision = await deps.limiter.hit(key, max, LOGIN_RATE_WINDOW_MS);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfter);
}

/**
 * Signs in with email or username, under the limits of checkWithinSignInLimits: per account
 * and per address, reserved before the password is checked.
 */
export async function login(
  deps: ServerDeps,
  ctx: RequestContext,
  body: LoginBody & { remember_me: boolean },
) {
  const login = body.username.trim().toLowerCase();
  const user = await q.findUserByLogin(deps.db, login);
  const accountKey = user ? `login:account:${user.id}` : `login:unknown:${login}`;
  const valid = await checkWithinSignInLimits(
    deps,
    ctx.ip,
    accountKey,
    // Unknown logins are checked against a dummy hash, so they take as long as known ones.
    async () =>
      (await verifyPassword(user?.password_hash ?? null, body.password)) &&
      Boolean(user && !user.disabled),
  );
  if (!user || !valid) throw new ApiError('invalid_credentials', MSG.wrongCredentials);

  const token = newSecretToken();
  const now = deps.now();
  // One commit for the session and its audit entry: a sign-in storm waits on one disk flush each.
  await deps.db.transaction().execute(async (trx) => {
    await q.insertSession(trx, {
      userId: user.id,
      tokenHash: hashToken(token),
      platform: body.platform ?? null,
      rememberMe: body.remember_me,
      nowIso: now.toISOString(),
      expiresIso: later(now, body.remember_me ? SESSION_REMEMBER_TTL_MS : SESSION_TTL_MS),
      ip: ctx.ip,
    });
    await recordAudit(
      trx,
      { ...ctx, user: { ...user, sessionId: 0, sessionLastUsedAt: '' } },
      {
        schoolId: null,
        action: 'login',
        entity: 'user',
        entityId: user.id,
        detail: { platform: body.platform ?? null },
      },
      now.toISOString(),
    );
  });
  return { token };
}

export async function logout(deps: ServerDeps, ctx: RequestContext) {
  if (!ctx.user) return;
  await q.revokeSession(deps.db, ctx.user.sessionId, deps.now().toISOString());
  // This device stops receiving the account's news the moment it signs out.
  await removeSessionSubscriptions(deps.db, ctx.user.sessionId);
  deps.realtime.closeSession(ctx.user.sessionId);
}

export async function getAccount(deps: ServerDeps, ctx: RequestContext): Promise<Account> {
  if (!ctx.user) throw notFound();
  return accountOf(deps, ctx.user.id);
}

export const listSchools = (deps: ServerDeps, ctx: RequestContext): Promise<SchoolEntry[]> =>
  q.listSchoolEntries(deps.db, ctx.user!.id);

export async function requestReset(
  deps: ServerDeps,
  ctx: RequestContext,
  email: string,
  log: { error(o: object, m: string): void },
) {
  await countRequest(deps, `reset:address:${ctx.ip}`, PASSWORD_MAIL_MAX_PER_ADDRESS);
  await countRequest(
    deps,
    `reset:email:${email.trim().toLowerCase()}`,
    PASSWORD_MAIL_MAX_PER_ACCOUNT,
  );
  const user = await q.findUserByEmail(deps.db, email);
  if (!user || user.disabled || !user.email) return;
  const recipient = { ...user, email: user.email };
  // Within the answer's time only the database work happens; the mail goes out after,
  // so that neither timing nor an SMTP failure tells whether the address exists.
  void sendPasswordLink(deps, recipient, 'reset').catch((err: unknown) =>
    log.error({ err }, 'reset mail failed'),
  );
}

export async function resetPassword(
  deps: ServerDeps,
  ctx: RequestContext,
  body: ResetPasswordBody,
) {
  await countRequest(deps, `reset-password:address:${ctx.ip}`, LOGIN_MAX_FAILURES_PER_ADDRESS);
  await setPasswordWithLink(deps, ctx, body.token, body.password);
}
