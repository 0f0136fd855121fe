import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  PHOTO_MAX_BYTES,
  type Account,
  type ChangePasswordBody,
  type UpdateAccountBody,
} from '../../../shared/api/account';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import { schoolFileKey } from '../../files/object-store';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound, validationError } from '../../http/errors';
import { sniff } from '../files/sniff';
import { changeOwnProfile } from '../people/accounts';
import { voidPasswordLinks } from './password-links';
import { hashPassword, verifyPassword } from './passwords';
import * as q from './queries';
import { checkWithinSignInLimits } from './sign-in-limits';

// A signed-in person's own account: their names, phone, language, photo and password. Each
// call changes only the caller's account (the session's user, never an id from the request),
// so there is no one else's record to reach. Impersonation applies to school calls only, so
// these always act as the signed-in person.

/** The signed-in account as the profile shows it. */
export async function accountOf(deps: ServerDeps, userId: number): Promise<Account> {
  const user = await q.findUserById(deps.db, userId);
  if (!user) throw notFound();
  const phone = await deps.db
    .selectFrom('memberships')
    .select('phone')
    .where('user_id', '=', userId)
    .where('phone', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  return {
    ...user,
    language: user.language === 'el' ? 'el' : 'en',
    phone: phone?.phone ?? null,
  };
}

/** The caller's own account (the signed-in person, never a mocked one). */
function ownId(ctx: RequestContext): number {
  if (ctx.impersonating)
    throw new ApiError('forbidden', 'Close the impersonation to change a profile.');
  return ctx.user!.id;
}

export async function updateOwnAccount(
  deps: ServerDeps,
  ctx: RequestContext,
  body: UpdateAccountBody,
): Promise<Account> {
  const userId = ownId(ctx);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await changeOwnProfile(trx, userId, body);
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: null,
        action: 'update',
        entity: 'user',
        entityId: userId,
        detail: { fields: Object.keys(body) },
      },
      nowIso,
    );
  });
  return accountOf(deps, userId);
}

/**
 * Changes the caller's password when the current one is right. The check counts against the
 * same sign-in limits as logging in (per account and per address), so a borrowed session
 * cannot guess the password faster than the login form could. The account's other sessions
 * and its outstanding password links end; the one making the change stays signed in.
 */
export async function changeOwnPassword(
  deps: ServerDeps,
  ctx: RequestContext,
  body: ChangePasswordBody,
): Promise<void> {
  const userId = ownId(ctx);
  const stored = await deps.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const good = await checkWithinSignInLimits(deps, ctx.ip, `login:account:${userId}`, () =>
    verifyPassword(stored.password_hash, body.current_password),
  );
  if (!good)
    throw validationError(
      { current_password: 'The current password is not right' },
      'The current password is not right.',
    );
  const passwordHash = await hashPassword(body.password);
  const nowIso = deps.now().toISOString();
  const sessionId = ctx.user!.sessionId;
  const ended = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
    await voidPasswordLinks(trx, userId, nowIso);
    const others = await trx
      .updateTable('sessions')
      .set({ revoked_at: nowIso })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('id', '!=', sessionId)
      .returning('id')
      .execute();
    await recordAudit(
      trx,
      ctx,
      { schoolId: null, action: 'password-changed', entity: 'user', entityId: userId },
      nowIso,
    );
    return others.map((row) => row.id);
  });
  // The ended sessions' open sockets must not keep receiving events.
  for (const id of ended) deps.realtime.closeSession(id);
}

const PHOTO_EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};

/** Removes a photo file of ours (a name we made), quietly when it is gone already. */
export async function removePhotoFile(deps: ServerDeps, name: string | null): Promise<void> {
  if (!name || !/^user-\d+-[0-9a-f]{32}\.(png|jpg|webp)$/.test(name)) return;
  await deps.storage.delete(schoolFileKey(name));
}

/**
 * Stores the caller's photo. Its type is sniffed from its bytes (PNG, JPEG, WebP; never SVG,
 * which can carry script); its name is random and served like school logos (spec §3: a user's
 * logo is a file name of the school files area).
 */
export async function uploadOwnPhoto(
  deps: ServerDeps,
  ctx: RequestContext,
  request: FastifyRequest,
): Promise<Account> {
  const userId = ownId(ctx);
  if (!request.isMultipart())
    throw validationError({ file: 'Choose a file' }, 'Send the photo as multipart/form-data.');
  let bytes: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file')
      throw validationError({ file: 'Choose a file' }, 'Choose a photo to upload.');
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError('too_large', 'The photo is larger than 2 MB.', {
        file: 'The photo must be at most 2 MB',
      });
    throw error;
  }
  const extension = PHOTO_EXTENSIONS[sniff(bytes.subarray(0, 64), 'photo').contentType];
  if (!extension)
    throw validationError(
      { file: 'Choose a PNG, JPEG or WebP image' },
      'Choose a PNG, JPEG or WebP image.',
    );
  const name = `user-${userId}-${crypto.randomBytes(16).toString('hex')}${extension}`;
  await deps.storage.put(schoolFileKey(name), bytes);
  const previous = await setPhoto(deps, ctx, userId, name);
  await removePhotoFile(deps, previous);
  return accountOf(deps, userId);
}

export async function removeOwnPhoto(deps: ServerDeps, ctx: RequestContext): Promise<Account> {
  const userId = ownId(ctx);
  const previous = await setPhoto(deps, ctx, userId, null);
  await removePhotoFile(deps, previous);
  return accountOf(deps, userId);
}

/** Sets the account's photo; answers the one it had. */
async function setPhoto(
  deps: ServerDeps,
  ctx: RequestContext,
  userId: number,
  name: string | null,
): Promise<string | null> {
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('logo')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ logo: name }).where('id', '=', userId).execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: null,
        action: 'update',
        entity: 'user',
        entityId: userId,
        detail: { fields: ['logo'] },
      },
      nowIso,
    );
    return before.logo;
  });
}
