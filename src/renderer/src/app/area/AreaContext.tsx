import { createContext, useContext } from 'react';
import type { Account, Category, Period, SchoolEntry } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import type { PermissionEntry } from '../../../../shared/permissions';
import type { AreaRoute, MenuItem } from './areaTypes';
import type { SchoolSettings } from './schoolSettings';

/** Everything a screen of a role area knows about where it is. */
export interface AreaContextValue {
  role: Role;
  schoolId: number;
  /** /{role}/{school_id} */
  basePath: string;
  account: Account | undefined;
  /** All of the account's school-and-role entries (the profile menu needs their count). */
  entries: SchoolEntry[];
  entry: SchoolEntry | undefined;
  settings: SchoolSettings;
  categories: Category[];
  periods: Period[];
  /** The selected period, the current one until the user picks another. */
  period: Period | undefined;
  selectPeriod: (periodId: number) => void;
  permissions: PermissionEntry[] | undefined;
  menu: MenuItem[];
  routes: AreaRoute[];
}

export const AreaContext = createContext<AreaContextValue | null>(null);

export function useArea(): AreaContextValue {
  const area = useContext(AreaContext);
  if (!area) throw new Error('useArea outside a role area');
  return area;
}
