import type {
  Account,
  LoginBody,
  ResetPasswordBody,
  SchoolEntry,
} from '../../../shared/api/account';
import { MSG } from '../../../shared/api/account';
import {
  CREATE_PASSWORD_TOKEN_TTL_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  PASSWORD_MAIL_MAX_PER_ACCOUNT,
  PASSWORD_MAIL_MAX_PER_ADDRESS,
  RESET_TOKEN_TTL_MS,
  SESSION_REMEMBER_TTL_MS,
  SESSION_TTL_MS,
  type Language,
} from '../../../shared/constants';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { passwordLinkMail } from './mails';
import { hashPassword, verifyPassword } from './passwords';
import * as q from './queries';
import { hashToken, newSecretToken } from './tokens';

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

const tooMany = (retryAfter: number) =>
  new ApiError(
    'rate_limited',
    'Too many attempts. Please wait and try again.',
    undefined,
    retryAfter,
  );

/** Counts one request against a limit and refuses it once the limit is passed. */
async function countRequest(deps: ServerDeps, key: string, max: number) {
  const decision = await deps.limiter.hit(key, max, LOGIN_RATE_WINDOW_MS);
  if (!decision.allowed) throw tooMany(decision.retryAfter);
}

/**
 * Signs in with email or username. Only failed attempts count towards the limits, per
 * account and per address, so that a whole school behind one address can sign in at 8:00
 * while guessing one account's password is stopped after a few tries.
 */
export async function login(
  deps: ServerDeps,
  ctx: RequestContext,
  body: LoginBody & { remember_me: boolean },
) {
  const login = body.username.trim().toLowerCase();
  const accountKey = `login:account:${login}`;
  const addressKey = `login:address:${ctx.ip}`;
  for (const [key, max] of [
    [accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT],
    [addressKey, LOGIN_MAX_FAILURES_PER_ADDRESS],
  ] as const) {
    const decision = await deps.limiter.check(key, max);
    if (!decision.allowed) throw tooMany(decision.retryAfter);
  }

  const user = await q.findUserByLogin(deps.db, login);
  const valid = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !valid || user.disabled) {
    await deps.limiter.hit(accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_RATE_WINDOW_MS);
    await deps.limiter.hit(addressKey, LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_RATE_WINDOW_MS);
    throw new ApiError('invalid_credentials', MSG.wrongCredentials);
  }

  await deps.limiter.reset(accountKey);
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
}

export async function getAccount(deps: ServerDeps, ctx: RequestContext): Promise<Account> {
  const user = ctx.user && (await q.findUserById(deps.db, ctx.user.id));
  if (!user) throw notFound();
  return { ...user, language: (user.language === 'el' ? 'el' : 'en') satisfies Language };
}

export const listSchools = (deps: ServerDeps, ctx: RequestContext): Promise<SchoolEntry[]> =>
  q.listSchoolEntries(deps.db, ctx.user!.id);

/**
 * Creates a single-use password link and mails it in the account's language. Used by the
 * reset request and by user invitations (purpose 'create').
 */
export async function sendPasswordLink(
  deps: ServerDeps,
  user: { id: number; email: string; first_name: string; language: string },
  purpose: 'reset' | 'create',
): Promise<void> {
  const token = newSecretToken();
  const now = deps.now();
  await q.insertPasswordToken(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    purpose,
    nowIso: now.toISOString(),
    expiresIso: later(now, purpose === 'reset' ? RESET_TOKEN_TTL_MS : CREATE_PASSWORD_TOKEN_TTL_MS),
  });
  const route = purpose === 'reset' ? 'reset-password' : 'create-user-password';
  await deps.mailer.send(
    passwordLinkMail({
      to: user.email,
      firstName: user.first_name,
      language: user.language,
      purpose,
      link: `${deps.config.publicUrl}/${route}/${token}`,
    }),
  );
}

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
  const now = deps.now().toISOString();
  const expired = new ApiError(
    'validation',
    'This link has expired or was already used. Please ask for a new one.',
    {
      token: 'This link has expired or was already used. Please ask for a new one.',
    },
  );
  const token = await q.findUsablePasswordToken(deps.db, hashToken(body.token), now);
  if (!token) throw expired;
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await q.consumePasswordToken(trx, token.id, now))) throw expired;
    await q.setPasswordHash(trx, token.user_id, passwordHash);
    await q.revokeAllSessions(trx, token.user_id, now);
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: null,
        action: token.purpose === 'reset' ? 'password-reset' : 'password-created',
        entity: 'user',
        entityId: token.user_id,
      },
      now,
    );
  });
}
