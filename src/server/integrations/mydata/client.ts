import type { MydataProblem } from '../../../shared/invoices/documents';
import type { ServerConfig } from '../../config';
import {
  MydataAnswerError,
  readRequestedDoc,
  readResponseDoc,
  type MydataResponse,
  type TransmittedInvoice,
} from './answers';

// The HTTP side of AADE's myDATA REST API (ERP channel): SendInvoices and
// RequestTransmittedDocs with the `aade-user-id` and `Ocp-Apim-Subscription-Key` headers.
// It never retries by itself: the outbox (areas/invoices/outbox.ts) decides, and it needs to
// know whether a request may have reached AADE (then it asks before sending again).

export type MydataSettings = NonNullable<ServerConfig['mydata']>;

export type SendOutcome =
  | { kind: 'answered'; responses: MydataResponse[] }
  | {
      kind: 'problem';
      problem: MydataProblem;
      /** The request may have been recorded by AADE (no answer heard): reconcile first. */
      maybeRecorded: boolean;
      /** AADE's Retry-After, when it said one. */
      retryAfterMs: number | null;
      detail: string;
    };

const headers = (settings: MydataSettings) => ({
  'aade-user-id': settings.userId,
  'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
});

function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Sorts a failed fetch into a problem: did the request possibly reach AADE? */
function failureOf(
  error: unknown,
  settings: MydataSettings,
): Extract<SendOutcome, { kind: 'problem' }> {
  const err = error as { name?: string; cause?: { code?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return {
      kind: 'problem',
      problem: 'timeout',
      maybeRecorded: true,
      retryAfterMs: null,
      detail: `No answer within ${settings.timeoutMs} ms`,
    };
  const code = err.cause?.code ?? '';
  // Refused or unknown host: the request never left; anything else may have arrived.
  const neverSent = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code);
  return {
    kind: 'problem',
    problem: neverSent ? 'unreachable' : 'connection_lost',
    maybeRecorded: !neverSent,
    retryAfterMs: null,
    detail: code || String((error as Error).message ?? error),
  };
}

async function call(
  settings: MydataSettings,
  path: string,
  init: { method: 'GET' | 'POST'; body?: string },
  signal?: AbortSignal,
): Promise<{ status: number; text: string; retryAfter: string | null } | SendOutcome> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  try {
    const response = await fetch(`${settings.url}/${path}`, {
      method: init.method,
      headers: {
        ...headers(settings),
        ...(init.body !== undefined ? { 'Content-Type': 'text/xml; charset=utf-8' } : {}),
      },
      body: init.body,
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    return {
      status: response.status,
      text: await response.text(),
      retryAfter: response.headers.get('Retry-After'),
    };
  } catch (error) {
    return failureOf(error, settings);
  }
}

function problemOfStatus(status: number, retryAfter: string | null, text: string): SendOutcome {
  if (status === 429)
    return {
      kind: 'problem',
      problem: 'rate_limited',
      maybeRecorded: false,
      retryAfterMs: retryAfterMs(retryAfter),
      detail: 'HTTP 429',
    };
  if (status === 401 || status === 403)
    return {
      kind: 'problem',
      problem: 'credentials_refused',
      maybeRecorded: false,
      retryAfterMs: null,
      detail: `HTTP ${status}`,
    };
  return {
    kind: 'problem',
    problem: status >= 500 ? 'server_error' : 'request_refused',
    // A server error may come after the invoice was stored.
    maybeRecorded: status >= 500,
    retryAfterMs: retryAfterMs(retryAfter),
    detail: `HTTP ${status}: ${text.slice(0, 200)}`,
  };
}

/** POST SendInvoices with an InvoicesDoc. */
export async function sendInvoices(
  settings: MydataSettings,
  xml: string,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const result = await call(settings, 'SendInvoices', { method: 'POST', body: xml }, signal);
  if ('kind' in result) return result;
  if (result.status !== 200) return problemOfStatus(result.status, result.retryAfter, result.text);
  try {
    return { kind: 'answered', responses: readResponseDoc(result.text) };
  } catch (error) {
    if (!(error instanceof MydataAnswerError)) throw error;
    return {
      kind: 'problem',
      problem: 'bad_answer',
      maybeRecorded: true,
      retryAfterMs: null,
      detail: error.message,
    };
  }
}

/** dd/MM/yyyy, the date format of AADE's query parameters. */
const aadeDate = (isoDay: string) => isoDay.split('-').reverse().join('/');

/**
 * What AADE holds of the documents this issuer transmitted on a day (RequestTransmittedDocs),
 * following continuation tokens; a problem when it cannot be asked.
 */
export async function requestTransmittedDocs(
  settings: MydataSettings,
  query: { issueDate: string; invoiceType: string },
  signal?: AbortSignal,
): Promise<TransmittedInvoice[] | Extract<SendOutcome, { kind: 'problem' }>> {
  const found: TransmittedInvoice[] = [];
  let continuation: { nextPartitionKey: string; nextRowKey: string } | null = null;
  for (let page = 0; page < 50; page++) {
    const params = new URLSearchParams({
      mark: '0',
      dateFrom: aadeDate(query.issueDate),
      dateTo: aadeDate(query.issueDate),
      invType: query.invoiceType,
      ...(continuation ?? {}),
    });
    const result = await call(
      settings,
      `RequestTransmittedDocs?${params.toString()}`,
      { method: 'GET' },
      signal,
    );
    if ('kind' in result) return result as Extract<SendOutcome, { kind: 'problem' }>;
    if (result.status !== 200)
      return problemOfStatus(result.status, result.retryAfter, result.text) as Extract<
        SendOutcome,
        { kind: 'problem' }
      >;
    try {
      const answer = readRequestedDoc(result.text);
      found.push(...answer.invoices);
      continuation = answer.continuation;
    } catch (error) {
      if (!(error instanceof MydataAnswerError)) throw error;
      return {
        kind: 'problem',
        problem: 'bad_answer',
        maybeRecorded: true,
        retryAfterMs: null,
        detail: error.message,
      };
    }
    if (!continuation) return found;
  }
  return found;
}
