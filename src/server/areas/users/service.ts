import { sql } from 'kysely';
import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, ROLES, type Role } from '../../../shared/constants';
import { normalizeSearch, searchTextOf, sortNameOf } from '../../../shared/search';
import { recordAudit } from '../../audit/audit-log';
import { countOf } from '../../db/database';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { freeUsername, refreshSortName } from '../account/account-records';
import { sendPasswordLink } from '../account/service';

export interface UserInput {
  first_name: string;
  last_name: string;
  email: string;
  language?: 'en' | 'el' | null;
  roles: Role[];
}

export const usersListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['last_name', 'first_name', 'email', 'username']).default('last_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** One role or several, comma-separated (`roles=teacher,student`): users holding any. */
  roles: z
    .string()
    .max(100)
    .transform((text) => [...new Set(text.split(','))])
    .pipe(z.array(z.enum(ROLES)).min(1))
    .optional(),
});

const membersOf = (schoolId: number) =>
  sql<boolean>`exists (select 1 from memberships m where m.user_id = u.id and m.school_id = ${schoolId})`;

async function rolesByUser(deps: ServerDeps, schoolId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, Role[]>();
  const rows = await deps.db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('school_id', '=', schoolId)
    .where('user_id', 'in', userIds)
    .orderBy('role')
    .execute();
  const map = new Map<number, Role[]>();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.role as Role]);
  return map;
}

export async function listUsers(
  deps: ServerDeps,
  schoolId: number,
  query: z.infer<typeof usersListQuery>,
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
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.username', 'u.language'])
      .orderBy(`u.${query.sort}`, query.order)
      .orderBy('u.id', query.order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  const roles = await rolesByUser(
    deps,
    schoolId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({ ...r, roles: roles.get(r.id) ?? [] })),
    totalCount: countOf(total as { count: number }),
  };
}

export async function getUser(deps: ServerDeps, schoolId: number, userId: number) {
  const row = await deps.db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.username', 'u.language'])
    .where('u.id', '=', userId)
    .where(membersOf(schoolId))
    .executeTakeFirst();
  if (!row) throw notFound('This user does not exist.');
  const roles = await rolesByUser(deps, schoolId, [userId]);
  return { ...row, roles: roles.get(userId) ?? [] };
}

const sharedWithOtherSchool = async (deps: ServerDeps, schoolId: number, userId: number) =>
  Boolean(
    await deps.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('school_id', '!=', schoolId)
      .executeTakeFirst(),
  );

async function setRoles(
  trx: ServerDeps['db'],
  schoolId: number,
  userId: number,
  roles: Role[],
  nowIso: string,
) {
  const user = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await trx
    .deleteFrom('memberships')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('role', 'not in', roles)
    .execute();
  const existing = await trx
    .selectFrom('memberships')
    .select('role')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute();
  const missing = roles.filter((r) => !existing.some((e) => e.role === r));
  if (missing.length) {
    await trx
      .insertInto('memberships')
      .values(
        missing.map((role) => ({
          school_id: schoolId,
          user_id: userId,
          role,
          created_at: nowIso,
          search_text: searchTextOf([user.last_name, user.first_name, user.email]),
          sort_name: sortNameOf(user.last_name, user.first_name),
        })),
      )
      .execute();
  }
}

/** Creates the account (or links the one with this email), gives it its roles here, and invites it. */
export async function createUser(
  deps: ServerDeps,
  ctx: RequestContext,
  input: UserInput,
): Promise<number> {
  const schoolId = ctx.schoolId!;
  const nowIso = deps.now().toISOString();
  const existing = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (existing) {
    const member = await deps.db
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', existing.id)
      .executeTakeFirst();
    if (member)
      throw new ApiError('conflict', 'This person already has an account in this school.', {
        email: 'Already in this school',
      });
  }
  const userId = await deps.db.transaction().execute(async (trx) => {
    const id =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({
            username: await freeUsername(trx, input.email.split('@')[0]!),
            email: input.email,
            first_name: input.first_name,
            last_name: input.last_name,
            password_hash: null,
            language: input.language ?? 'el',
            logo: null,
            created_at: nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await setRoles(trx, schoolId, id, input.roles, nowIso);
    await recordAudit(
      trx,
      ctx,
      { schoolId, action: 'create', entity: 'users', entityId: id, detail: { roles: input.roles } },
      nowIso,
    );
    return id;
  });
  if (!existing) await inviteUser(deps, schoolId, userId);
  return userId;
}

export async function updateUser(
  deps: ServerDeps,
  ctx: RequestContext,
  userId: number,
  input: Partial<UserInput>,
) {
  const schoolId = ctx.schoolId!;
  const current = await getUser(deps, schoolId, userId);
  const nowIso = deps.now().toISOString();
  const accountChange = Object.fromEntries(
    (['first_name', 'last_name', 'email', 'language'] as const)
      .filter((k) => input[k] !== undefined && input[k] !== (current as Record<string, unknown>)[k])
      .map((k) => [k, input[k]]),
  );
  if (
    Object.keys(accountChange).some((k) => k !== 'language') &&
    (await sharedWithOtherSchool(deps, schoolId, userId))
  ) {
    throw new ApiError(
      'conflict',
      'Another school shares this account, so only its owner can change the name and email.',
    );
  }
  if (input.roles && userId === ctx.user!.id && !input.roles.includes('admin')) {
    throw new ApiError('conflict', 'You cannot remove your own admin role.');
  }
  await deps.db.transaction().execute(async (trx) => {
    if (Object.keys(accountChange).length) {
      if (accountChange.email) {
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', accountChange.email as string)
          .where('id', '!=', userId)
          .executeTakeFirst();
        if (taken)
          throw new ApiError('conflict', 'Another account already uses this email.', {
            email: 'Another account already uses this email.',
          });
      }
      await trx.updateTable('users').set(accountChange).where('id', '=', userId).execute();
      await refreshSortName(trx, userId);
    }
    if (input.roles) await setRoles(trx, schoolId, userId, input.roles, nowIso);
    await recordAudit(
      trx,
      ctx,
      {
        schoolId,
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
  const schoolId = ctx.schoolId!;
  await getUser(deps, schoolId, userId);
  if (userId === ctx.user!.id)
    throw new ApiError('conflict', 'You cannot remove yourself from the school.');
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('permission_group_members')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('memberships')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .execute();
    await sql`delete from users where id = ${userId} and not exists (select 1 from memberships m where m.user_id = ${userId})`.execute(
      trx,
    );
    await recordAudit(
      trx,
      ctx,
      { schoolId, action: 'delete', entity: 'users', entityId: userId },
      nowIso,
    );
  });
}
