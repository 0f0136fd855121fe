import type { Kysely } from 'kysely';
import { CREATE_PASSWORD_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '../../../shared/constants';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError } from '../../http/errors';
import { passwordLinkMail } from './mails';
import { hashPassword } from './passwords';
import * as q from './queries';
import { hashToken, newSecretToken } from './tokens';

// A password link (reset, or create for a new account) is single-use, short-lived, bound to
// the address it was mailed to, and ends when the account's password or email changes: a
// link is worth what the mailbox it went to is worth, and only while that mailbox is the
// account's.

const linkRefused = (message: string) => new ApiError('validation', message, { token: message });
const LINK_UNKNOWN = 'This link is not valid. Please ask for a new one.';
const LINK_USED = 'This link was already used. Please ask for a new one.';
const LINK_EXPIRED = 'This link has expired. Please ask for a new one.';
const LINK_VOID =
  "This link no longer works: the account's password or email changed after it was sent. Please ask for a new one.";

/**
 * Ends every outstanding password link of an account. Call it in the transaction that changes
 * the account's email (setting a password calls it itself).
 */
export async function voidPasswordLinks(
  db: Kysely<Database>,
  userId: number,
  nowIso: string = new Date().toISOString(),
): Promise<void> {
  await db
    .updateTable('password_tokens')
    .set({ voided_at: nowIso })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
}

/**
 * Mails a single-use password link in the account's language. 'create' is the invitation of
 * an account without a password; an account that already has one gets a reset link instead,
 * with the reset's wording and shorter life, so that an invitation never becomes a week-long
 * key to a live account.
 */
export async function sendPasswordLink(
  deps: ServerDeps,
  user: { id: number; email: string; first_name: string; language: string },
  wanted: 'reset' | 'create',
): Promise<void> {
  const purpose = wanted === 'create' && (await q.hasPassword(deps.db, user.id)) ? 'reset' : wanted;
  const token = newSecretToken();
  const now = deps.now();
  const lifetime = purpose === 'reset' ? RESET_TOKEN_TTL_MS : CREATE_PASSWORD_TOKEN_TTL_MS;
  await q.insertPasswordToken(deps.db, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    purpose,
    nowIso: now.toISOString(),
    expiresIso: new Date(now.getTime() + lifetime).toISOString(),
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

/** Sets the password a link was sent for, ends the account's sessions and its other links. */
export async function setPasswordWithLink(
  deps: ServerDeps,
  ctx: RequestContext,
  secret: string,
  password: string,
): Promise<void> {
  const nowIso = deps.now().toISOString();
  const link = await q.findPasswordLink(deps.db, hashToken(secret));
  // Each refusal says what happened, so that the person knows to ask for a new link; none
  // says anything about an address.
  if (!link) throw linkRefused(LINK_UNKNOWN);
  if (link.used_at) throw linkRefused(LINK_USED);
  if (link.voided_at || link.email === null || link.email !== link.account_email)
    throw linkRefused(LINK_VOID);
  if (link.expires_at <= nowIso) throw linkRefused(LINK_EXPIRED);

  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    // The account row first: it is what two links of one account used at once, or a link and
    // an email change, meet on, so they take turns and the second sees what the first did.
    if (!(await q.setPasswordIfEmailIs(trx, link.user_id, link.email!, passwordHash)))
      throw linkRefused(LINK_VOID);
    // Most likely the same form sent twice.
    if (!(await q.consumePasswordToken(trx, link.id, nowIso))) throw linkRefused(LINK_USED);
    await voidPasswordLinks(trx, link.user_id, nowIso);
    await q.revokeAllSessions(trx, link.user_id, nowIso);
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: null,
        action: link.purpose === 'reset' ? 'password-reset' : 'password-created',
        entity: 'user',
        entityId: link.user_id,
      },
      nowIso,
    );
  });
  // Every session was revoked: its open sockets must not keep receiving events.
  deps.realtime.closeUser(link.user_id);
}
