import type { Role } from '../../../shared/constants';
import type { PermissionEntry, PermissionResource } from '../../../shared/permissions';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ruleError } from '../../http/errors';
import { callerPermissions } from '../permissions/effective';

// Who may change whose account: the one place. An account's identity (e-mail, names,
// password, language) and its memberships change only by a caller who may manage every
// membership the account holds; nobody changes an account more powerful than their own.

/** What the caller may do in the school, read once per request. */
export interface Authority {
  schoolId: number;
  userId: number;
  role: Role;
  fullAccess: boolean;
  permissions: PermissionEntry[];
}

export async function authorityOf(deps: ServerDeps, ctx: RequestContext): Promise<Authority> {
  const role = ctx.role as Role;
  const fullAccess = role === 'admin' && ctx.fullAccess === true;
  return {
    schoolId: ctx.schoolId!,
    userId: ctx.user!.id,
    role,
    fullAccess,
    permissions: await callerPermissions(deps, ctx),
  };
}

export const mayWrite = (authority: Authority, resource: PermissionResource): boolean =>
  authority.fullAccess ||
  Boolean(authority.permissions.find((entry) => entry.resource === resource)?.write);

/** The list that manages each role's memberships. */
const LIST_OF_ROLE: Record<Exclude<Role, 'admin'>, PermissionResource> = {
  student: 'students',
  teacher: 'teachers',
  client: 'clients',
};

/**
 * Whether the caller may give, change or take away a membership of this role: the admin role
 * needs full access; the others need write on their list or on the school's users.
 */
export function mayManageRole(authority: Authority, role: Role): boolean {
  if (authority.role !== 'admin') return false;
  if (role === 'admin') return authority.fullAccess;
  return mayWrite(authority, LIST_OF_ROLE[role]) || mayWrite(authority, 'users');
}

export interface AccountMembership {
  school_id: number;
  role: string;
}

/**
 * Refuses a change to an account unless the caller may manage every membership it holds in
 * the school; a change of identity (e-mail, names, language, password) also needs the account
 * to belong to this school alone, since another school's office cannot be asked.
 */
export function assertMayChangeAccount(
  authority: Authority,
  memberships: AccountMembership[],
  change: 'identity' | 'memberships',
): void {
  if (change === 'identity' && memberships.some((m) => m.school_id !== authority.schoolId)) {
    throw ruleError(
      'conflict',
      { code: 'account_not_yours' },
      'Another school shares this account, so only its holder can change the name, e-mail and language.',
    );
  }
  const here = memberships.filter((m) => m.school_id === authority.schoolId);
  if (here.some((m) => !mayManageRole(authority, m.role as Role))) {
    throw ruleError(
      'forbidden',
      { code: 'account_not_yours' },
      'This account holds rights that yours do not include, so you cannot change it.',
    );
  }
}

/** Granting, changing or removing the admin role needs full access. */
export function assertMayManageRole(authority: Authority, role: Role): void {
  if (mayManageRole(authority, role)) return;
  throw ruleError(
    'forbidden',
    { code: role === 'admin' ? 'admin_needs_full_access' : 'account_not_yours' },
    role === 'admin'
      ? 'Only an admin with full access can grant, change or remove the admin role.'
      : 'You do not have permission to change this.',
  );
}
