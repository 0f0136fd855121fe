import type { Selectable } from 'kysely';
import type {
  CounterpartInput,
  DocumentDetail,
  DocumentSummary,
  MydataError,
} from '../../../shared/api/invoices';
import type {
  MydataProblem,
  NotSentReason,
  PaymentMethodName,
} from '../../../shared/invoices/documents';
import { documentAbilities, type InvoiceCaller } from './policy';
import type { InvoiceDocumentsTable, InvoiceLinesTable } from './tables';

type Row = Selectable<InvoiceDocumentsTable>;

export function documentSummaryOf(
  caller: InvoiceCaller,
  row: Row,
  cancelledBy: number | null,
): DocumentSummary {
  return {
    id: row.id,
    kind: row.kind,
    invoice_type: row.invoice_type,
    series: row.series,
    number: row.number,
    issue_date: row.issue_date,
    payer_membership_id: row.payer_membership_id,
    payer_name: row.payer_name,
    net_cents: row.net_cents,
    vat_cents: row.vat_cents,
    gross_cents: row.gross_cents,
    mydata_status: row.mydata_status,
    mydata_sent_at: row.mydata_sent_at,
    mydata_mark: row.mydata_mark,
    payment_id: row.payment_id,
    cancelled_by_document_id: cancelledBy,
    abilities: documentAbilities(caller, { ...row, cancelled_by_document_id: cancelledBy }),
  };
}

export function documentDetailOf(
  caller: InvoiceCaller,
  row: Row,
  lines: Selectable<InvoiceLinesTable>[],
  links: {
    cancelledBy: number | null;
    correlated: { id: number; series: string; number: number } | null;
  },
): DocumentDetail {
  return {
    ...documentSummaryOf(caller, row, links.cancelledBy),
    payment_method: row.payment_method as PaymentMethodName,
    counterpart: row.counterpart ? (JSON.parse(row.counterpart) as CounterpartInput) : null,
    correlated_document: links.correlated,
    lines: lines.map((line) => ({
      line_number: line.line_number,
      description: line.description,
      net_cents: line.net_cents,
      vat_category: line.vat_category,
      vat_cents: line.vat_cents,
      vat_exemption_category: line.vat_exemption_category,
    })),
    mydata_uid: row.mydata_uid,
    mydata_qr_url: row.mydata_qr_url,
    mydata_errors: row.mydata_errors ? (JSON.parse(row.mydata_errors) as MydataError[]) : [],
    mydata_not_sent_reason:
      row.mydata_status === 'not_sent'
        ? (row.mydata_not_sent_reason as NotSentReason | null)
        : null,
    mydata_attempts: row.mydata_attempts,
    mydata_next_attempt_at: row.mydata_next_attempt_at,
    mydata_last_problem: row.mydata_last_problem as MydataProblem | null,
    created_at: row.created_at,
  };
}
