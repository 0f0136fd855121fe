import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { callerMembershipId } from '../../resources/access';
import { callerPermissions } from '../permissions/effective';
import type { InvoiceDocumentsTable } from './tables';

// Receipts and invoices: who may do what. The one place.
//
// - The office reads documents with read on `transactions` (they are the paper trail of the
//   school's money) and issues, resends and cancels them with write on it.
// - A payer (client role) reads and downloads the documents made out to them, and nothing
//   else: another family's document is "not found", as if it did not exist.
// - Teachers and students see none.

export interface InvoiceCaller {
  schoolId: number;
  role: 'admin' | 'client';
  userId: number;
  /** The payer's own membership (client role); null for the office. */
  payerMembershipId: number | null;
  canWrite: boolean;
  /** myDATA is configured on this server: sending is something the office can do. */
  mydataConfigured: boolean;
}

export async function invoiceCaller(deps: ServerDeps, ctx: RequestContext): Promise<InvoiceCaller> {
  const base = { schoolId: ctx.schoolId!, userId: ctx.user!.id };
  if (ctx.role === 'client')
    return {
      ...base,
      role: 'client',
      payerMembershipId: await callerMembershipId(deps, ctx),
      canWrite: false,
      mydataConfigured: deps.config.mydata !== null,
    };
  if (ctx.role !== 'admin') throw forbidden('Receipts and invoices are for the office and payers.');
  const grant = (await callerPermissions(deps, ctx)).find((p) => p.resource === 'transactions');
  if (!grant?.read)
    throw forbidden('Seeing receipts and invoices needs the transactions permission.');
  return {
    ...base,
    role: 'admin',
    payerMembershipId: null,
    canWrite: grant.write,
    mydataConfigured: deps.config.mydata !== null,
  };
}

/** Issuing, resending, cancelling and the school's invoicing details. */
export function assertOfficeWriter(caller: InvoiceCaller): void {
  if (caller.role !== 'admin' || !caller.canWrite)
    throw forbidden('Issuing and sending documents needs write on the transactions permission.');
}

/** The office's overview of myDATA. */
export function assertOffice(caller: InvoiceCaller): void {
  if (caller.role !== 'admin') throw forbidden('Only the office sees this.');
}

/** Whether the caller may see this document (already read within the caller's school). */
export function assertMayRead(
  caller: InvoiceCaller,
  document: Pick<InvoiceDocumentsTable, 'school_id' | 'payer_membership_id'> | undefined,
): asserts document {
  if (
    !document ||
    document.school_id !== caller.schoolId ||
    (caller.role === 'client' && document.payer_membership_id !== caller.payerMembershipId)
  )
    throw notFound('This document does not exist.');
}

/** What the caller may do with a document (abilities travel with records). */
export function documentAbilities(
  caller: InvoiceCaller,
  document: Pick<InvoiceDocumentsTable, 'kind' | 'mydata_status' | 'mydata_mark'> & {
    cancelled_by_document_id: number | null;
  },
) {
  const office = caller.role === 'admin' && caller.canWrite;
  const original = document.kind === 'receipt' || document.kind === 'invoice';
  return {
    download: true,
    send:
      office &&
      caller.mydataConfigured &&
      ['not_sent', 'rejected', 'failed'].includes(document.mydata_status) &&
      document.mydata_mark === null,
    cancel:
      office &&
      original &&
      document.mydata_status === 'sent' &&
      document.cancelled_by_document_id === null,
  };
}
