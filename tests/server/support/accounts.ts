import type { Kysely } from 'kysely';
import type { Role } from '../../../src/shared/constants';
import { searchTextOf, sortNameOf } from '../../../src/shared/search';
import type { Database } from '../../../src/server/db/schema';

/** The demo logins that sign in (docs/DESIGN.md's table and the demo's Office secretary). */
export const DEMO_CALLERS = [
  'admin@demo.school',
  'teacher@demo.school',
  'student@demo.school',
  'parent@demo.school',
  'secretary@demo.school',
] as const;

export interface TestMembership {
  school: number;
  role: Role;
  fullAccess?: boolean;
}

/**
 * Adds an account that signs in with the demo password, holding the given memberships, written
 * straight to the database so that a test's own set-up cannot be refused by the rules it tests.
 * Returns the account's id and its membership ids by `school:role`.
 */
export async function insertAccount(
  db: Kysely<Database>,
  email: string,
  memberships: TestMembership[],
): Promise<{ userId: number; memberships: Map<string, number> }> {
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'admin@demo.school')
    .executeTakeFirstOrThrow();
  const [first, last] = ['Test', email.split('@')[0]!];
  const { id: userId } = await db
    .insertInto('users')
    .values({
      username: email,
      email,
      first_name: first,
      last_name: last,
      password_hash,
      language: 'en',
      logo: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = new Map<string, number>();
  for (const m of memberships) {
    const { id } = await db
      .insertInto('memberships')
      .values({
        school_id: m.school,
        user_id: userId,
        role: m.role,
        full_access: m.fullAccess ? 1 : 0,
        created_at: new Date().toISOString(),
        search_text: searchTextOf([last, first, email]),
        sort_name: sortNameOf(last, first),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(`${m.school}:${m.role}`, id);
  }
  return { userId, memberships: ids };
}

/** Puts an admin into a new permission group of the school holding exactly these rights. */
export async function insertPermissionGroup(
  db: Kysely<Database>,
  school: number,
  name: string,
  rules: { resource: string; read: boolean; write: boolean }[],
  memberUserIds: number[],
): Promise<number> {
  const { id } = await db
    .insertInto('permission_groups')
    .values({ school_id: school, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (rules.length)
    await db
      .insertInto('permission_rules')
      .values(
        rules.map((r) => ({
          school_id: school,
          group_id: id,
          resource: r.resource,
          can_read: r.read ? 1 : 0,
          can_write: r.write ? 1 : 0,
        })),
      )
      .execute();
  for (const userId of memberUserIds)
    await db
      .insertInto('permission_group_members')
      .values({ school_id: school, group_id: id, user_id: userId })
      .execute();
  return id;
}
