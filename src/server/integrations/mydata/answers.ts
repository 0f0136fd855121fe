import { XMLParser } from 'fast-xml-parser';

// AADE's answers, read by element name and never by order: real answers put `errors` before
// or after `statusCode`, add `receptionEmails` where the schema does not expect them, and use
// other namespace prefixes (tests/fixtures/mydata/samples). Namespace prefixes are dropped;
// every value stays text, so a 15-digit MARK is never rounded.

export type MydataStatusCode = 'Success' | 'ValidationError' | 'TechnicalError' | 'XMLSyntaxError';

export interface MydataResponse {
  index: number | null;
  statusCode: string;
  invoiceUid: string | null;
  invoiceMark: string | null;
  cancellationMark: string | null;
  qrUrl: string | null;
  errors: { code: string; message: string }[];
}

export interface TransmittedInvoice {
  uid: string | null;
  mark: string | null;
  series: string;
  aa: string;
  issueDate: string;
  invoiceType: string;
  issuerVatNumber: string | null;
  qrCodeUrl: string | null;
  cancelledByMark: string | null;
}

export interface TransmittedDocs {
  invoices: TransmittedInvoice[];
  continuation: { nextPartitionKey: string; nextRowKey: string } | null;
}

export class MydataAnswerError extends Error {}

const repeated = new Set(['response', 'error', 'invoice', 'correlatedInvoices', 'email']);
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
});

type Node = Record<string, unknown>;
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const node = (value: unknown): Node =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

function parse(xml: string, root: string): Node {
  let parsed: Node;
  try {
    parsed = parser.parse(xml) as Node;
  } catch (error) {
    throw new MydataAnswerError(`The answer is not XML: ${(error as Error).message}`);
  }
  if (!(root in parsed)) throw new MydataAnswerError(`The answer has no ${root} element.`);
  return node(parsed[root]);
}

/** Reads a SendInvoices (or CancelInvoice) answer: one response per invoice sent. */
export function readResponseDoc(xml: string): MydataResponse[] {
  const doc = parse(xml, 'ResponseDoc');
  return list(doc.response).map((raw) => {
    const response = node(raw);
    const index = text(response.index);
    return {
      index: index !== null && /^\d+$/.test(index) ? Number(index) : null,
      statusCode: text(response.statusCode) ?? '',
      invoiceUid: text(response.invoiceUid),
      invoiceMark: text(response.invoiceMark),
      cancellationMark: text(response.cancellationMark),
      qrUrl: text(response.qrUrl),
      errors: list(node(response.errors).error).map((e) => ({
        code: text(node(e).code) ?? '',
        message: text(node(e).message) ?? '',
      })),
    };
  });
}

/** Reads a RequestTransmittedDocs / RequestDocs answer: the invoices AADE holds. */
export function readRequestedDoc(xml: string): TransmittedDocs {
  const doc = parse(xml, 'RequestedDoc');
  const token = node(doc.continuationToken);
  const nextPartitionKey = text(token.nextPartitionKey);
  const nextRowKey = text(token.nextRowKey);
  return {
    invoices: list(node(doc.invoicesDoc).invoice).map((raw) => {
      const invoice = node(raw);
      const header = node(invoice.invoiceHeader);
      return {
        uid: text(invoice.uid),
        mark: text(invoice.mark),
        series: text(header.series) ?? '',
        aa: text(header.aa) ?? '',
        issueDate: text(header.issueDate) ?? '',
        invoiceType: text(header.invoiceType) ?? '',
        issuerVatNumber: text(node(invoice.issuer).vatNumber),
        qrCodeUrl: text(invoice.qrCodeUrl),
        cancelledByMark: text(invoice.cancelledByMark),
      };
    }),
    continuation: nextPartitionKey && nextRowKey ? { nextPartitionKey, nextRowKey } : null,
  };
}
