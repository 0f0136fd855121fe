import type { Role } from '../../../shared/constants';

/** Every query key in one place, so that invalidation and logout agree on them. */
export const queryKeys = {
  whiteLabel: ['whitelabel'] as const,
  account: ['account'] as const,
  schools: ['account', 'schools'] as const,
  settings: (schoolId: number) => ['schools', schoolId, 'settings'] as const,
  categories: (schoolId: number) => ['schools', schoolId, 'categories'] as const,
  periods: (schoolId: number, role: Role) => ['schools', schoolId, role, 'periods'] as const,
  permissions: (schoolId: number, role: Role) =>
    ['schools', schoolId, role, 'permissions'] as const,
  unseenNotifications: (schoolId: number, role: Role) =>
    ['schools', schoolId, role, 'notifications', 'unseen'] as const,
  notifications: (schoolId: number, role: Role, search: string) =>
    ['schools', schoolId, role, 'notifications', 'list', search] as const,
  unseenMessages: (schoolId: number, role: Role) =>
    ['schools', schoolId, role, 'messages', 'unseen'] as const,
  chatRooms: (schoolId: number, role: Role, search: string) =>
    ['schools', schoolId, role, 'messages', 'chatrooms', search] as const,
  weather: ['weather'] as const,
};
