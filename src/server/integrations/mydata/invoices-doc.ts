import { XMLBuilder } from 'fast-xml-parser';

// Builds AADE's `InvoicesDoc` (myDATA v2.0.1, schemas in tests/fixtures/mydata/xsd) for the
// documents the school issues. Element order follows the schema's sequences: a builder that
// wrote them in another order would be rejected by AADE, so the tests validate every shape
// this writes against the XSDs.

export const INVOICE_NAMESPACE = 'http://www.aade.gr/myDATA/invoice/v1.0';
export const INCOME_CLASSIFICATION_NAMESPACE =
  'https://www.aade.gr/myDATA/incomeClassificaton/v1.0';

export interface MydataParty {
  vatNumber: string;
  country: string;
  branch: number;
  /** Sent only for parties outside Greece (AADE refuses a name for Greek ones). */
  name?: string;
  address?: { street?: string; number?: string; postalCode: string; city: string };
}

export interface MydataLine {
  netCents: number;
  vatCategory: number;
  vatCents: number;
  vatExemptionCategory: number | null;
  classification: { type: string; category: string };
}

export interface MydataInvoice {
  issuer: MydataParty;
  counterpart: MydataParty | null;
  series: string;
  aa: number;
  issueDate: string;
  invoiceType: string;
  /** MARKs of the documents a credit document corrects. */
  correlatedMarks: string[];
  payment: { type: number; amountCents: number } | null;
  lines: MydataLine[];
}

/** Integer cents as an xs:decimal with two digits: 1234 → "12.34" (never through floats). */
export function amountText(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function party(p: MydataParty, withName: boolean) {
  return {
    vatNumber: p.vatNumber,
    country: p.country,
    branch: p.branch,
    ...(withName && p.name && p.country !== 'GR' ? { name: p.name } : {}),
    ...(p.address
      ? {
          address: {
            ...(p.address.street ? { street: p.address.street } : {}),
            ...(p.address.number ? { number: p.address.number } : {}),
            postalCode: p.address.postalCode,
            city: p.address.city,
          },
        }
      : {}),
  };
}

const classificationElement = (type: string, category: string, cents: number) => ({
  'icls:classificationType': type,
  'icls:classificationCategory': category,
  'icls:amount': amountText(cents),
});

function invoiceElement(invoice: MydataInvoice) {
  const netTotal = invoice.lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatTotal = invoice.lines.reduce((sum, line) => sum + line.vatCents, 0);
  // The summary's classification adds the lines' up per (type, category).
  const byClassification = new Map<string, { type: string; category: string; cents: number }>();
  for (const line of invoice.lines) {
    const key = `${line.classification.type}|${line.classification.category}`;
    const entry = byClassification.get(key) ?? { ...line.classification, cents: 0 };
    entry.cents += line.netCents;
    byClassification.set(key, entry);
  }
  return {
    issuer: party(invoice.issuer, false),
    ...(invoice.counterpart ? { counterpart: party(invoice.counterpart, true) } : {}),
    invoiceHeader: {
      series: invoice.series,
      aa: String(invoice.aa),
      issueDate: invoice.issueDate,
      invoiceType: invoice.invoiceType,
      currency: 'EUR',
      ...(invoice.correlatedMarks.length > 0
        ? { correlatedInvoices: invoice.correlatedMarks }
        : {}),
    },
    ...(invoice.payment
      ? {
          paymentMethods: {
            paymentMethodDetails: {
              type: invoice.payment.type,
              amount: amountText(invoice.payment.amountCents),
            },
          },
        }
      : {}),
    invoiceDetails: invoice.lines.map((line, index) => ({
      lineNumber: index + 1,
      netValue: amountText(line.netCents),
      vatCategory: line.vatCategory,
      vatAmount: amountText(line.vatCents),
      ...(line.vatExemptionCategory !== null
        ? { vatExemptionCategory: line.vatExemptionCategory }
        : {}),
      incomeClassification: classificationElement(
        line.classification.type,
        line.classification.category,
        line.netCents,
      ),
    })),
    invoiceSummary: {
      totalNetValue: amountText(netTotal),
      totalVatAmount: amountText(vatTotal),
      totalWithheldAmount: '0.00',
      totalFeesAmount: '0.00',
      totalStampDutyAmount: '0.00',
      totalOtherTaxesAmount: '0.00',
      totalDeductionsAmount: '0.00',
      totalGrossValue: amountText(netTotal + vatTotal),
      incomeClassification: [...byClassification.values()].map((c) =>
        classificationElement(c.type, c.category, c.cents),
      ),
    },
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});

/** The `InvoicesDoc` XML of one or more documents, as AADE's SendInvoices takes it. */
export function invoicesDocXml(invoices: MydataInvoice[]): string {
  if (invoices.length === 0) throw new Error('An InvoicesDoc needs at least one invoice.');
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    InvoicesDoc: {
      '@_xmlns': INVOICE_NAMESPACE,
      '@_xmlns:icls': INCOME_CLASSIFICATION_NAMESPACE,
      invoice: invoices.map(invoiceElement),
    },
  }) as string;
}
