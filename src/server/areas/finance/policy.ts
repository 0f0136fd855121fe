import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden } from '../../http/errors';
import { callerMembershipId } from '../../resources/access';
import { callerPermissions } from '../permissions/effective';

// Finance: who may do what. The one place.
//
// - The office reads a payer's account with read on `clients`; charging, discounts and
//   payments change what a family owes and what a fund holds, so they need write on
//   `transactions` (the permission spec §6 governs the ledger with) as well.
// - The ledger (transactions, expenses, transfers) needs `transactions`: read to see it,
//   write to record in it. Fund balances need read on `funds`.
// - A parent (client role) reads their own account only: never another family's, and never
//   the ledger. Teachers and students see no money at all.

export interface FinanceCaller {
  schoolId: number;
  role: 'admin' | 'client';
  userId: number;
  /** The client's own membership (the payer they are); null for the office. */
  me: number | null;
  may: {
    readAccounts: boolean;
    writeMoney: boolean;
    readLedger: boolean;
    readFunds: boolean;
  };
}

export async function financeCaller(deps: ServerDeps, ctx: RequestContext): Promise<FinanceCaller> {
  const base = { schoolId: ctx.schoolId!, userId: ctx.user!.id };
  if (ctx.role === 'client')
    return {
      ...base,
      role: 'client',
      me: await callerMembershipId(deps, ctx),
      may: { readAccounts: false, writeMoney: false, readLedger: false, readFunds: false },
    };
  if (ctx.role !== 'admin') throw forbidden('Only the office and the paying families see money.');
  const permissions = await callerPermissions(deps, ctx);
  const grant = (resource: string) => permissions.find((p) => p.resource === resource);
  return {
    ...base,
    role: 'admin',
    me: null,
    may: {
      readAccounts: grant('clients')?.read ?? false,
      writeMoney: grant('transactions')?.write ?? false,
      readLedger: grant('transactions')?.read ?? false,
      readFunds: grant('funds')?.read ?? false,
    },
  };
}

/** Reading one payer's account: the office with clients read, or that payer. */
export function assertMayReadAccount(caller: FinanceCaller, clientId: number): void {
  if (caller.role === 'client') {
    if (caller.me !== clientId) throw forbidden("You can see only your own family's account.");
    return;
  }
  if (!caller.may.readAccounts)
    throw forbidden("Seeing a payer's account needs the clients permission.");
}

/** Charging, discounting and taking payments. */
export function assertMayWriteMoney(caller: FinanceCaller): void {
  if (caller.role !== 'admin') throw forbidden('Only the office records charges and payments.');
  if (!caller.may.writeMoney)
    throw forbidden('Recording charges and payments needs write on the transactions permission.');
}

export function assertMayReadLedger(caller: FinanceCaller): void {
  if (caller.role !== 'admin' || !caller.may.readLedger)
    throw forbidden('Seeing the transactions needs the transactions permission.');
}

export function assertMayReadFunds(caller: FinanceCaller): void {
  if (caller.role !== 'admin' || !caller.may.readFunds)
    throw forbidden('Seeing the funds needs the funds permission.');
}

/** The abilities that travel with an account, so that the screen offers only what works. */
export const accountAbilities = (caller: FinanceCaller) => ({
  charge: caller.role === 'admin' && caller.may.writeMoney,
  pay: caller.role === 'admin' && caller.may.writeMoney,
});
