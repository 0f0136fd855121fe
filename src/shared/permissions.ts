import type { Role } from './constants';

/**
 * Resources governed by permission groups. Spec §6 names the admin screens that are
 * permission-governed; the rest of the admin areas are listed too so that a school can
 * narrow what an office member sees.
 */
export const PERMISSION_RESOURCES = [
  'students',
  'teachers',
  'clients',
  'users',
  'permissions',
  'transactions',
  'lessons',
  'courses',
  'levels',
  'tags',
  'sites',
  'periods',
  'categories',
  'announcements',
  'absences',
  'pricing_items',
  'suppliers',
  'funds',
  'reporting',
  'settings',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

export interface PermissionEntry {
  resource: string;
  read: boolean;
  write: boolean;
}

/**
 * What each role may do when no permission group says otherwise. An admin outside every
 * group has full access (so a school's first admin is never locked out); an admin inside
 * groups has the union of their groups. Other roles see their own areas, which the
 * areas' policies narrow further (a teacher sees the students of their lessons).
 */
export const ROLE_DEFAULT_PERMISSIONS: Record<
  Role,
  Partial<Record<PermissionResource, { read: boolean; write: boolean }>>
> = {
  admin: Object.fromEntries(PERMISSION_RESOURCES.map((r) => [r, { read: true, write: true }])),
  teacher: {
    students: { read: true, write: false },
    lessons: { read: true, write: false },
    courses: { read: true, write: false },
    periods: { read: true, write: false },
    categories: { read: true, write: false },
    announcements: { read: true, write: true },
  },
  student: {
    lessons: { read: true, write: false },
    teachers: { read: true, write: false },
    periods: { read: true, write: false },
    categories: { read: true, write: false },
    announcements: { read: true, write: false },
  },
  client: {
    students: { read: true, write: false },
    periods: { read: true, write: false },
    categories: { read: true, write: false },
    // The school's announcements to parents and to their children's lessons (the scope says which).
    announcements: { read: true, write: false },
  },
};
