import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

// A local stand-in for AADE's myDATA REST API (tests only). It checks the credentials, reads
// each InvoicesDoc, registers invoices with a MARK like AADE does, and answers in the shapes
// of the real answers in tests/fixtures/mydata/samples. A test chooses the next outcomes:
// Success, ValidationError, TechnicalError, 429, a timeout (no answer), or a connection
// dropped after the invoice was registered (the lost answer). RequestTransmittedDocs answers
// from what it registered.

export type StandInOutcome =
  | 'success'
  | 'validation_error'
  | 'technical_error'
  | 'rate_limited'
  | 'timeout'
  | 'drop_after_record';

export interface RegisteredInvoice {
  mark: string;
  uid: string;
  series: string;
  aa: string;
  issueDate: string;
  invoiceType: string;
  issuerVatNumber: string;
  xml: string;
}

export interface MydataStandIn {
  url: string;
  userId: string;
  subscriptionKey: string;
  /** Outcomes of the next SendInvoices calls, in order; then success. */
  queue(...outcomes: StandInOutcome[]): void;
  registered: RegisteredInvoice[];
  /** SendInvoices calls received, with the (series, aa) of each invoice in them. */
  sends: { series: string; aa: string; outcome: StandInOutcome }[];
  transmittedQueries: number;
  close(): Promise<void>;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'invoice',
});

const escape = (text: string) =>
  text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

export async function startMydataStandIn(): Promise<MydataStandIn> {
  const userId = 'school-erp-user';
  const subscriptionKey = crypto.randomBytes(16).toString('hex');
  const outcomes: StandInOutcome[] = [];
  const registered: RegisteredInvoice[] = [];
  const sends: MydataStandIn['sends'] = [];
  let nextMark = 400_001_000_000_001n;
  const hanging = new Set<http.ServerResponse>();
  const state = { transmittedQueries: 0 };

  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (
        request.headers['aade-user-id'] !== userId ||
        request.headers['ocp-apim-subscription-key'] !== subscriptionKey
      ) {
        response.writeHead(401).end('Access denied due to invalid subscription key.');
        return;
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && url.pathname === '/SendInvoices')
        return sendInvoices(body, response);
      if (request.method === 'GET' && url.pathname === '/RequestTransmittedDocs')
        return transmittedDocs(url, response);
      response.writeHead(404).end();
    });
  });

  function sendInvoices(body: string, response: http.ServerResponse) {
    const doc = (parser.parse(body) as { InvoicesDoc?: { invoice?: unknown[] } }).InvoicesDoc;
    const invoices = (doc?.invoice ?? []) as Record<string, Record<string, string>>[];
    const outcome = outcomes.shift() ?? 'success';
    for (const invoice of invoices)
      sends.push({
        series: invoice.invoiceHeader!.series!,
        aa: invoice.invoiceHeader!.aa!,
        outcome,
      });
    if (outcome === 'rate_limited') {
      response
        .writeHead(429, { 'Retry-After': '2', 'Content-Type': 'application/json' })
        .end('{ "statusCode": 429, "message": "Rate limit is exceeded. Try again in 2 seconds." }');
      return;
    }
    if (outcome === 'timeout') {
      hanging.add(response); // never answered, never registered
      return;
    }
    const answers = invoices.map((invoice, i) => {
      const index = i + 1;
      if (outcome === 'validation_error')
        // As AADE's own error sample: statusCode first, then errors.
        return `<response><index>${index}</index><statusCode>ValidationError</statusCode><errors><error><message>At least one payment method detail must be of POS type</message><code>402</code></error><error><message>Payment Methods total amount must be equal to or less than initial invoice's total value</message><code>407</code></error></errors></response>`;
      if (outcome === 'technical_error')
        return `<response><index>${index}</index><errors><error><message>Service temporarily unavailable</message><code>999</code></error></errors><statusCode>TechnicalError</statusCode></response>`;
      const header = invoice.invoiceHeader!;
      const existing = registered.find(
        (r) =>
          r.issuerVatNumber === invoice.issuer!.vatNumber &&
          r.series === header.series &&
          r.aa === header.aa &&
          r.invoiceType === header.invoiceType,
      );
      // AADE refuses a second registration of the same series and number.
      if (existing)
        return `<response><index>${index}</index><errors><error><message>Duplicate invoice (MARK ${existing.mark})</message><code>228</code></error></errors><statusCode>ValidationError</statusCode></response>`;
      const mark = String(nextMark++);
      const uid = crypto
        .createHash('sha1')
        .update(`${invoice.issuer!.vatNumber}-${header.issueDate}-${header.series}-${header.aa}`)
        .digest('hex')
        .toUpperCase();
      registered.push({
        mark,
        uid,
        series: header.series!,
        aa: header.aa!,
        issueDate: header.issueDate!,
        invoiceType: header.invoiceType!,
        issuerVatNumber: invoice.issuer!.vatNumber!,
        xml: body,
      });
      return `<response><index>${index}</index><invoiceUid>${uid}</invoiceUid><invoiceMark>${mark}</invoiceMark><qrUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=${mark}</qrUrl><statusCode>Success</statusCode></response>`;
    });
    if (outcome === 'drop_after_record') {
      // Registered, and the answer is lost on the way back.
      response.socket?.destroy();
      return;
    }
    response
      .writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' })
      .end(
        `<?xml version="1.0" encoding="utf-8"?><ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${answers.join('')}</ResponseDoc>`,
      );
  }

  function transmittedDocs(url: URL, response: http.ServerResponse) {
    state.transmittedQueries++;
    const day = (value: string | null) => value?.split('/').reverse().join('-');
    const from = day(url.searchParams.get('dateFrom'));
    const to = day(url.searchParams.get('dateTo'));
    const type = url.searchParams.get('invType');
    const found = registered.filter(
      (r) =>
        (!from || r.issueDate >= from) &&
        (!to || r.issueDate <= to) &&
        (!type || r.invoiceType === type),
    );
    const invoices = found
      .map(
        (r) =>
          `<invoice><uid>${r.uid}</uid><mark>${r.mark}</mark><issuer><vatNumber>${r.issuerVatNumber}</vatNumber><country>GR</country><branch>0</branch></issuer><invoiceHeader><series>${escape(r.series)}</series><aa>${r.aa}</aa><issueDate>${r.issueDate}</issueDate><invoiceType>${r.invoiceType}</invoiceType><currency>EUR</currency></invoiceHeader><invoiceSummary><totalNetValue>0</totalNetValue></invoiceSummary><qrCodeUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=${r.mark}</qrCodeUrl></invoice>`,
      )
      .join('');
    response
      .writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' })
      .end(
        `<?xml version="1.0" encoding="utf-8"?><RequestedDoc xmlns="http://www.aade.gr/myDATA/invoice/v1.0" xmlns:icls="https://www.aade.gr/myDATA/incomeClassificaton/v1.0"><invoicesDoc>${invoices}</invoicesDoc></RequestedDoc>`,
      );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    userId,
    subscriptionKey,
    queue: (...next) => outcomes.push(...next),
    registered,
    sends,
    get transmittedQueries() {
      return state.transmittedQueries;
    },
    async close() {
      for (const response of hanging) response.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
