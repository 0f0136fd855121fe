import type { MydataStatus, NotSentReason } from '../../../../shared/invoices/documents';
import { documentNumberText } from '../../../../shared/invoices/documents';
import { defineReport } from '../definition';
import { msg } from '../msg';

// Receipts and invoices that myDATA has not accepted (no MARK): never sent, waiting, being
// retried, rejected or given up on, with what stands in the way, oldest first: the list an
// accountant works through before the month's VAT return.

const STATUS_WORDS: Record<Exclude<MydataStatus, 'sent'>, string> = {
  not_sent: msg('Not sent'),
  pending: msg('Waiting to be sent'),
  retrying: msg('Being retried'),
  rejected: msg('Rejected'),
  failed: msg('Failed'),
};
const REASON_WORDS: Record<NotSentReason, string> = {
  not_configured: msg('myDATA is not set up on this server'),
  issuer_incomplete: msg("The school's invoicing details are incomplete"),
};

/** AADE's first error message, kept as JSON [{code, message}]. */
function firstError(errors: string | null): string | null {
  if (!errors) return null;
  try {
    const list = JSON.parse(errors) as { code?: string; message?: string }[];
    const first = list[0];
    return first ? [first.code, first.message].filter(Boolean).join(': ') : null;
  } catch {
    return null;
  }
}

export const mydataNotAccepted = defineReport({
  id: 'mydata-not-accepted',
  title: msg('myDATA documents not yet accepted'),
  description: msg(
    'Receipts and invoices without a MARK from myDATA, with their state and what stands in the way.',
  ),
  resource: 'transactions',
  filters: [
    { key: 'from', kind: 'date', label: msg('From'), required: false },
    { key: 'to', kind: 'date', label: msg('To'), required: false },
  ],
  columns: [
    { key: 'issue_date', label: msg('Issued'), type: 'date' },
    { key: 'document', label: msg('Document'), type: 'text' },
    { key: 'payer', label: msg('Payer'), type: 'text' },
    { key: 'amount', label: msg('Amount'), type: 'money-cents' },
    { key: 'status', label: msg('myDATA state'), type: 'text', translate: true },
    { key: 'problem', label: msg('What stands in the way'), type: 'text', translate: true },
    { key: 'attempts', label: msg('Attempts'), type: 'number' },
  ],
  totals: ['amount'],
  chart: { kind: 'pie', x: 'status', y: [], count: msg('Documents') },
  async rows({ db, schoolId, filters }) {
    let query = db
      .selectFrom('invoice_documents')
      .select([
        'id',
        'issue_date',
        'series',
        'number',
        'payer_name',
        'gross_cents',
        'mydata_status',
        'mydata_not_sent_reason',
        'mydata_last_problem',
        'mydata_errors',
        'mydata_attempts',
      ])
      .where('school_id', '=', schoolId)
      .where('mydata_status', 'in', ['not_sent', 'pending', 'retrying', 'rejected', 'failed']);
    if (typeof filters.from === 'string') query = query.where('issue_date', '>=', filters.from);
    if (typeof filters.to === 'string') query = query.where('issue_date', '<=', filters.to);
    const rows = await query.orderBy('issue_date').orderBy('id').execute();
    return rows.map((d) => {
      const status = d.mydata_status as Exclude<MydataStatus, 'sent'>;
      const reason = d.mydata_not_sent_reason as NotSentReason | null;
      return {
        issue_date: d.issue_date,
        document: documentNumberText(d.series, d.number),
        payer: d.payer_name,
        amount: d.gross_cents,
        status: STATUS_WORDS[status] ?? d.mydata_status,
        problem:
          status === 'not_sent' && reason
            ? (REASON_WORDS[reason] ?? reason)
            : (firstError(d.mydata_errors) ?? d.mydata_last_problem ?? null),
        attempts: d.mydata_attempts,
      };
    });
  },
});
