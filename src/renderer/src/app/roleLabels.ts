import type { Role } from '../../../shared/constants';
import { msg } from '../i18n/msg';

/** Dashboard tab order of spec §2. */
export const DASHBOARD_ROLE_ORDER: readonly Role[] = ['teacher', 'student', 'admin', 'client'];

export const ROLE_LABELS: Record<Role, string> = {
  admin: msg('Admin'),
  teacher: msg('Teacher'),
  student: msg('Student'),
  client: msg('Client'),
};
