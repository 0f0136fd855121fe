import type { SchoolEntry } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import type { Impersonation } from '../state/atoms';

/**
 * The school entry a role area opens with. While an admin impersonates a member of this school
 * in this role, the area is that member's: the school comes from the admin's own entry and the
 * names from the impersonation (the server checks the rest on every call).
 */
export function areaEntry(
  entries: readonly SchoolEntry[] | undefined,
  role: Role,
  schoolId: number,
  impersonation: Impersonation | null,
): SchoolEntry | undefined {
  if (impersonation && impersonation.schoolId === schoolId && impersonation.role === role) {
    const adminEntry = entries?.find((e) => e.role === 'admin' && e.school_id === schoolId);
    if (!adminEntry) return undefined;
    const [firstName = '', ...rest] = impersonation.name.split(' ');
    return { ...adminEntry, role, first_name: firstName, last_name: rest.join(' ') };
  }
  return entries?.find((e) => e.role === role && e.school_id === schoolId);
}
