import { insertReturningIds, type SeedDb } from '../../db/seed/batches';

/**
 * The demo's limited admins: an "Office" group (people, lessons and the school's frame; reads
 * transactions) with the secretary in it, and an "Accounting" group nobody holds yet.
 */
export async function seedPermissionGroups(
  db: SeedDb,
  schoolId: number,
  secretaryUserId: number,
): Promise<void> {
  const group = async (name: string) =>
    (await insertReturningIds(db, 'permission_groups', [{ school_id: schoolId, name }]))[0]!;
  const office = await group('Office');
  const accounting = await group('Accounting');
  const rule = (groupId: number, resource: string, read: boolean, write: boolean) => ({
    school_id: schoolId,
    group_id: groupId,
    resource,
    can_read: read ? 1 : 0,
    can_write: write ? 1 : 0,
  });
  await insertReturningIds(db, 'permission_rules', [
    ...[
      'students',
      'clients',
      'teachers',
      'lessons',
      'courses',
      'absences',
      'announcements',
      'periods',
      'levels',
      'tags',
      'sites',
      'categories',
    ].map((r) => rule(office, r, true, true)),
    rule(office, 'transactions', true, false),
    ...['transactions', 'funds', 'suppliers', 'pricing_items', 'reporting'].map((r) =>
      rule(accounting, r, true, true),
    ),
    rule(accounting, 'clients', true, false),
  ]);
  await insertReturningIds(db, 'permission_group_members', [
    { school_id: schoolId, group_id: office, user_id: secretaryUserId },
  ]);
}
