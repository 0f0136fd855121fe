import { sql } from 'kysely';
import type { UsersListQuery } from '../../../shared/api/users';
import type { Role } from '../../../shared/constants';
import { normalizeSearch } from '../../../shared/search';
import { recordAudit } from '../../audit/audit-log';
import { countOf } from '../../db/database';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound, validationError } from '../../http/errors';
import { sendPasswordLink } from '../account/service';
import { changeIdentity, joinSchool, leaveSchool, setRolesInSchool } from '../people/accounts';
import { recordInvitation, sendInvitationMail } from '../people/invitations';
import { authorityOf, mayManageRole, type Authority } from '../people/policy';

// The school's accounts and the roles each holds here. Every change goes through the owner of
// accounts (areas/people), which holds the rules of who may change whose account.

export interface UserInput {
  first_name: string;
  last_name: string;
  email: string;
  language?: 'en' | 'el' | null;
  roles: Role[];
  full_access?: boolean;
}

const membersOf = (schoolId: number) =>
  sql<boolean>`exists (select 1 from memberships m where m.user_id = u.id and m.school_id = ${schoolId})`;

async function rolesByUser(deps: ServerDeps, schoolId: number, userIds: number[]) {
  const map = new Map<number, { roles: Role[]; fullAccess: boolean }>();
  if (userIds.length === 0) return map;
  const rows = await deps.db
    .selectFrom('memberships')
    .select(['user_id', 'role', 'full_access'])
    .where('school_id', '=', schoolId)
    .where('user_id', 'in', userIds)
    .orderBy('role')
    .execute();
  for (const r of rows) {
    const entry = map.get(r.user_id) ?? { roles: [], fullAccess: false };
    entry.roles.push(r.role as Role);
    if (r.role === 'admin' && r.full_access === 1) entry.fullAccess = true;
    map.set(r.user_id, entry);
  }
  return map;
}

/** What the caller may do with an account: change it only if they may manage all it holds here. */
function abilitiesFor(authority: Authority | null, roles: Role[]) {
  const may = authority !== null && roles.every((role) => mayManageRole(authority, role));
  return { update: may, delete: may };
}

type AccountRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  username: string;
  language: string;
};

async function present(
  deps: ServerDeps,
  schoolId: number,
  authority: Authority | null,
  rows: AccountRow[],
) {
  const roles = await rolesByUser(
    deps,
    schoolId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const held = roles.get(row.id) ?? { roles: [], fullAccess: false };
    return {
      ...row,
      roles: held.roles,
      full_access: held.fullAccess,
      abilities: abilitiesFor(authority, held.roles),
    };
  });
}

// A stand-in account awaiting its holder shows the address it invited.
const accountColumns = [
  'u.id',
  'u.first_name',
  'u.last_name',
  sql<string | null>`coalesce(u.email, u.pending_email)`.as('email'),
  'u.username',
  'u.language',
] as const;

export async function listUsers(
  deps: ServerDeps,
  schoolId: number,
  query: UsersListQuery,
  authority: Authority | null = null,
) {
  let base = deps.db.selectFrom('users as u').where(membersOf(schoolId));
  if (query.search) {
    const pattern = `%${normalizeSearch(query.search).replace(/[\\%_]/g, '')}%`;
    base = base.where(
      sql<boolean>`exists (select 1 from memberships m where m.user_id = u.id and m.school_id = ${schoolId} and m.search_text like ${pattern})`,
    );
  }
  if (query.roles) {
    base = base.where(
      sql<boolean>`exists (select 1 from memberships m where m.user_id = u.id and m.school_id = ${schoolId} and m.role in (${sql.join(query.roles)}))`,
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(accountColumns)
      .orderBy(`u.${query.sort}`, query.order)
      .orderBy('u.id', query.order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return {
    data: await present(deps, schoolId, authority, rows as AccountRow[]),
    totalCount: countOf(total as { count: number }),
  };
}

export async function getUser(
  deps: ServerDeps,
  schoolId: number,
  userId: number,
  authority: Authority | null = null,
) {
  const row = await deps.db
    .selectFrom('users as u')
    .select(accountColumns)
    .where('u.id', '=', userId)
    .where(membersOf(schoolId))
    .executeTakeFirst();
  if (!row) throw notFound('This user does not exist.');
  const [user] = await present(deps, schoolId, authority, [row as AccountRow]);
  return user!;
}

/**
 * Creates the account (or, when the e-mail has one in this school, gives it these roles; when
 * it has one elsewhere only, invites it), with its roles here, and sends the new account its
 * create-password link.
 */
export async function createUser(
  deps: ServerDeps,
  ctx: RequestContext,
  input: UserInput,
): Promise<number> {
  const authority = await authorityOf(deps, ctx);
  const nowIso = deps.now().toISOString();
  const afterCommit: (() => Promise<void>)[] = [];
  const [firstRole, ...otherRoles] = input.roles;
  const userId = await deps.db.transaction().execute(async (trx) => {
    const joined = await joinSchool(trx, authority, input, firstRole!, {}, nowIso, {
      fullAccess: input.full_access === true,
      refuseIfInSchool: true,
    });
    if (otherRoles.length) {
      await setRolesInSchool(
        trx,
        authority,
        joined.userId,
        input.roles,
        nowIso,
        ctx,
        input.full_access,
      );
    }
    if (joined.createdAccount) {
      const mail = await recordInvitation(trx, deps, {
        schoolId: authority.schoolId,
        userId: joined.userId,
        email: input.email,
        role: firstRole!,
        invitedBy: ctx.actor?.id ?? ctx.user!.id,
        standIn: joined.invitedEmail !== null,
        nowIso,
      });
      afterCommit.push(
        mail
          ? () => sendInvitationMail(deps, mail)
          : () => inviteUser(deps, authority.schoolId, joined.userId),
      );
    }
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: authority.schoolId,
        action: 'create',
        entity: 'users',
        entityId: joined.userId,
        detail: { roles: input.roles },
      },
      nowIso,
    );
    return joined.userId;
  });
  for (const effect of afterCommit) await effect();
  return userId;
}

export async function updateUser(
  deps: ServerDeps,
  ctx: RequestContext,
  userId: number,
  input: Partial<UserInput>,
) {
  if (input.language === null) throw validationError({ language: 'Choose a language' });
  const authority = await authorityOf(deps, ctx);
  const current = await getUser(deps, authority.schoolId, userId);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await changeIdentity(trx, authority, userId, {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      language: input.language ?? undefined,
    });
    if (input.roles || input.full_access !== undefined) {
      await setRolesInSchool(
        trx,
        authority,
        userId,
        input.roles ?? current.roles,
        nowIso,
        ctx,
        input.full_access,
      );
    }
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: authority.schoolId,
        action: 'update',
        entity: 'users',
        entityId: userId,
        detail: { fields: Object.keys(input) },
      },
      nowIso,
    );
  });
}

export async function inviteUser(deps: ServerDeps, schoolId: number, userId: number) {
  const user = await getUser(deps, schoolId, userId);
  if (!user.email)
    throw new ApiError('validation', 'This account has no email to send the invitation to.', {
      email: 'Missing',
    });
  await sendPasswordLink(
    deps,
    { id: user.id, email: user.email, first_name: user.first_name, language: user.language },
    'create',
  );
}

export async function removeUser(deps: ServerDeps, ctx: RequestContext, userId: number) {
  const authority = await authorityOf(deps, ctx);
  await getUser(deps, authority.schoolId, userId);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await leaveSchool(trx, authority, userId, null, ctx, nowIso);
    await recordAudit(
      trx,
      ctx,
      { schoolId: authority.schoolId, action: 'delete', entity: 'users', entityId: userId },
      nowIso,
    );
  });
}
