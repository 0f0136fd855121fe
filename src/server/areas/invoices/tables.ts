import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';
import type { DocumentKind, MydataStatus } from '../../../shared/invoices/documents';

// Table types of receipts, invoices and myDATA; db/schema.ts adds them to Database.

export interface InvoicingProfilesTable {
  id: Id;
  school_id: number;
  legal_name: string;
  vat_number: string;
  tax_office: string;
  activity: string;
  address: string;
  city: string;
  postal_code: string;
  phone: string;
  branch: number;
  email_documents: Flag;
  updated_at: Instant;
}

export interface InvoiceSeriesTable {
  id: Id;
  school_id: number;
  series: string;
  year: number;
  last_number: number;
}

export interface InvoiceDocumentsTable {
  id: Id;
  school_id: number;
  kind: DocumentKind;
  invoice_type: string;
  series: string;
  year: number;
  number: number;
  issue_date: string;
  payer_membership_id: number | null;
  payer_name: string;
  payer_email: string | null;
  search_text: string;
  /** The business counterpart of an invoice, as JSON (CounterpartInput). */
  counterpart: string | null;
  /** The payment's id in the finance area (no foreign key: that area owns it). */
  payment_id: number | null;
  payment_method: string;
  correlated_document_id: number | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  issued_by_user_id: number | null;
  mydata_status: MydataStatus;
  mydata_not_sent_reason: string | null;
  /** AADE's MARK: a 15-digit xs:long, kept as text. */
  mydata_mark: string | null;
  mydata_uid: string | null;
  mydata_qr_url: string | null;
  /** AADE's errors as JSON [{code, message}]. */
  mydata_errors: string | null;
  mydata_sent_at: Instant | null;
  mydata_attempts: number;
  mydata_next_attempt_at: Instant | null;
  mydata_last_problem: string | null;
  mydata_in_flight: Flag;
  mydata_locked_until: Instant | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface InvoiceLinesTable {
  id: Id;
  school_id: number;
  document_id: number;
  line_number: number;
  description: string;
  net_cents: number;
  vat_category: number;
  vat_cents: number;
  vat_exemption_category: number | null;
}

export interface InvoiceTables {
  invoicing_profiles: InvoicingProfilesTable;
  invoice_series: InvoiceSeriesTable;
  invoice_documents: InvoiceDocumentsTable;
  invoice_lines: InvoiceLinesTable;
}

const columns = <T>(names: (keyof T)[]) =>
  Object.fromEntries(names.map((n) => [n, true])) as Record<keyof T, true>;

/** Every column of these tables, checked against the migrated database by a test. */
export const INVOICES_COLUMNS: TableColumns<InvoiceTables> = {
  invoicing_profiles: columns<InvoicingProfilesTable>([
    'id',
    'school_id',
    'legal_name',
    'vat_number',
    'tax_office',
    'activity',
    'address',
    'city',
    'postal_code',
    'phone',
    'branch',
    'email_documents',
    'updated_at',
  ]),
  invoice_series: columns<InvoiceSeriesTable>(['id', 'school_id', 'series', 'year', 'last_number']),
  invoice_documents: columns<InvoiceDocumentsTable>([
    'id',
    'school_id',
    'kind',
    'invoice_type',
    'series',
    'year',
    'number',
    'issue_date',
    'payer_membership_id',
    'payer_name',
    'payer_email',
    'search_text',
    'counterpart',
    'payment_id',
    'payment_method',
    'correlated_document_id',
    'net_cents',
    'vat_cents',
    'gross_cents',
    'issued_by_user_id',
    'mydata_status',
    'mydata_not_sent_reason',
    'mydata_mark',
    'mydata_uid',
    'mydata_qr_url',
    'mydata_errors',
    'mydata_sent_at',
    'mydata_attempts',
    'mydata_next_attempt_at',
    'mydata_last_problem',
    'mydata_in_flight',
    'mydata_locked_until',
    'created_at',
    'updated_at',
  ]),
  invoice_lines: columns<InvoiceLinesTable>([
    'id',
    'school_id',
    'document_id',
    'line_number',
    'description',
    'net_cents',
    'vat_category',
    'vat_cents',
    'vat_exemption_category',
  ]),
};
