import { sql, type Kysely } from 'kysely';
import type { Role } from '../../../shared/constants';
import { runShaped } from '../../db/query-shapes';
import type { Database } from '../../db/schema';

export interface SessionUser {
  id: number;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  language: string;
  logo: string | null;
  sessionId: number;
  sessionLastUsedAt: string;
}

const userColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.language',
  'users.logo',
] as const;

export async function findUserByLogin(db: Kysely<Database>, login: string) {
  const normalized = login.trim().toLowerCase();
  // Shaped (runShaped): a sign-in storm runs it for everyone at once.
  const [user] = await runShaped(db, 'user-by-login', { normalized }, (v) =>
    db
      .selectFrom('users')
      .select([...userColumns, 'users.password_hash', 'users.disabled'])
      .where((eb) => eb.or([eb('email', '=', v.normalized), eb('username', '=', v.normalized)])),
  );
  return user;
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.disabled'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** The live session of a token hash with its user, or undefined. */
export async function findActiveSession(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      ...userColumns,
      'sessions.id as sessionId',
      'sessions.last_used_at as sessionLastUsedAt',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso)
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
  return row;
}

/**
 * The live session of a token hash with its user, the roles that user holds in one school
 * and how many of that school's permission groups it belongs to: one query for what every
 * school call checks first.
 */
export async function findActiveSessionInSchool(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
  schoolId: number,
): Promise<
  | {
      user: SessionUser;
      /** The user's memberships of the school: each role held, with the membership's id. */
      memberships: { role: string; id: number }[];
      /** Whether the user's admin membership of the school holds full access. */
      fullAccess: boolean;
    }
  | undefined
> {
  // Built once and reused (runShaped): every school request runs it.
  const rows = await runShaped(db, 'session-in-school', { tokenHash, nowIso, schoolId }, (v) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'users.id').on('m.school_id', '=', v.schoolId),
      )
      .select([
        ...userColumns,
        'sessions.id as sessionId',
        'sessions.last_used_at as sessionLastUsedAt',
        'm.role',
        'm.id as membershipId',
        'm.full_access as fullAccess',
      ])
      .where('sessions.token_hash', '=', v.tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', v.nowIso)
      .where('users.disabled', '=', sql.lit(0)),
  );
  const first = rows[0];
  if (!first) return undefined;
  const { role: _role, membershipId: _id, fullAccess: _full, ...user } = first;
  return {
    user,
    memberships: rows.flatMap((r) =>
      r.role !== null && r.membershipId !== null ? [{ role: r.role, id: r.membershipId }] : [],
    ),
    fullAccess: rows.some((r) => r.role === 'admin' && Number(r.fullAccess) === 1),
  };
}

export async function insertSession(
  db: Kysely<Database>,
  values: {
    userId: number;
    tokenHash: string;
    platform: string | null;
    rememberMe: boolean;
    nowIso: string;
    expiresIso: string;
    ip: string | null;
  },
) {
  const row = {
    user_id: values.userId,
    token_hash: values.tokenHash,
    platform: values.platform,
    remember_me: values.rememberMe ? 1 : 0,
    created_at: values.nowIso,
    expires_at: values.expiresIso,
    last_used_at: values.nowIso,
    revoked_at: null,
    ip: values.ip,
  };
  await runShaped(db, 'insert-session', row, (v) => db.insertInto('sessions').values(v));
}

export function touchSession(db: Kysely<Database>, sessionId: number, nowIso: string) {
  return db
    .updateTable('sessions')
    .set({ last_used_at: nowIso })
    .where('id', '=', sessionId)
    .execute();
}

export function revokeSession(db: Kysely<Database>, sessionId: number, nowIso: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: nowIso })
    .where('id', '=', sessionId)
    .execute();
}

export function revokeAllSessions(db: Kysely<Database>, userId: number, nowIso: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: nowIso })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function listSchoolEntries(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('schools', 'schools.id', 'memberships.school_id')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'memberships.id',
      'memberships.school_id',
      'memberships.role',
      'schools.name',
      'schools.logo',
      'users.first_name',
      'users.last_name',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('schools.name')
    .orderBy('memberships.role')
    .execute() as Promise<
    {
      id: number;
      school_id: number;
      role: Role;
      name: string;
      logo: string | null;
      first_name: string;
      last_name: string;
    }[]
  >;
}

export async function insertPasswordToken(
  db: Kysely<Database>,
  values: {
    userId: number;
    email: string;
    tokenHash: string;
    purpose: 'reset' | 'create';
    nowIso: string;
    expiresIso: string;
  },
) {
  await db
    .insertInto('password_tokens')
    .values({
      user_id: values.userId,
      email: values.email,
      token_hash: values.tokenHash,
      purpose: values.purpose,
      created_at: values.nowIso,
      expires_at: values.expiresIso,
      used_at: null,
      voided_at: null,
    })
    .execute();
}

/** A password link whatever its state, with the email its account has now. */
export function findPasswordLink(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('password_tokens')
    .innerJoin('users', 'users.id', 'password_tokens.user_id')
    .select([
      'password_tokens.id',
      'password_tokens.user_id',
      'password_tokens.purpose',
      'password_tokens.email',
      'password_tokens.expires_at',
      'password_tokens.used_at',
      'password_tokens.voided_at',
      'users.email as account_email',
    ])
    .where('password_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a link used; false when it was used, voided or expired in the meantime. */
export async function consumePasswordToken(
  db: Kysely<Database>,
  tokenId: number,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_tokens')
    .set({ used_at: nowIso })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the password only while the account still has this email; false when it has not. */
export async function setPasswordIfEmailIs(
  db: Kysely<Database>,
  userId: number,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasPassword(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.password_hash);
}
