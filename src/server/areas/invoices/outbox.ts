import type { Kysely, Selectable } from 'kysely';
import type { MydataProblem } from '../../../shared/invoices/documents';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { MydataResponse } from '../../integrations/mydata/answers';
import {
  requestTransmittedDocs,
  sendInvoices,
  type MydataSettings,
} from '../../integrations/mydata/client';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { enqueueDocumentMail } from './document-mail';
import { invoicesDocOf } from './mydata-invoice';
import { invoicingProfileOf } from './profile';
import type { InvoiceDocumentsTable } from './tables';

// The myDATA outbox: a durable job per document (src/server/jobs), queued in the issuing
// transaction, that sends it to AADE and records the answer. It survives restarts (the job
// and the document's state are rows), retries with a doubling delay when AADE is unreachable,
// busy (429) or slow, and never gets a document two MARKs: before it sends a document again
// whose earlier answer was never heard, it asks AADE what it holds (RequestTransmittedDocs)
// and takes the MARK from there if the first send did arrive.

export const MYDATA_SEND_KIND = 'invoices.mydata-send';
/** Tries before the outbox gives up and leaves the document to the office ("failed"). */
export const MYDATA_MAX_ATTEMPTS = 12;
const MAX_DELAY_MS = 60 * 60_000;

interface SendPayload {
  documentId: number;
}
type Document = Selectable<InvoiceDocumentsTable>;

/** Queues a document for sending, in the caller's transaction. */
export async function queueForMydata(
  trx: Kysely<Database>,
  document: Pick<Document, 'id' | 'school_id'>,
  now: Date,
  runAt: Date = now,
): Promise<void> {
  await enqueueJob(
    trx,
    {
      kind: MYDATA_SEND_KIND,
      payload: { documentId: document.id } satisfies SendPayload,
      schoolId: document.school_id,
      key: `${document.school_id}:mydata:${document.id}`,
      runAt,
    },
    now,
  );
}

const delayFor = (settings: MydataSettings, attempt: number) =>
  Math.min(MAX_DELAY_MS, settings.retryBaseMs * 2 ** Math.min(20, Math.max(0, attempt - 1)));

/** Holds the document for this run; false when another run holds it or it needs no sending. */
async function lockDocument(deps: ServerDeps, id: number, settings: MydataSettings) {
  const now = deps.now();
  const result = await deps.db
    .updateTable('invoice_documents')
    .set({
      mydata_locked_until: new Date(now.getTime() + 2 * settings.timeoutMs + 30_000).toISOString(),
    })
    .where('id', '=', id)
    .where('mydata_mark', 'is', null)
    .where('mydata_status', 'in', ['pending', 'retrying'])
    .where((eb) =>
      eb.or([
        eb('mydata_locked_until', 'is', null),
        eb('mydata_locked_until', '<=', now.toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function update(deps: ServerDeps, id: number, values: Partial<Document>) {
  await deps.db
    .updateTable('invoice_documents')
    .set({ ...values, updated_at: deps.now().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** AADE registered the document: its MARK, UID and QR link; the payer's e-mail may go now. */
async function recordSent(
  deps: ServerDeps,
  document: Document,
  answer: { mark: string; uid: string | null; qrUrl: string | null },
) {
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invoice_documents')
      .set({
        mydata_status: 'sent',
        mydata_mark: answer.mark,
        mydata_uid: answer.uid,
        mydata_qr_url: answer.qrUrl,
        mydata_sent_at: nowIso,
        mydata_errors: null,
        mydata_not_sent_reason: null,
        mydata_next_attempt_at: null,
        mydata_last_problem: null,
        mydata_in_flight: 0,
        mydata_locked_until: null,
        updated_at: nowIso,
      })
      .where('id', '=', document.id)
      .execute();
    const profile = await invoicingProfileOf(trx, document.school_id);
    if (profile.email_documents && document.payer_email)
      await enqueueDocumentMail(trx, document, deps.now());
  });
}

/** A problem on the way: try again later (AADE's Retry-After if longer), or give up. */
async function scheduleRetry(
  deps: ServerDeps,
  settings: MydataSettings,
  document: Document,
  attempt: number,
  problem: MydataProblem,
  inFlight: boolean,
  retryAfterMs: number | null,
) {
  const now = deps.now();
  const giveUp = attempt >= MYDATA_MAX_ATTEMPTS;
  const runAt = new Date(now.getTime() + Math.max(delayFor(settings, attempt), retryAfterMs ?? 0));
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invoice_documents')
      .set({
        mydata_status: giveUp ? 'failed' : 'retrying',
        mydata_last_problem: problem,
        mydata_in_flight: inFlight ? 1 : 0,
        mydata_next_attempt_at: giveUp ? null : runAt.toISOString(),
        mydata_locked_until: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', document.id)
      .execute();
    if (!giveUp) await queueForMydata(trx, document, now, runAt);
  });
}

/** The answer for our one invoice: by its index, else the only one. */
const ourResponse = (responses: MydataResponse[]) =>
  responses.find((r) => r.index === 1) ?? (responses.length === 1 ? responses[0] : undefined);

async function sendDocument(
  deps: ServerDeps,
  settings: MydataSettings,
  id: number,
  signal: AbortSignal,
): Promise<void> {
  const document = await deps.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!document) return;
  const attempt = document.mydata_attempts + 1;
  await update(deps, id, { mydata_attempts: attempt });
  const { xml, issuerVatNumber } = await invoicesDocOf(deps.db, document);
  const retry = (problem: MydataProblem, inFlight: boolean, retryAfterMs: number | null = null) =>
    scheduleRetry(deps, settings, document, attempt, problem, inFlight, retryAfterMs);

  if (document.correlated_document_id !== null) {
    // A credit document names the original's MARK: it waits until the original has one.
    const original = await deps.db
      .selectFrom('invoice_documents')
      .select('mydata_mark')
      .where('id', '=', document.correlated_document_id)
      .executeTakeFirst();
    if (original && original.mydata_mark === null)
      return retry('waiting_for_original', document.mydata_in_flight === 1);
  }

  if (document.mydata_in_flight === 1) {
    // An earlier send was never answered: did it arrive? Ask before sending again.
    const held = await requestTransmittedDocs(
      settings,
      { issueDate: document.issue_date, invoiceType: document.invoice_type },
      signal,
    );
    if (!Array.isArray(held)) return retry(held.problem, true, held.retryAfterMs);
    const ours = held.find(
      (invoice) =>
        invoice.mark &&
        invoice.series === document.series &&
        invoice.aa === String(document.number) &&
        invoice.invoiceType === document.invoice_type &&
        invoice.issueDate === document.issue_date &&
        (invoice.issuerVatNumber === null || invoice.issuerVatNumber === issuerVatNumber),
    );
    if (ours)
      return recordSent(deps, document, {
        mark: ours.mark!,
        uid: ours.uid,
        qrUrl: ours.qrCodeUrl,
      });
  }

  // From here until an answer is recorded, a crash or a lost answer leaves it "in flight".
  await update(deps, id, { mydata_in_flight: 1 });
  const outcome = await sendInvoices(settings, xml, signal);
  if (outcome.kind === 'problem')
    return retry(outcome.problem, outcome.maybeRecorded, outcome.retryAfterMs);
  const response = ourResponse(outcome.responses);
  if (!response) return retry('bad_answer', true);
  if (response.statusCode === 'Success' && response.invoiceMark)
    return recordSent(deps, document, {
      mark: response.invoiceMark,
      uid: response.invoiceUid,
      qrUrl: response.qrUrl,
    });
  if (response.statusCode === 'ValidationError' || response.statusCode === 'XMLSyntaxError') {
    // Nothing was registered: the office reads AADE's reasons, corrects and sends again.
    await update(deps, id, {
      mydata_status: 'rejected',
      mydata_errors: JSON.stringify(response.errors),
      mydata_in_flight: 0,
      mydata_next_attempt_at: null,
      mydata_last_problem: null,
      mydata_locked_until: null,
    });
    return;
  }
  // TechnicalError (or a status we do not know): AADE's side failed; it may still have
  // stored the document, so the next try asks first.
  return retry(response.statusCode === 'TechnicalError' ? 'technical_error' : 'bad_answer', true);
}

registerJobHandler<SendPayload>(MYDATA_SEND_KIND, {
  // The handler records its own retries (with the document's state); a crash is retried here.
  maxAttempts: 3,
  leaseMs: 120_000,
  async handle({ payload, deps, signal }) {
    const settings = deps.config.mydata;
    if (!settings) {
      await deps.db
        .updateTable('invoice_documents')
        .set({ mydata_status: 'not_sent', mydata_not_sent_reason: 'not_configured' })
        .where('id', '=', payload.documentId)
        .where('mydata_mark', 'is', null)
        .execute();
      return;
    }
    if (!(await lockDocument(deps, payload.documentId, settings))) return;
    try {
      await sendDocument(deps, settings, payload.documentId, signal);
    } finally {
      await deps.db
        .updateTable('invoice_documents')
        .set({ mydata_locked_until: null })
        .where('id', '=', payload.documentId)
        .execute();
    }
  },
});
