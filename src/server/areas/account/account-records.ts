import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { sortNameOf } from '../../../shared/search';
import type { Database } from '../../db/schema';

// Account rows written by the areas that create or rename people (users, the people resources).

/** A username no account has yet: the wanted one, else numbered, else with random digits. */
export async function freeUsername(db: Kysely<Database>, wanted: string): Promise<string> {
  const base =
    wanted
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 40) || 'user';
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}-${crypto.randomBytes(6).toString('hex')}`;
}

/** After a rename: every membership of the account sorts by its new name. */
export async function refreshSortName(db: Kysely<Database>, userId: number): Promise<void> {
  const names = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('memberships')
    .set({ sort_name: sortNameOf(names.last_name, names.first_name) })
    .where('user_id', '=', userId)
    .execute();
}
