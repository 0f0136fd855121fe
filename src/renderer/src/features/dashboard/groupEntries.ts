import type { SchoolEntry } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import { DASHBOARD_ROLE_ORDER } from '../../app/roleLabels';

/** The dashboard's tabs: only the roles held, in spec order, each with its schools by name. */
export function groupEntriesByRole(
  entries: readonly SchoolEntry[],
): { role: Role; entries: SchoolEntry[] }[] {
  return DASHBOARD_ROLE_ORDER.map((role) => ({
    role,
    entries: entries
      .filter((entry) => entry.role === role)
      .sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((group) => group.entries.length > 0);
}

export const areaPath = (entry: Pick<SchoolEntry, 'role' | 'school_id'>) =>
  `/${entry.role}/${entry.school_id}`;
