import type { Kysely, Selectable } from 'kysely';
import {
  INVOICE_TYPE_OF,
  SERIES_OF,
  isCreditKind,
  needsCounterpart,
  vatCentsFor,
  type DocumentKind,
  type PaymentMethodName,
} from '../../../shared/invoices/documents';
import type { CounterpartInput } from '../../../shared/api/invoices';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { validationError } from '../../http/errors';
import { enqueueDocumentMail } from './document-mail';
import { queueForMydata } from './outbox';
import { invoicingProfileOf, missingProfileFields } from './profile';
import { takeNextNumber } from './numbering';
import type { InvoiceDocumentsTable, InvoiceLinesTable } from './tables';

// issueDocument: the one way a receipt, invoice or credit document comes to exist, by hand
// (the office's manual documents) or from a payment (the finance area calls it inside the
// payment's transaction). It numbers the document, stores it with its lines and queues it for
// myDATA and for the payer's e-mail, all in the caller's transaction.

export interface IssueLine {
  description: string;
  netCents: number;
  vatCategory: number;
  vatCents: number;
  vatExemptionCategory?: number | null;
}

export interface IssueCounterpart {
  vatNumber: string;
  name: string;
  country?: string;
  branch?: number;
  street?: string;
  number?: string;
  postalCode?: string;
  city?: string;
}

export interface IssueDocumentInput {
  schoolId: number;
  kind: DocumentKind;
  /** The client's membership the document is made out to. */
  payerMembershipId: number;
  /** The finance area's payment (a plain id: no foreign key across areas). */
  paymentId?: number | null;
  /** The document a credit document cancels (required for credit kinds). */
  correlatedDocumentId?: number | null;
  issueDate: string;
  paymentMethod?: PaymentMethodName;
  /** The business an invoice (2.1) or credit invoice (5.1) is made out to. */
  counterpart?: IssueCounterpart | null;
  lines: IssueLine[];
  issuedByUserId?: number | null;
}

export type IssueDeps = Pick<ServerDeps, 'config' | 'now'>;

export type StoredDocument = Selectable<InvoiceDocumentsTable> & {
  lines: Selectable<InvoiceLinesTable>[];
};

const MAX_LINES = 50;

function checkLines(lines: IssueLine[]): void {
  if (lines.length === 0)
    throw validationError(
      { lines: 'Add at least one line' },
      'A document needs at least one line.',
    );
  if (lines.length > MAX_LINES)
    throw validationError(
      { lines: `At most ${MAX_LINES} lines` },
      `A document has at most ${MAX_LINES} lines.`,
    );
  lines.forEach((line, i) => {
    const field = (name: string) => `lines.${i}.${name}`;
    for (const [name, value] of [
      ['net_cents', line.netCents],
      ['vat_cents', line.vatCents],
    ] as const)
      if (!Number.isInteger(value) || value < 0)
        throw validationError({ [field(name)]: 'Amounts are whole, non-negative cents' });
    if (line.description.trim() === '')
      throw validationError({ [field('description')]: 'Describe the line' });
    const expected = vatCentsFor(line.netCents, line.vatCategory);
    // A cent either way allows the rounding of a price that included VAT.
    if (Math.abs(expected - line.vatCents) > 1)
      throw validationError(
        { [field('vat_cents')]: `The VAT of this line in its category is ${expected} cents` },
        `Line ${i + 1}: the VAT does not match its category (expected ${expected} cents).`,
      );
    if (line.vatCategory === 7 && !line.vatExemptionCategory)
      throw validationError(
        {
          [field('vat_exemption_category')]: 'A line without VAT needs the reason of the exemption',
        },
        `Line ${i + 1}: a line without VAT needs the reason of the exemption.`,
      );
  });
}

function counterpartJson(kind: DocumentKind, counterpart: IssueCounterpart | null | undefined) {
  if (!needsCounterpart(kind)) return null;
  if (!counterpart || !/^[A-Za-z0-9]{2,30}$/.test(counterpart.vatNumber.trim()))
    throw validationError(
      { counterpart: 'An invoice needs the business it is made out to, with its VAT number' },
      'An invoice needs the business it is made out to, with its VAT number.',
    );
  const stored: CounterpartInput = {
    vat_number: counterpart.vatNumber.trim(),
    name: counterpart.name.trim(),
    country: (counterpart.country ?? 'GR').toUpperCase(),
    branch: counterpart.branch ?? 0,
    ...(counterpart.street ? { street: counterpart.street } : {}),
    ...(counterpart.number ? { number: counterpart.number } : {}),
    ...(counterpart.postalCode ? { postal_code: counterpart.postalCode } : {}),
    ...(counterpart.city ? { city: counterpart.city } : {}),
  };
  return JSON.stringify(stored);
}

async function checkCorrelated(
  trx: Kysely<Database>,
  input: IssueDocumentInput,
): Promise<number | null> {
  if (!isCreditKind(input.kind)) {
    if (input.correlatedDocumentId)
      throw validationError({ correlated_document_id: 'Only a credit document corrects another' });
    return null;
  }
  const original = input.correlatedDocumentId
    ? await trx
        .selectFrom('invoice_documents')
        .select(['id', 'kind'])
        .where('school_id', '=', input.schoolId)
        .where('id', '=', input.correlatedDocumentId)
        .executeTakeFirst()
    : undefined;
  const expected = input.kind === 'credit_receipt' ? 'receipt' : 'invoice';
  if (!original || original.kind !== expected)
    throw validationError(
      { correlated_document_id: `A credit document cancels a ${expected} of this school` },
      `A credit document cancels a ${expected} of this school.`,
    );
  return original.id;
}

/**
 * Issues a document in the caller's transaction and returns it as stored. Numbered in its
 * series and the issue date's year; queued for myDATA when it is configured and the school's
 * details are complete (else stored as not sent, with the reason).
 */
export async function issueDocument(
  trx: Kysely<Database>,
  deps: IssueDeps,
  input: IssueDocumentInput,
): Promise<StoredDocument> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.issueDate))
    throw validationError({ issue_date: 'Enter a date as YYYY-MM-DD' });
  checkLines(input.lines);
  const counterpart = counterpartJson(input.kind, input.counterpart);
  const correlatedId = await checkCorrelated(trx, input);
  const payer = await trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.school_id', '=', input.schoolId)
    .where('m.id', '=', input.payerMembershipId)
    .where('m.role', '=', 'client')
    .executeTakeFirst();
  if (!payer)
    throw validationError(
      { payer_membership_id: 'Choose a client (payer) of this school' },
      'The payer must be a client of this school.',
    );

  const profile = await invoicingProfileOf(trx, input.schoolId);
  const reason = !deps.config.mydata
    ? 'not_configured'
    : missingProfileFields(profile).length > 0
      ? 'issuer_incomplete'
      : null;
  const series = SERIES_OF[input.kind];
  const year = Number(input.issueDate.slice(0, 4));
  const number = await takeNextNumber(trx, input.schoolId, series, year);
  const netCents = input.lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = input.lines.reduce((sum, line) => sum + line.vatCents, 0);
  const nowIso = deps.now().toISOString();
  const document = await trx
    .insertInto('invoice_documents')
    .values({
      school_id: input.schoolId,
      kind: input.kind,
      invoice_type: INVOICE_TYPE_OF[input.kind],
      series,
      year,
      number,
      issue_date: input.issueDate,
      payer_membership_id: payer.id,
      payer_name: `${payer.first_name} ${payer.last_name}`.trim(),
      payer_email: payer.email,
      search_text: searchTextOf([
        payer.first_name,
        payer.last_name,
        input.counterpart?.name,
        input.counterpart?.vatNumber,
        `${series}-${number}`,
      ]),
      counterpart,
      payment_id: input.paymentId ?? null,
      payment_method: input.paymentMethod ?? 'cash',
      correlated_document_id: correlatedId,
      net_cents: netCents,
      vat_cents: vatCents,
      gross_cents: netCents + vatCents,
      issued_by_user_id: input.issuedByUserId ?? null,
      mydata_status: reason ? 'not_sent' : 'pending',
      mydata_not_sent_reason: reason,
      mydata_mark: null,
      mydata_uid: null,
      mydata_qr_url: null,
      mydata_errors: null,
      mydata_sent_at: null,
      mydata_attempts: 0,
      mydata_next_attempt_at: reason ? null : nowIso,
      mydata_last_problem: null,
      mydata_in_flight: 0,
      mydata_locked_until: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const lines = await trx
    .insertInto('invoice_lines')
    .values(
      input.lines.map((line, i) => ({
        school_id: input.schoolId,
        document_id: document.id,
        line_number: i + 1,
        description: line.description.trim(),
        net_cents: line.netCents,
        vat_category: line.vatCategory,
        vat_cents: line.vatCents,
        vat_exemption_category: line.vatExemptionCategory ?? null,
      })),
    )
    .returningAll()
    .execute();
  if (!reason) await queueForMydata(trx, document, deps.now());
  if (profile.email_documents && payer.email) await enqueueDocumentMail(trx, document, deps.now());
  return { ...document, lines };
}
