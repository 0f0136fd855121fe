import type { Role } from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound, ruleError } from '../../http/errors';
import { membershipsOf } from '../people/accounts';
import { assertMayChangeAccount, authorityOf, mayWrite } from '../people/policy';

// Who may export or erase a person: an admin with full access or write on the school's users
// (docs/security.md), and only for a person of this school whose every role here the admin
// may manage (a limited admin never exports or erases an admin with full access).

export interface PersonTarget {
  userId: number;
  memberships: { id: number; school_id: number; role: string }[];
  /** Memberships in the caller's school. */
  here: { id: number; role: string }[];
}

export async function assertMayHandlePerson(
  deps: ServerDeps,
  ctx: RequestContext,
  userId: number,
  action: 'export' | 'erase',
): Promise<PersonTarget> {
  if (ctx.role !== 'admin') throw forbidden('Only admins export or erase a person.');
  const authority = await authorityOf(deps, ctx);
  if (!authority.fullAccess && !mayWrite(authority, 'users'))
    throw forbidden('Exporting or erasing a person needs full access or the users permission.');
  const memberships = await membershipsOf(deps.db, userId);
  const here = memberships.filter((m) => m.school_id === authority.schoolId);
  if (here.length === 0) throw notFound('There is no such person in this school.');
  if (action === 'erase' && userId === authority.userId)
    throw ruleError('conflict', { code: 'not_on_yourself' }, 'You cannot erase your own account.');
  // Erasing changes the account itself (names, e-mail): only when no other school holds it.
  assertMayChangeAccount(
    authority,
    memberships.map((m) => ({ school_id: m.school_id, role: m.role as Role })),
    action === 'erase' ? 'identity' : 'memberships',
  );
  return { userId, memberships, here: here.map((m) => ({ id: m.id, role: m.role })) };
}
