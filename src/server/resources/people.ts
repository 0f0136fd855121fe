import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../shared/resources';
import { sortNameOf } from '../../shared/search';
import { freeUsername, refreshSortName } from '../areas/account/account-records';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

// People records are memberships; their names and email live on the account, which may be
// shared with other schools. A school may create an account, or link an existing one by
// email, but may change an account's name or email only while no other school shares it:
// otherwise one school's office could take over another school's parent by changing their
// email and asking for a reset.

export function accountValues(resource: ResourceDefinition, values: Record<string, unknown>) {
  const account: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.storage === 'account' && field.name in values)
      account[field.name] = values[field.name];
  }
  return account;
}

/** Creates (or links by email) the account, then its membership; returns the membership id. */
export async function createPersonRecord(
  trx: Kysely<Database>,
  resource: ResourceDefinition,
  schoolId: number,
  values: Record<string, unknown>,
  columns: Record<string, unknown>,
  nowIso: string,
): Promise<number> {
  const role = resource.people!.role;
  const email = (values.email as string | null | undefined) ?? null;
  let userId: number | undefined;
  if (email) {
    userId = (
      await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
    )?.id;
  }
  if (userId !== undefined) {
    const existing = await trx
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .where('role', '=', role)
      .executeTakeFirst();
    if (existing) {
      const message = `This person is already a ${resource.singular.toLowerCase()} of this school.`;
      throw new ApiError('conflict', message, { email: message });
    }
  } else {
    const username = await freeUsername(
      trx,
      email ? email.split('@')[0]! : `${role}${crypto.randomInt(1000, 1_000_000)}`,
    );
    userId = (
      await trx
        .insertInto('users')
        .values({
          username,
          email,
          first_name: String(values.first_name ?? ''),
          last_name: String(values.last_name ?? ''),
          password_hash: null,
          language: 'el',
          logo: null,
          created_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const account = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('memberships')
    .values({
      ...(columns as object),
      school_id: schoolId,
      user_id: userId,
      role,
      created_at: nowIso,
      sort_name: sortNameOf(account.last_name, account.first_name),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Other schools this account belongs to. */
const sharedWithOtherSchools = async (trx: Kysely<Database>, schoolId: number, userId: number) =>
  Boolean(
    await trx
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('school_id', '!=', schoolId)
      .executeTakeFirst(),
  );

export async function updateAccount(
  trx: Kysely<Database>,
  schoolId: number,
  userId: number,
  account: Record<string, unknown>,
): Promise<void> {
  if (Object.keys(account).length === 0) return;
  const current = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const changed = Object.entries(account).filter(
    ([k, v]) => (current as Record<string, unknown>)[k] !== v,
  );
  if (changed.length === 0) return;
  if (await sharedWithOtherSchools(trx, schoolId, userId)) {
    throw new ApiError(
      'conflict',
      'Another school shares this account, so only its owner can change the name and email.',
      Object.fromEntries(changed.map(([k]) => [k, 'Only the account owner can change this'])),
    );
  }
  if (account.email) {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email as string)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) {
      const message = `Another account already uses this email.`;
      throw new ApiError('conflict', message, { email: message });
    }
  }
  await trx
    .updateTable('users')
    .set(Object.fromEntries(changed))
    .where('id', '=', userId)
    .execute();
  await refreshSortName(trx, userId);
}

/** Removes the membership; an account left with no school is removed too (its data goes with it). */
export async function deletePerson(
  trx: Kysely<Database>,
  schoolId: number,
  membershipId: number,
  userId: number,
) {
  await trx
    .deleteFrom('memberships')
    .where('school_id', '=', schoolId)
    .where('id', '=', membershipId)
    .execute();
  await sql`delete from users where id = ${userId} and not exists (select 1 from memberships m where m.user_id = ${userId})`.execute(
    trx,
  );
}
