import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Role } from '../../../shared/constants';
import { RESOURCES, type ResourceDefinition } from '../../../shared/resources';
import { searchTextOf, sortNameOf } from '../../../shared/search';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { ruleError } from '../../http/errors';
import { freeUsername } from '../account/account-records';
import { voidPasswordLinks } from '../account/password-links';
import { hasFullAccess } from '../permissions/effective';
import {
  assertMayChangeAccount,
  assertMayManageRole,
  type AccountMembership,
  type Authority,
} from './policy';

// The one owner of accounts and of every membership's derived columns. The users area and
// the people lists (students, teachers, clients) call these instead of each writing
// create-or-link, "shared with another school", "e-mail taken" and orphan removal.

type Db = Kysely<Database>;

/** Memberships about to end in a school (a person removed, or a role taken away). */
export interface MembershipsEnding {
  ctx: RequestContext;
  schoolId: number;
  nowIso: string;
  memberships: { id: number; role: Role }[];
}
type MembershipsEndingHook = (trx: Db, ending: MembershipsEnding) => Promise<void>;
// By area, so that a server built again in the same process (tests) registers it once.
const endingHooks = new Map<string, MembershipsEndingHook>();

/**
 * What another area does, in the same transaction, before memberships end however they end
 * (finance: a student's enrolment charges withdrawn, a client with charges refused). Registered
 * at start-up (areas/resource-hooks.ts), so that people need not know those areas.
 */
export function onMembershipsEnding(area: string, hook: MembershipsEndingHook): void {
  endingHooks.set(area, hook);
}

async function beforeMembershipsEnd(trx: Db, ending: MembershipsEnding): Promise<void> {
  if (ending.memberships.length === 0) return;
  for (const hook of endingHooks.values()) await hook(trx, ending);
}

export interface PersonIdentity {
  email: string | null;
  first_name: string;
  last_name: string;
  language?: 'en' | 'el' | null;
}

/** The declaration whose searchable fields make a membership's search text. */
function declarationOfRole(role: string): ResourceDefinition {
  const people = Object.values(RESOURCES).find((resource) => resource.people?.role === role);
  return people ?? RESOURCES.users!;
}

export async function membershipsOf(db: Db, userId: number) {
  return db
    .selectFrom('memberships')
    .select(['id', 'school_id', 'role', 'full_access'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Recomputes the search text and sort name of every membership of an account, in every
 * school, from the account and each membership's own columns: a rename through any list
 * is then found by the new name in all of them.
 */
export async function refreshDerivedColumns(db: Db, userId: number): Promise<void> {
  const account = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'pending_email', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const accountValues: Record<string, unknown> = {
    ...account,
    email: account.email ?? account.pending_email,
  };
  const rows = await db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const declaration = declarationOfRole(row.role);
    const onAccount = !declaration.people;
    const values = declaration.fields
      .filter((field) => field.searchable)
      .map((field) =>
        onAccount || field.storage === 'account'
          ? accountValues[field.name]
          : (row as Record<string, unknown>)[field.column ?? field.name],
      ) as (string | null)[];
    await db
      .updateTable('memberships')
      .set({
        search_text: searchTextOf(values),
        sort_name: sortNameOf(account.last_name, account.first_name),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

async function createAccount(db: Db, person: PersonIdentity, nowIso: string, role: Role) {
  const email = person.email;
  const username = await freeUsername(
    db,
    email ? email.split('@')[0]! : `${role}${crypto.randomInt(1000, 1_000_000)}`,
  );
  const row = await db
    .insertInto('users')
    .values({
      username,
      email,
      first_name: person.first_name,
      last_name: person.last_name,
      password_hash: null,
      language: person.language ?? 'el',
      logo: null,
      created_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface JoinedSchool {
  userId: number;
  membershipId: number;
  /** A new account was made (it has no password yet); an existing one was linked otherwise. */
  createdAccount: boolean;
  /** An account of another school was invited instead of linked: its address. */
  invitedEmail: string | null;
}

/**
 * Gives a person a role in the caller's school: a new account when the e-mail is new, the
 * same account when it already belongs to this school (if the caller may manage everything
 * it holds here), and, when it belongs to other schools only, an invitation its holder must
 * accept. Until then the school's record stands on an account of its own, with the names the
 * office typed: the answer looks the same as for a new person, and nothing of the school
 * reaches the invited account.
 */
export async function joinSchool(
  db: Db,
  authority: Authority,
  person: PersonIdentity,
  role: Role,
  columns: Record<string, unknown>,
  nowIso: string,
  options: {
    fullAccess?: boolean;
    /** The users list adds accounts: one already here is edited there, not added again. */
    refuseIfInSchool?: boolean;
  } = {},
): Promise<JoinedSchool> {
  assertMayManageRole(authority, role);
  const schoolId = authority.schoolId;
  const existing = person.email
    ? await db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst()
    : undefined;
  let userId: number;
  let createdAccount = false;
  let invitedEmail: string | null = null;
  if (existing) {
    const memberships = await membershipsOf(db, existing.id);
    const here = memberships.filter((m) => m.school_id === schoolId);
    if (here.length > 0) {
      if (options.refuseIfInSchool || here.some((m) => m.role === role)) {
        throw ruleError(
          'conflict',
          { code: 'already_member', field: 'email' },
          'This person is already in this list of the school.',
        );
      }
      assertMayChangeAccount(authority, memberships, 'memberships');
      userId = existing.id;
    } else {
      userId = await createAccount(db, { ...person, email: null }, nowIso, role);
      await db
        .updateTable('users')
        .set({ pending_email: person.email })
        .where('id', '=', userId)
        .execute();
      invitedEmail = person.email;
      createdAccount = true;
    }
  } else {
    userId = await createAccount(db, person, nowIso, role);
    createdAccount = true;
  }
  const membership = await db
    .insertInto('memberships')
    .values({
      ...(columns as object),
      school_id: schoolId,
      user_id: userId,
      role,
      full_access: role === 'admin' && options.fullAccess ? 1 : 0,
      created_at: nowIso,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshDerivedColumns(db, userId);
  return { userId, membershipId: membership.id, createdAccount, invitedEmail };
}

/** Account fields a change may touch. */
export type IdentityChange = Partial<
  Pick<PersonIdentity, 'email' | 'first_name' | 'last_name' | 'language'>
>;

/**
 * Changes an account's e-mail, names or language, when the caller may: the account belongs to
 * this school alone and holds nothing the caller could not manage. A new e-mail voids every
 * password link sent to the old one.
 */
export async function changeIdentity(
  db: Db,
  authority: Authority,
  userId: number,
  change: IdentityChange,
): Promise<void> {
  const current = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'language', 'pending_email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const changed = Object.fromEntries(
    Object.entries(change).filter(
      ([key, value]) => value !== undefined && (current as Record<string, unknown>)[key] !== value,
    ),
  );
  // A stand-in account awaiting its holder shows the address it was invited at.
  if (changed.email !== undefined && changed.email === current.pending_email) delete changed.email;
  if (Object.keys(changed).length === 0) return;
  assertMayChangeAccount(authority, await membershipsOf(db, userId), 'identity');
  if (typeof changed.email === 'string') {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', changed.email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) {
      throw ruleError(
        'conflict',
        { code: 'email_taken', field: 'email' },
        'Another account already uses this e-mail.',
      );
    }
  }
  await db.updateTable('users').set(changed).where('id', '=', userId).execute();
  if ('email' in changed) await voidPasswordLinks(db, userId);
  await refreshDerivedColumns(db, userId);
}

/**
 * A person changes their own names, language and phone (the profile screen). Their own account
 * is theirs to word, whatever schools it belongs to; the phone is written to every membership,
 * as it is the same person's in each school. Run it in a transaction.
 */
export async function changeOwnProfile(
  db: Db,
  userId: number,
  change: { first_name: string; last_name: string; language: 'en' | 'el'; phone?: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ first_name: change.first_name, last_name: change.last_name, language: change.language })
    .where('id', '=', userId)
    .execute();
  if (change.phone !== undefined)
    await db
      .updateTable('memberships')
      .set({ phone: change.phone || null })
      .where('user_id', '=', userId)
      .execute();
  await refreshDerivedColumns(db, userId);
}

/** The school must keep an admin with full access. */
async function assertNotLastFullAdmin(db: Db, schoolId: number, userId: number) {
  const others = await db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role', '=', 'admin')
    .where('full_access', '=', 1)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  if (!others) {
    throw ruleError(
      'conflict',
      { code: 'last_full_admin' },
      'The school would be left without an admin with full access.',
    );
  }
}

/**
 * Sets the roles an account holds in the caller's school (and, for admins, full access):
 * every role added or removed must be one the caller may manage, the caller keeps their own
 * admin role, and the school keeps a full admin.
 */
export async function setRolesInSchool(
  db: Db,
  authority: Authority,
  userId: number,
  roles: Role[],
  nowIso: string,
  ctx: RequestContext,
  fullAccess?: boolean,
): Promise<void> {
  const schoolId = authority.schoolId;
  const memberships = await membershipsOf(db, userId);
  const here = memberships.filter((m) => m.school_id === schoolId);
  const held = here.map((m) => m.role as Role);
  const added = roles.filter((role) => !held.includes(role));
  const removed = held.filter((role) => !roles.includes(role));
  const adminHere = here.find((m) => m.role === 'admin');
  const fullAccessChange =
    fullAccess !== undefined && roles.includes('admin') && adminHere !== undefined
      ? (adminHere.full_access === 1) !== fullAccess
      : false;
  if (added.length === 0 && removed.length === 0 && !fullAccessChange) return;
  for (const role of [...added, ...removed]) assertMayManageRole(authority, role);
  if (fullAccessChange) assertMayManageRole(authority, 'admin');
  assertMayChangeAccount(authority, memberships as AccountMembership[], 'memberships');
  if (userId === authority.userId && (removed.includes('admin') || fullAccess === false)) {
    throw ruleError(
      'conflict',
      { code: 'not_on_yourself', field: 'roles' },
      'You cannot remove your own admin role or full access.',
    );
  }
  if (
    (removed.includes('admin') || (fullAccessChange && fullAccess === false)) &&
    (await hasFullAccess(db, schoolId, userId))
  ) {
    await assertNotLastFullAdmin(db, schoolId, userId);
  }
  if (removed.length) {
    await beforeMembershipsEnd(db, {
      ctx,
      schoolId,
      nowIso,
      memberships: here
        .filter((m) => removed.includes(m.role as Role))
        .map((m) => ({ id: m.id, role: m.role as Role })),
    });
    await db
      .deleteFrom('memberships')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .where('role', 'in', removed)
      .execute();
    if (removed.includes('admin')) await leaveGroups(db, schoolId, userId);
  }
  if (added.length) {
    await db
      .insertInto('memberships')
      .values(
        added.map((role) => ({
          school_id: schoolId,
          user_id: userId,
          role,
          full_access: role === 'admin' && fullAccess ? 1 : 0,
          created_at: nowIso,
        })),
      )
      .execute();
  }
  if (fullAccessChange) {
    await db
      .updateTable('memberships')
      .set({ full_access: fullAccess ? 1 : 0 })
      .where('id', '=', adminHere!.id)
      .execute();
  }
  await refreshDerivedColumns(db, userId);
}

async function leaveGroups(db: Db, schoolId: number, userId: number) {
  await db
    .deleteFrom('permission_group_members')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Takes one membership (or, with no role, every one) of an account away from the caller's
 * school; an account left with no school is removed with its data.
 */
export async function leaveSchool(
  db: Db,
  authority: Authority,
  userId: number,
  role: Role | null,
  ctx: RequestContext,
  nowIso: string,
): Promise<void> {
  const schoolId = authority.schoolId;
  const memberships = await membershipsOf(db, userId);
  const leaving = memberships.filter(
    (m) => m.school_id === schoolId && (role === null || m.role === role),
  );
  if (leaving.length === 0) return;
  for (const m of leaving) assertMayManageRole(authority, m.role as Role);
  // Taking one role away changes the account too: the office may not strip a full admin of
  // the teacher role it could not have given them (found by the authorization matrix).
  assertMayChangeAccount(authority, memberships, 'memberships');
  const leavesAdmin = leaving.find((m) => m.role === 'admin');
  if (leavesAdmin && userId === authority.userId) {
    throw ruleError(
      'conflict',
      { code: 'not_on_yourself' },
      'You cannot remove yourself from the school.',
    );
  }
  if (leavesAdmin?.full_access === 1) await assertNotLastFullAdmin(db, schoolId, userId);
  await beforeMembershipsEnd(db, {
    ctx,
    schoolId,
    nowIso,
    memberships: leaving.map((m) => ({ id: m.id, role: m.role as Role })),
  });
  await db
    .deleteFrom('memberships')
    .where(
      'id',
      'in',
      leaving.map((m) => m.id),
    )
    .execute();
  if (leavesAdmin) await leaveGroups(db, schoolId, userId);
  await sql`delete from users where id = ${userId} and not exists (select 1 from memberships m where m.user_id = ${userId})`.execute(
    db,
  );
}
