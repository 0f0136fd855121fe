import type { Kysely, Selectable } from 'kysely';
import type {
  DocumentDetail,
  DocumentsQuery,
  InvoicingProfile,
  MydataReadiness,
  NewDocumentBody,
} from '../../../shared/api/invoices';
import {
  CREDIT_KIND_OF,
  MYDATA_STATUSES,
  type MydataStatus,
} from '../../../shared/invoices/documents';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError } from '../../http/errors';
import { documentPdf } from './document-pdf';
import { issueDocument } from './issue';
import { queueForMydata } from './outbox';
import { assertMayRead, assertOffice, assertOfficeWriter, type InvoiceCaller } from './policy';
import { documentDetailOf, documentSummaryOf } from './presenters';
import { invoicingProfileOf, missingProfileFields, saveInvoicingProfile } from './profile';
import { cancellationsOf, countsByStatus, documentById, linesOf, listDocuments } from './queries';
import type { InvoiceDocumentsTable } from './tables';

export async function documentList(deps: ServerDeps, caller: InvoiceCaller, query: DocumentsQuery) {
  const { rows, totalCount } = await listDocuments(deps.db, caller, query);
  const cancelled = await cancellationsOf(
    deps.db,
    caller.schoolId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => documentSummaryOf(caller, row, cancelled.get(row.id) ?? null)),
    totalCount,
  };
}

async function presentDetail(
  db: Kysely<Database>,
  caller: InvoiceCaller,
  row: Selectable<InvoiceDocumentsTable>,
): Promise<DocumentDetail> {
  const [lines, cancelled, correlated] = await Promise.all([
    linesOf(db, caller.schoolId, row.id),
    cancellationsOf(db, caller.schoolId, [row.id]),
    row.correlated_document_id
      ? documentById(db, caller.schoolId, row.correlated_document_id)
      : undefined,
  ]);
  return documentDetailOf(caller, row, lines, {
    cancelledBy: cancelled.get(row.id) ?? null,
    correlated: correlated
      ? { id: correlated.id, series: correlated.series, number: correlated.number }
      : null,
  });
}

async function readableDocument(deps: ServerDeps, caller: InvoiceCaller, id: number) {
  const row = await documentById(deps.db, caller.schoolId, id);
  assertMayRead(caller, row);
  return row;
}

export async function documentDetail(deps: ServerDeps, caller: InvoiceCaller, id: number) {
  return presentDetail(deps.db, caller, await readableDocument(deps, caller, id));
}

export async function documentPdfFor(deps: ServerDeps, caller: InvoiceCaller, id: number) {
  return documentPdf(deps.db, await readableDocument(deps, caller, id));
}

/** The office's manual document: a receipt or an invoice, issued and queued at once. */
export async function createDocument(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: InvoiceCaller,
  body: NewDocumentBody,
): Promise<DocumentDetail> {
  assertOfficeWriter(caller);
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await issueDocument(trx, deps, {
      schoolId: caller.schoolId,
      kind: body.kind,
      payerMembershipId: body.payer_membership_id,
      issueDate: body.issue_date,
      paymentMethod: body.payment_method,
      counterpart: body.counterpart
        ? {
            vatNumber: body.counterpart.vat_number,
            name: body.counterpart.name,
            country: body.counterpart.country,
            branch: body.counterpart.branch,
            street: body.counterpart.street,
            number: body.counterpart.number,
            postalCode: body.counterpart.postal_code,
            city: body.counterpart.city,
          }
        : null,
      lines: body.lines.map((line) => ({
        description: line.description,
        netCents: line.net_cents,
        vatCategory: line.vat_category,
        vatCents: line.vat_cents,
        vatExemptionCategory: line.vat_exemption_category ?? null,
      })),
      issuedByUserId: caller.userId,
    });
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'create',
        entity: 'invoice_document',
        entityId: stored.id,
        detail: { kind: stored.kind, series: stored.series, number: stored.number },
      },
      deps.now().toISOString(),
    );
    return stored;
  });
  return presentDetail(deps.db, caller, row);
}

/** Sends a document again: not sent, rejected or given up; never one that has a MARK. */
export async function resendDocument(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: InvoiceCaller,
  id: number,
): Promise<DocumentDetail> {
  assertOfficeWriter(caller);
  const row = await readableDocument(deps, caller, id);
  if (row.mydata_mark !== null)
    throw new ApiError('conflict', 'This document is already registered with myDATA.');
  if (!(['not_sent', 'rejected', 'failed'] as MydataStatus[]).includes(row.mydata_status))
    throw new ApiError('conflict', 'This document is already on its way to myDATA.');
  if (!deps.config.mydata)
    throw new ApiError(
      'conflict',
      'myDATA is not configured on this server (MYDATA_URL, MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY).',
    );
  const missing = missingProfileFields(await invoicingProfileOf(deps.db, caller.schoolId));
  if (missing.length > 0)
    throw new ApiError(
      'conflict',
      `Complete the school's invoicing details first (${missing.join(', ')}).`,
    );
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // A document that was "in flight" stays so: the outbox asks AADE before sending it again.
    await trx
      .updateTable('invoice_documents')
      .set({
        mydata_status: 'pending',
        mydata_not_sent_reason: null,
        mydata_errors: null,
        mydata_attempts: 0,
        mydata_next_attempt_at: nowIso,
        mydata_last_problem: null,
        updated_at: nowIso,
      })
      .where('id', '=', row.id)
      .where('mydata_status', '=', row.mydata_status)
      .execute();
    await queueForMydata(trx, row, deps.now());
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'send', entity: 'invoice_document', entityId: row.id },
      nowIso,
    );
  });
  return documentDetail(deps, caller, id);
}

/** Cancels a registered document with its credit document, which goes to myDATA in turn. */
export async function cancelDocument(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: InvoiceCaller,
  id: number,
  body: { issue_date: string; reason?: string },
): Promise<DocumentDetail> {
  assertOfficeWriter(caller);
  const credit = await deps.db.transaction().execute(async (trx) => {
    const original = await documentById(trx, caller.schoolId, id);
    assertMayRead(caller, original);
    const creditKind = CREDIT_KIND_OF[original.kind];
    if (!creditKind) throw new ApiError('conflict', 'A credit document cannot be cancelled.');
    if (original.mydata_status !== 'sent')
      throw new ApiError(
        'conflict',
        'Only a document registered with myDATA is cancelled with a credit document; send it first.',
      );
    if ((await cancellationsOf(trx, caller.schoolId, [original.id])).size > 0)
      throw new ApiError('conflict', 'This document is already cancelled.');
    if (body.issue_date < original.issue_date)
      throw new ApiError(
        'validation',
        'A credit document cannot be dated before the document it cancels.',
        {
          issue_date: 'On or after the original document',
        },
      );
    const lines = await linesOf(trx, caller.schoolId, original.id);
    const stored = await issueDocument(trx, deps, {
      schoolId: caller.schoolId,
      kind: creditKind,
      payerMembershipId: original.payer_membership_id ?? 0,
      paymentId: original.payment_id,
      correlatedDocumentId: original.id,
      issueDate: body.issue_date,
      paymentMethod: original.payment_method as 'cash',
      counterpart: original.counterpart
        ? (() => {
            const c = JSON.parse(original.counterpart) as Record<string, string | number>;
            return {
              vatNumber: String(c.vat_number),
              name: String(c.name),
              country: String(c.country),
              branch: Number(c.branch),
              street: c.street as string | undefined,
              number: c.number as string | undefined,
              postalCode: c.postal_code as string | undefined,
              city: c.city as string | undefined,
            };
          })()
        : null,
      lines: lines.map((line) => ({
        description: line.description,
        netCents: line.net_cents,
        vatCategory: line.vat_category,
        vatCents: line.vat_cents,
        vatExemptionCategory: line.vat_exemption_category,
      })),
      issuedByUserId: caller.userId,
    });
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'cancel',
        entity: 'invoice_document',
        entityId: original.id,
        detail: { credit_document_id: stored.id, reason: body.reason ?? null },
      },
      deps.now().toISOString(),
    );
    return stored;
  });
  return presentDetail(deps.db, caller, credit);
}

export async function mydataReadiness(
  deps: ServerDeps,
  caller: InvoiceCaller,
): Promise<MydataReadiness> {
  assertOffice(caller);
  const missing = missingProfileFields(await invoicingProfileOf(deps.db, caller.schoolId));
  const rows = await countsByStatus(deps.db, caller.schoolId);
  const counts = Object.fromEntries(MYDATA_STATUSES.map((s) => [s, 0])) as Record<
    MydataStatus,
    number
  >;
  for (const row of rows) counts[row.mydata_status] = Number(row.count);
  return {
    configured: deps.config.mydata !== null,
    issuer_complete: missing.length === 0,
    missing,
    counts,
  };
}

export async function profileFor(deps: ServerDeps, caller: InvoiceCaller) {
  assertOffice(caller);
  return invoicingProfileOf(deps.db, caller.schoolId);
}

export async function updateProfile(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: InvoiceCaller,
  profile: InvoicingProfile,
) {
  assertOfficeWriter(caller);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await saveInvoicingProfile(trx, caller.schoolId, profile, nowIso);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'update', entity: 'invoicing_profile' },
      nowIso,
    );
  });
  return invoicingProfileOf(deps.db, caller.schoolId);
}
