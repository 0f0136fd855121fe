import type { ResourceHooks } from '../../resources/hooks';

/**
 * Permission groups decide what limited admins may do, so only an admin with full access
 * changes them: a limited admin who could edit a group could widen their own (a limited
 * group stays limited).
 */
export const permissionGroupHooks: ResourceHooks = {
  mayWrite: (caller) => caller.fullAccess,
};
