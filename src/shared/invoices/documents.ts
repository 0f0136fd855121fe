// Receipts and invoices the school issues, and the myDATA rules both ends need
// (docs/finance-mydata.md). Pure: no I/O.

import { VAT_CATEGORY_RATES } from '../finance/vat';

/** What the office issues: a receipt or an invoice, and the credit document that undoes one. */
export const DOCUMENT_KINDS = ['receipt', 'invoice', 'credit_receipt', 'credit_invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** AADE's invoice type of each kind (myDATA `invoiceType`). */
export const INVOICE_TYPE_OF: Record<DocumentKind, string> = {
  receipt: '11.2', // Απόδειξη Παροχής Υπηρεσιών (retail, to a private person)
  invoice: '2.1', // Τιμολόγιο Παροχής Υπηρεσιών (to a business)
  credit_receipt: '11.4', // Πιστωτικό Στοιχείο Λιανικής
  credit_invoice: '5.1', // Πιστωτικό Τιμολόγιο / Συσχετιζόμενο
};

/** The series of each kind; numbers restart at 1 every year within a series. */
export const SERIES_OF: Record<DocumentKind, string> = {
  receipt: 'ΑΠΥ',
  invoice: 'ΤΠΥ',
  credit_receipt: 'ΠΣΛ',
  credit_invoice: 'ΠΤ',
};

/** The kind a credit document undoes, and the credit kind of each original. */
export const CREDIT_KIND_OF: Partial<Record<DocumentKind, DocumentKind>> = {
  receipt: 'credit_receipt',
  invoice: 'credit_invoice',
};
export const isCreditKind = (kind: DocumentKind) =>
  kind === 'credit_receipt' || kind === 'credit_invoice';
/** Invoices (and their credits) name a business counterpart; receipts carry no buyer data. */
export const needsCounterpart = (kind: DocumentKind) =>
  kind === 'invoice' || kind === 'credit_invoice';

/**
 * The document a payment produces: a business payer with a VAT number gets an invoice (2.1),
 * everyone else a receipt (11.2). A private person's ΑΦΜ alone does not make an invoice.
 */
export function documentKindForPayment(payer: {
  isBusiness: boolean;
  vatNumber: string | null | undefined;
}): 'receipt' | 'invoice' {
  return payer.isBusiness && payer.vatNumber && payer.vatNumber.trim() !== ''
    ? 'invoice'
    : 'receipt';
}

// The categories and their rates are finance's (shared/finance/vat.ts): one table for the
// prices the office sets and the documents myDATA receives.
export { VAT_CATEGORIES, VAT_CATEGORY_RATES as VAT_RATE_BASIS_POINTS } from '../finance/vat';
/** Article 22 of the VAT code (education): the usual exemption of lessons. */
export { TUITION_VAT_EXEMPTION as EDUCATION_EXEMPTION_CATEGORY } from '../finance/vat';

/** The VAT of a net amount in a category, rounded half up to the cent (integers only). */
export function vatCentsFor(netCents: number, vatCategory: number): number {
  const basisPoints = VAT_CATEGORY_RATES[vatCategory] ?? 0;
  return Math.floor((netCents * basisPoints + 5000) / 10_000);
}

/**
 * Where a document stands with myDATA: not sent (myDATA is not configured or the school's
 * details are incomplete), pending (in the outbox), sent (has a MARK), rejected (AADE said
 * why; fix and send again), retrying (AADE could not be reached or was busy; the outbox tries
 * again later), failed (the outbox gave up after many tries; send it again by hand).
 */
export const MYDATA_STATUSES = [
  'not_sent',
  'pending',
  'sent',
  'rejected',
  'retrying',
  'failed',
] as const;
export type MydataStatus = (typeof MYDATA_STATUSES)[number];

/** Why a document was not sent, for the office to act on. */
export const NOT_SENT_REASONS = ['not_configured', 'issuer_incomplete'] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];

/** How the payer paid, and AADE's payment method type for it. */
export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const AADE_PAYMENT_TYPE: Record<PaymentMethodName, number> = {
  bank_transfer: 1, // Επαγγελματικός Λογαριασμός Πληρωμών Ημεδαπής
  cash: 3, // Μετρητά
  card: 7, // POS / e-POS
};

/** The income classification of a line: retail services for receipts, services for invoices. */
export function incomeClassificationOf(kind: DocumentKind): { type: string; category: string } {
  return kind === 'receipt' || kind === 'credit_receipt'
    ? { type: 'E3_561_003', category: 'category1_3' }
    : { type: 'E3_561_001', category: 'category1_3' };
}

/** `1.234,50 €`: two decimals, comma, euro sign (spec §9), from integer cents. */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${rest} €`;
}

/** The printed number of a document: its series and its number in the series' year. */
export const documentNumberText = (series: string, number: number) => `${series}-${number}`;

/** Technical problems on the way to AADE (the renderer words them); the outbox retries. */
export const MYDATA_PROBLEMS = [
  'timeout',
  'connection_lost',
  'unreachable',
  'rate_limited',
  'server_error',
  'technical_error',
  'credentials_refused',
  'request_refused',
  'bad_answer',
  'waiting_for_original',
] as const;
export type MydataProblem = (typeof MYDATA_PROBLEMS)[number];
