import type {
  DocumentKind,
  MydataProblem,
  MydataStatus,
  NotSentReason,
  PaymentMethodName,
} from '../../../../shared/invoices/documents';
import { msg } from '../../i18n/msg';

// The words of receipts, invoices and myDATA (English keys; Greek in i18n/invoices.el.ts).

export const STATUS_WORDS: Record<MydataStatus, string> = {
  not_sent: msg('Not sent'),
  pending: msg('Waiting to be sent'),
  sent: msg('Sent to myDATA'),
  rejected: msg('Rejected by myDATA'),
  retrying: msg('Will retry'),
  failed: msg('Sending failed'),
};

export const KIND_WORDS: Record<DocumentKind, string> = {
  receipt: msg('Receipt (11.2)'),
  invoice: msg('Invoice (2.1)'),
  credit_receipt: msg('Credit receipt (11.4)'),
  credit_invoice: msg('Credit invoice (5.1)'),
};

export const PAYMENT_WORDS: Record<PaymentMethodName, string> = {
  cash: msg('Cash'),
  card: msg('Card'),
  bank_transfer: msg('Bank transfer'),
};

export const NOT_SENT_WORDS: Record<NotSentReason, string> = {
  not_configured: msg(
    'myDATA is not configured on this server (MYDATA_URL, MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY), so documents are kept and not sent. Ask whoever runs the server to set them.',
  ),
  issuer_incomplete: msg(
    "The school's invoicing details (legal name, VAT number, tax office, address) are incomplete, so documents cannot be sent yet.",
  ),
};

export const PROBLEM_WORDS: Record<MydataProblem, string> = {
  timeout: msg('myDATA did not answer in time.'),
  connection_lost: msg('The connection to myDATA was lost before its answer arrived.'),
  unreachable: msg('myDATA could not be reached.'),
  rate_limited: msg('myDATA was busy and asked us to try later.'),
  server_error: msg('myDATA had a server error.'),
  technical_error: msg('myDATA reported a technical error on its side.'),
  credentials_refused: msg(
    "myDATA refused the server's credentials (MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY).",
  ),
  request_refused: msg('myDATA refused the request.'),
  bad_answer: msg('myDATA answered with something that is not a myDATA answer.'),
  waiting_for_original: msg('It waits until the document it cancels is registered with myDATA.'),
};

/**
 * AADE's error codes a school meets most, in words a secretary can act on; other codes show
 * AADE's own message.
 */
export const AADE_ERROR_WORDS: Record<string, string> = {
  '101': msg('The document could not be read (XML syntax). Contact support.'),
  '102': msg('The VAT number of the school or the business is not valid.'),
  '104': msg('The VAT number of the business is not valid.'),
  '203': msg('The VAT category of a line is not allowed for this kind of document.'),
  '211': msg('A line without VAT needs the reason for the exemption.'),
  '228': msg('myDATA already holds a document with this series and number.'),
  '402': msg('myDATA expects a card (POS) payment for this document.'),
  '407': msg("The amounts paid add up to more than the document's total."),
};
