import type { PermissionEntry } from '../../../../shared/permissions';
import type { Role } from '../../../../shared/constants';
import type { MenuItem } from './areaTypes';

/**
 * The drawer's items (spec §2): all visible by default; the school's drawer setting may show or
 * hide an item, but never one whose resource the user cannot read (that screen would only fail).
 */
export function visibleMenuItems(
  items: readonly MenuItem[],
  role: Role,
  permissions: readonly PermissionEntry[] | undefined,
  drawerOverrides: Record<string, Record<string, boolean>>,
): MenuItem[] {
  const unreadable = new Set((permissions ?? []).filter((p) => !p.read).map((p) => p.resource));
  const overrides = drawerOverrides[role] ?? {};
  return items.filter((item) => {
    if (item.resource && unreadable.has(item.resource)) return false;
    return overrides[item.id] ?? item.visible ?? true;
  });
}
