import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import {
  DOCUMENT_KINDS,
  MYDATA_PROBLEMS,
  MYDATA_STATUSES,
  NOT_SENT_REASONS,
  PAYMENT_METHODS,
  VAT_CATEGORIES,
} from '../invoices/documents';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { day } from './teaching';

// Receipts, invoices and myDATA (docs/finance-mydata.md): the documents the office issues,
// their state with AADE, the receipt PDF, and the school's issuer details.

const cents = z
  .number({ error: 'Enter an amount in cents' })
  .int('Amounts are whole cents')
  .min(0, 'Amounts cannot be negative')
  .max(100_000_000_00, 'This amount is too large');

export const documentLineInput = z
  .object({
    description: z.string().trim().min(1, 'Describe the line').max(300, 'At most 300 characters'),
    net_cents: cents,
    vat_category: z
      .number()
      .int()
      .refine(
        (v) => (VAT_CATEGORIES as readonly number[]).includes(v),
        'Choose a myDATA VAT category (1–10)',
      ),
    vat_cents: cents,
    vat_exemption_category: z.number().int().min(1).max(31).nullable().optional(),
  })
  .refine((line) => line.vat_category !== 7 || line.vat_exemption_category, {
    message: 'A line without VAT (category 7) needs the reason of the exemption',
    path: ['vat_exemption_category'],
  });
export type DocumentLineInput = z.infer<typeof documentLineInput>;

export const counterpartInput = z.object({
  vat_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,30}$/, 'Enter the VAT number (ΑΦΜ) without spaces'),
  name: z.string().trim().min(1, 'Enter the name').max(200),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter country code, e.g. GR')
    .default('GR'),
  branch: z.number().int().min(0).max(9999).default(0),
  street: z.string().trim().max(150).optional(),
  number: z.string().trim().max(20).optional(),
  postal_code: z.string().trim().max(20).optional(),
  city: z.string().trim().max(150).optional(),
});
export type CounterpartInput = z.infer<typeof counterpartInput>;

/** A document the office issues by hand (payments issue theirs through issueDocument). */
export const newDocumentBody = z.object({
  kind: z.enum(['receipt', 'invoice'], { error: 'Choose a receipt or an invoice' }),
  payer_membership_id: idParam,
  issue_date: day,
  payment_method: z.enum(PAYMENT_METHODS).default('cash'),
  counterpart: counterpartInput.nullable().optional(),
  lines: z.array(documentLineInput).min(1, 'Add at least one line').max(50, 'At most 50 lines'),
});
export type NewDocumentBody = z.infer<typeof newDocumentBody>;

export const cancelDocumentBody = z.object({
  issue_date: day,
  reason: z.string().trim().max(300).optional(),
});

export const mydataError = z.object({ code: z.string(), message: z.string() });
export type MydataError = z.infer<typeof mydataError>;

export const documentAbilities = z.object({
  download: z.boolean(),
  /** Send (again) to myDATA: not sent, rejected or given up. */
  send: z.boolean(),
  /** Issue the credit document that cancels it. */
  cancel: z.boolean(),
});

export const documentLine = z.object({
  line_number: z.number().int(),
  description: z.string(),
  net_cents: z.number().int(),
  vat_category: z.number().int(),
  vat_cents: z.number().int(),
  vat_exemption_category: z.number().int().nullable(),
});

export const documentSummary = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  invoice_type: z.string(),
  series: z.string(),
  number: z.number().int(),
  issue_date: z.string(),
  payer_membership_id: z.number().int().nullable(),
  payer_name: z.string(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  gross_cents: z.number().int(),
  mydata_status: z.enum(MYDATA_STATUSES),
  /** When AADE registered it (the myDATA date), ISO UTC. */
  mydata_sent_at: z.string().nullable(),
  mydata_mark: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  /** The credit document that cancelled it, if any. */
  cancelled_by_document_id: z.number().int().nullable(),
  abilities: documentAbilities,
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const documentDetail = documentSummary.extend({
  payment_method: z.enum(PAYMENT_METHODS),
  counterpart: counterpartInput.nullable(),
  correlated_document: z
    .object({ id: z.number().int(), series: z.string(), number: z.number().int() })
    .nullable(),
  lines: z.array(documentLine),
  mydata_uid: z.string().nullable(),
  mydata_qr_url: z.string().nullable(),
  mydata_errors: z.array(mydataError),
  /** Why it is not sent, when mydata_status is not_sent. */
  mydata_not_sent_reason: z.enum(NOT_SENT_REASONS).nullable(),
  mydata_attempts: z.number().int(),
  mydata_next_attempt_at: z.string().nullable(),
  /** The last technical problem (unreachable, timed out, busy), in words. */
  mydata_last_problem: z.enum(MYDATA_PROBLEMS).nullable(),
  created_at: z.string(),
});
export type DocumentDetail = z.infer<typeof documentDetail>;

export const documentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  status: z.enum(MYDATA_STATUSES).optional(),
  kind: z.enum(DOCUMENT_KINDS).optional(),
  from: day.optional(),
  to: day.optional(),
  payer_membership_id: idParam.optional(),
  /** A number (`ΑΠΥ-12` or `12`) or part of the payer's name. */
  search: z.string().trim().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type DocumentsQuery = z.infer<typeof documentsQuery>;

/** The school's issuer details (printed on documents, sent to AADE) and its choices. */
export const invoicingProfile = z.object({
  legal_name: z.string().trim().max(200).default(''),
  vat_number: z
    .string()
    .trim()
    .regex(/^(\d{9})?$/, 'A Greek VAT number (ΑΦΜ) has 9 digits')
    .default(''),
  tax_office: z.string().trim().max(100).default(''),
  activity: z.string().trim().max(200).default(''),
  address: z.string().trim().max(200).default(''),
  city: z.string().trim().max(100).default(''),
  postal_code: z.string().trim().max(20).default(''),
  phone: z.string().trim().max(40).default(''),
  /** myDATA installation number (0 = head office). */
  branch: z.number().int().min(0).max(9999).default(0),
  /** E-mail each document's PDF to its payer. */
  email_documents: z.boolean().default(false),
});
export type InvoicingProfile = z.infer<typeof invoicingProfile>;

/** Whether documents can go to myDATA now, and if not, why. */
export const mydataReadiness = z.object({
  configured: z.boolean(),
  issuer_complete: z.boolean(),
  /** Profile fields that are still empty. */
  missing: z.array(z.string()),
  counts: z.record(z.enum(MYDATA_STATUSES), z.number().int()),
});
export type MydataReadiness = z.infer<typeof mydataReadiness>;

const documentParams = schoolRoleParams.extend({ id: idParam });

export const invoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/invoices',
    access: 'school-role',
    summary:
      "Receipts and invoices with their myDATA status and date: the office sees the school's (filters by status, kind, dates, payer, number), a payer sees their own.",
    params: schoolRoleParams,
    query: documentsQuery,
    response: z.array(documentSummary),
    list: true,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/invoices/:id',
    access: 'school-role',
    summary: "One document: lines, payer, myDATA MARK, UID and QR link, or AADE's errors.",
    params: documentParams,
    response: documentDetail,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/invoices/:id/pdf',
    access: 'school-role',
    summary: "The document's PDF (Greek, with the MARK and the QR code): the office and its payer.",
    params: documentParams,
    response: z.null(),
  }),
  create: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/invoices',
    access: 'school-role',
    summary:
      'Issue a receipt (11.2) or an invoice (2.1) by hand: numbered in its series and year, queued for myDATA. Honours Idempotency-Key.',
    params: schoolRoleParams,
    body: newDocumentBody,
    response: documentDetail,
    idempotent: true,
  }),
  send: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/invoices/:id/send',
    access: 'school-role',
    summary:
      'Send a document to myDATA again (not sent, rejected or given up); one already registered is never sent twice.',
    params: documentParams,
    response: documentDetail,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/invoices/:id/cancel',
    access: 'school-role',
    summary:
      'Cancel a registered document with its credit document (11.4 for a receipt, 5.1 for an invoice). Honours Idempotency-Key.',
    params: documentParams,
    body: cancelDocumentBody,
    response: documentDetail,
    idempotent: true,
  }),
  readiness: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/invoicing/mydata',
    access: 'school-role',
    summary: 'Whether documents can be sent to myDATA, what is missing, and documents per status.',
    params: schoolRoleParams,
    response: mydataReadiness,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/invoicing/profile',
    access: 'school-role',
    summary: "The school's issuer details and invoicing choices.",
    params: schoolRoleParams,
    response: invoicingProfile,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/invoicing/profile',
    access: 'school-role',
    summary: "Change the school's issuer details and invoicing choices.",
    params: schoolRoleParams,
    body: invoicingProfile,
    response: invoicingProfile,
  }),
};
