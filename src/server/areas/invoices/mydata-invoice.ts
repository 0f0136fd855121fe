import type { Kysely, Selectable } from 'kysely';
import type { CounterpartInput, InvoicingProfile } from '../../../shared/api/invoices';
import {
  AADE_PAYMENT_TYPE,
  incomeClassificationOf,
  type PaymentMethodName,
} from '../../../shared/invoices/documents';
import type { Database } from '../../db/schema';
import { invoicesDocXml, type MydataInvoice } from '../../integrations/mydata/invoices-doc';
import { invoicingProfileOf } from './profile';
import type { InvoiceDocumentsTable } from './tables';

// A stored document as AADE's InvoicesDoc describes it.

export function mydataInvoiceOf(
  document: Selectable<InvoiceDocumentsTable>,
  lines: {
    net_cents: number;
    vat_category: number;
    vat_cents: number;
    vat_exemption_category: number | null;
  }[],
  profile: InvoicingProfile,
  correlatedMark: string | null,
): MydataInvoice {
  const counterpart = document.counterpart
    ? (JSON.parse(document.counterpart) as CounterpartInput)
    : null;
  const classification = incomeClassificationOf(document.kind);
  return {
    issuer: { vatNumber: profile.vat_number, country: 'GR', branch: profile.branch },
    counterpart: counterpart
      ? {
          vatNumber: counterpart.vat_number,
          country: counterpart.country,
          branch: counterpart.branch,
          name: counterpart.name,
          address:
            counterpart.postal_code && counterpart.city
              ? {
                  street: counterpart.street,
                  number: counterpart.number,
                  postalCode: counterpart.postal_code,
                  city: counterpart.city,
                }
              : undefined,
        }
      : null,
    series: document.series,
    aa: document.number,
    issueDate: document.issue_date,
    invoiceType: document.invoice_type,
    correlatedMarks: correlatedMark ? [correlatedMark] : [],
    payment: {
      type: AADE_PAYMENT_TYPE[document.payment_method as PaymentMethodName] ?? 3,
      amountCents: document.gross_cents,
    },
    lines: lines.map((line) => ({
      netCents: line.net_cents,
      vatCategory: line.vat_category,
      vatCents: line.vat_cents,
      vatExemptionCategory: line.vat_exemption_category,
      classification,
    })),
  };
}

/** The InvoicesDoc XML of a stored document, read with its lines, issuer and correlation. */
export async function invoicesDocOf(
  db: Kysely<Database>,
  document: Selectable<InvoiceDocumentsTable>,
): Promise<{ xml: string; issuerVatNumber: string }> {
  const [lines, profile, correlated] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('school_id', '=', document.school_id)
      .where('document_id', '=', document.id)
      .orderBy('line_number')
      .execute(),
    invoicingProfileOf(db, document.school_id),
    document.correlated_document_id
      ? db
          .selectFrom('invoice_documents')
          .select('mydata_mark')
          .where('school_id', '=', document.school_id)
          .where('id', '=', document.correlated_document_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    xml: invoicesDocXml([
      mydataInvoiceOf(document, lines, profile, correlated?.mydata_mark ?? null),
    ]),
    issuerVatNumber: profile.vat_number,
  };
}
