import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Role } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { ApiError, notFound } from '../../http/errors';
import { hashToken, newSecretToken } from '../account/tokens';
import { refreshDerivedColumns } from './accounts';

// How a school reaches a person by e-mail. Every account a school creates or invites with an
// e-mail is listed as an invitation until its holder comes in: a new account by choosing its
// password, an account of another school by accepting while signed in (a child's, by their
// guardian). Both look the same to the office, so the list does not tell which addresses
// already had an account.

/** Invitations last a fortnight; the office may send a new one. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

type Db = Kysely<Database>;

export interface InvitationMail {
  to: string;
  schoolName: string;
  link: string;
}

/**
 * Records the invitation of a new or stand-in account; for a stand-in, returns the mail to
 * send once the transaction has committed (a new account gets its password link from the
 * office's "invite" action, as before).
 */
export async function recordInvitation(
  db: Db,
  deps: Pick<ServerDeps, 'config'>,
  values: {
    schoolId: number;
    userId: number;
    email: string;
    role: string;
    invitedBy: number;
    standIn: boolean;
    nowIso: string;
  },
): Promise<InvitationMail | null> {
  const token = newSecretToken();
  await db
    .insertInto('school_invitations')
    .values({
      school_id: values.schoolId,
      placeholder_user_id: values.userId,
      email: values.email,
      role: values.role,
      token_hash: hashToken(token),
      invited_by_user_id: values.invitedBy,
      created_at: values.nowIso,
      expires_at: new Date(Date.parse(values.nowIso) + INVITATION_TTL_MS).toISOString(),
    })
    .execute();
  if (!values.standIn) return null;
  const school = await db
    .selectFrom('schools')
    .select('name')
    .where('id', '=', values.schoolId)
    .executeTakeFirstOrThrow();
  return {
    to: values.email,
    schoolName: school.name,
    link: `${deps.config.publicUrl}/invitation/${token}`,
  };
}

/** Sends an invitation mail (after commit); the address is all it reveals. */
export async function sendInvitationMail(deps: ServerDeps, mail: InvitationMail): Promise<void> {
  await deps.mailer.send({
    to: mail.to,
    subject: `${mail.schoolName} invites you to Mathema / Πρόσκληση στο Mathema`,
    text: [
      `${mail.schoolName} invites you to join it on Mathema. Sign in with your account and accept:`,
      mail.link,
      '',
      `Το σχολείο ${mail.schoolName} σας προσκαλεί στο Mathema. Συνδεθείτε με τον λογαριασμό σας και αποδεχτείτε:`,
      mail.link,
      '',
      'The invitation expires in 14 days. / Η πρόσκληση λήγει σε 14 ημέρες.',
    ].join('\n'),
    html: `<p>${escapeHtml(mail.schoolName)} invites you to join it on Mathema. Sign in with your account and accept.</p><p>Το σχολείο ${escapeHtml(mail.schoolName)} σας προσκαλεί στο Mathema. Συνδεθείτε και αποδεχτείτε.</p><p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`,
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** The school's invitations, newest first, with their state now. */
export async function listInvitations(
  db: Db,
  schoolId: number,
  nowIso: string,
  page: { page: number; per_page: number; status?: InvitationStatus },
) {
  const status = sql<InvitationStatus>`case
    when i.revoked_at is not null then 'revoked'
    when i.accepted_at is not null or u.password_hash is not null then 'accepted'
    when i.expires_at <= ${nowIso} then 'expired'
    else 'pending' end`;
  let query = db
    .selectFrom('school_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.placeholder_user_id')
    .where('i.school_id', '=', schoolId);
  if (page.status) query = query.where(status, '=', page.status);
  const [rows, total] = await Promise.all([
    query
      .select([
        'i.id',
        'i.email',
        'i.role',
        'i.created_at',
        'i.expires_at',
        'u.first_name',
        'u.last_name',
        status.as('status'),
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return {
    data: rows.map((row) => ({ ...row, role: row.role as Role })),
    totalCount: Number((total as { count: number | string }).count),
  };
}

/** Revokes a pending invitation: its link stops working and no password link of it works. */
export async function revokeInvitation(db: Db, schoolId: number, id: number, nowIso: string) {
  const result = await db
    .updateTable('school_invitations')
    .set({ revoked_at: nowIso })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('This invitation is not pending.');
}

const invalidInvitation = () =>
  new ApiError('not_found', 'This invitation is not valid any more. Ask the school for a new one.');

/**
 * Accepts an invitation as the signed-in account: it must be the invited address's holder, or
 * a guardian (in any school) of the account the address belongs to. The school's stand-in
 * memberships move onto that account, and the stand-in goes.
 */
export async function acceptInvitation(
  db: Db,
  signedIn: { id: number; email: string | null },
  token: string,
  nowIso: string,
): Promise<{ schoolId: number }> {
  const invitation = await db
    .selectFrom('school_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (
    !invitation ||
    invitation.revoked_at !== null ||
    invitation.accepted_at !== null ||
    invitation.expires_at <= nowIso
  ) {
    throw invalidInvitation();
  }
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', invitation.email)
    .executeTakeFirst();
  if (!holder) throw invalidInvitation();
  const isHolder = holder.id === signedIn.id;
  const isGuardian =
    !isHolder &&
    Boolean(
      await db
        .selectFrom('student_guardians as g')
        .innerJoin('memberships as child', 'child.id', 'g.student_id')
        .innerJoin('memberships as guardian', 'guardian.id', 'g.client_id')
        .select('g.id')
        .where('child.user_id', '=', holder.id)
        .where('guardian.user_id', '=', signedIn.id)
        .executeTakeFirst(),
    );
  // Anyone else gets the same answer as for a bad link: nothing about the account.
  if (!isHolder && !isGuardian) throw invalidInvitation();
  const placeholder = invitation.placeholder_user_id;
  await db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('memberships as stand_in')
      .innerJoin('memberships as held', (join) =>
        join
          .onRef('held.school_id', '=', 'stand_in.school_id')
          .onRef('held.role', '=', 'stand_in.role'),
      )
      .select('held.id')
      .where('stand_in.user_id', '=', placeholder)
      .where('held.user_id', '=', holder.id)
      .executeTakeFirst();
    if (clash) {
      throw new ApiError('conflict', 'This account already holds this role in the school.');
    }
    await trx
      .updateTable('memberships')
      .set({ user_id: holder.id })
      .where('user_id', '=', placeholder)
      .execute();
    await trx
      .updateTable('school_invitations')
      .set({ accepted_at: nowIso })
      .where('id', '=', invitation.id)
      .execute();
    await trx
      .updateTable('school_invitations')
      .set({ placeholder_user_id: holder.id })
      .where('placeholder_user_id', '=', placeholder)
      .execute();
    await trx.deleteFrom('users').where('id', '=', placeholder).execute();
    await refreshDerivedColumns(trx, holder.id);
  });
  return { schoolId: invitation.school_id };
}
