import type {
  Account,
  LoginBody,
  ResetPasswordBody,
  SchoolEntry,
} from '../../../shared/api/account';
import { MSG } from '../../../shared/api/account';
import {
  CREATE_PASSWORD_TOKEN_TTL_MS,
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
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

async function limit(deps: ServerDeps, key: string, max: number, windowMs: number) {
  const decision = await deps.limiter.hit(key, max, windowMs);
  if (!decision.allowed) {
    throw new ApiError(
      'rate_limited',
      'Too many attempts. Please wait and try again.',
      undefined,
      decision.retryAfter,
    );
  }
}

export async function login(
  deps: ServerDeps,
  ctx: RequestContext,
  body: LoginBody & { remember_me: boolean },
) {
  const login = body.username.trim().toLowerCase();
  await limit(
    deps,
    `login:address:${ctx.ip}`,
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
    LOGIN_RATE_WINDOW_MS,
  );
  await limit(deps, `login:account:${login}`, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, LOGIN_RATE_WINDOW_MS);

  const user = await q.findUserByLogin(deps.db, login);
  const valid = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !valid || user.disabled)
    throw new ApiError('invalid_credentials', MSG.wrongCredentials);

  await deps.limiter.reset(`login:account:${login}`);
  const token = newSecretToken();
  const now = deps.now();
  await q.insertSession(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    platform: body.platform ?? null,
    rememberMe: body.remember_me,
    nowIso: now.toISOString(),
    expiresIso: later(now, body.remember_me ? SESSION_REMEMBER_TTL_MS : SESSION_TTL_MS),
    ip: ctx.ip,
  });
  await recordAudit(
    deps.db,
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
  await limit(
    deps,
    `reset:address:${ctx.ip}`,
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
    LOGIN_RATE_WINDOW_MS,
  );
  const user = await q.findUserByEmail(deps.db, email);
  if (!user || user.disabled) return;
  // Within the answer's time only the database work happens; the mail goes out after,
  // so that neither timing nor an SMTP failure tells whether the address exists.
  void sendPasswordLink(deps, user, 'reset').catch((err: unknown) =>
    log.error({ err }, 'reset mail failed'),
  );
}

export async function resetPassword(
  deps: ServerDeps,
  ctx: RequestContext,
  body: ResetPasswordBody,
) {
  await limit(
    deps,
    `reset-password:address:${ctx.ip}`,
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
    LOGIN_RATE_WINDOW_MS,
  );
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
