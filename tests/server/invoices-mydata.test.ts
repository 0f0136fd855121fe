import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { startMydataStandIn, type MydataStandIn } from './support/mydata-standin';
import { issueDocument } from '../../src/server/areas/invoices/issue';
import { invoicesDocErrors } from './support/mydata-xsd';
import { athensIds, SCHOOL_PROFILE, tuitionReceipt } from './support/invoicing';
import { databaseKinds, startServer, type TestServer } from './support/server';

// Each myDATA outcome through the real server, its durable outbox and a stand-in AADE.

describe.each(databaseKinds)('sending documents to myDATA on %s', (kind) => {
  let standIn: MydataStandIn;
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let ids: Awaited<ReturnType<typeof athensIds>>;
  const today = new Date().toISOString().slice(0, 10);
  const base = () => `/schools/${ids.school}/admin`;

  beforeAll(async () => {
    standIn = await startMydataStandIn();
    server = await startServer(kind, {
      env: {
        MYDATA_URL: standIn.url,
        MYDATA_USER_ID: standIn.userId,
        MYDATA_SUBSCRIPTION_KEY: standIn.subscriptionKey,
        MYDATA_TIMEOUT_MS: '400',
        MYDATA_RETRY_BASE_MS: '1000',
        // The test runs the outbox itself, so that each step is seen.
        JOBS_ENABLED: 'false',
      },
    });
    api = apiClient(server.url);
    ids = await athensIds(server.built.deps.db);
    admin = await api.login('admin@demo.school');
    const saved = await api.call('PUT', `${base()}/invoicing/profile`, {
      token: admin,
      body: SCHOOL_PROFILE,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  const issue = async (netCents = 18_000) => {
    const created = await api.post(
      `${base()}/invoices`,
      tuitionReceipt(ids.parent, today, netCents),
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as {
      id: number;
      series: string;
      number: number;
      mydata_status: string;
    };
  };
  const detail = async (id: number) => (await api.get(`${base()}/invoices/${id}`, admin)).body.data;
  const runOutbox = () => server.built.jobs.runDueJobs();
  /** Moves past the next retry and runs the outbox. */
  const later = async (ms = 65 * 60_000) => {
    server.advanceClock(ms);
    await runOutbox();
  };
  /**
   * The stand-in's next answers, for this test's documents: whatever earlier steps left due is
   * sent first, so that a queued answer is not taken by another document.
   */
  const answerNext = async (...outcomes: Parameters<typeof standIn.queue>) => {
    await runOutbox();
    standIn.queue(...outcomes);
  };
  const sendsOf = (document: { series: string; number: number }) =>
    standIn.sends.filter((s) => s.series === document.series && s.aa === String(document.number));

  it('sends a receipt and records the MARK, the UID and the QR link (Success)', async () => {
    const document = await issue();
    expect(document.mydata_status).toBe('pending');
    await runOutbox();
    const sent = await detail(document.id);
    const registered = standIn.registered.find((r) => r.aa === String(document.number))!;
    expect(sent).toMatchObject({
      mydata_status: 'sent',
      mydata_mark: registered.mark,
      mydata_uid: registered.uid,
      mydata_errors: [],
    });
    expect(sent.mydata_qr_url).toContain(registered.mark);
    expect(Date.parse(sent.mydata_sent_at)).not.toBeNaN();
    // What reached AADE is a valid InvoicesDoc.
    expect(await invoicesDocErrors(registered.xml)).toEqual([]);
    expect(sent.abilities).toEqual({ download: true, send: false, cancel: true });
  });

  it("keeps a rejected document unsent with AADE's errors, and sends it again on request (ValidationError)", async () => {
    await answerNext('validation_error');
    const document = await issue();
    await runOutbox();
    const rejected = await detail(document.id);
    expect(rejected).toMatchObject({ mydata_status: 'rejected', mydata_mark: null });
    expect(rejected.mydata_errors).toEqual([
      { code: '402', message: 'At least one payment method detail must be of POS type' },
      {
        code: '407',
        message:
          "Payment Methods total amount must be equal to or less than initial invoice's total value",
      },
    ]);
    expect(rejected.abilities.send).toBe(true);
    // Nothing is retried by itself: the office reads the reasons first.
    await later();
    expect(sendsOf(document)).toHaveLength(1);

    const resent = await api.post(`${base()}/invoices/${document.id}/send`, {}, admin);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({ mydata_status: 'pending', mydata_errors: [] });
    await runOutbox();
    expect(await detail(document.id)).toMatchObject({ mydata_status: 'sent' });
    // A document with a MARK is never sent again.
    const again = await api.post(`${base()}/invoices/${document.id}/send`, {}, admin);
    expect(again.status).toBe(409);
  });

  it('retries after a TechnicalError, asking AADE first, with a growing delay', async () => {
    await answerNext('technical_error', 'technical_error');
    const document = await issue();
    await runOutbox();
    const first = await detail(document.id);
    expect(first).toMatchObject({
      mydata_status: 'retrying',
      mydata_last_problem: 'technical_error',
      mydata_attempts: 1,
    });
    const firstDelay = Date.parse(first.mydata_next_attempt_at) - Date.now();
    // Not due yet: nothing happens.
    await runOutbox();
    expect(sendsOf(document)).toHaveLength(1);
    server.advanceClock(1_500);
    const queriesBefore = standIn.transmittedQueries;
    await runOutbox();
    expect(standIn.transmittedQueries).toBe(queriesBefore + 1);
    const second = await detail(document.id);
    expect(second).toMatchObject({ mydata_status: 'retrying', mydata_attempts: 2 });
    expect(Date.parse(second.mydata_next_attempt_at) - Date.now()).toBeGreaterThan(firstDelay);
    await later();
    expect(await detail(document.id)).toMatchObject({
      mydata_status: 'sent',
      mydata_last_problem: null,
    });
    expect(sendsOf(document)).toHaveLength(3);
  });

  it("waits at least AADE's Retry-After when it is busy (429), then sends", async () => {
    await answerNext('rate_limited');
    const document = await issue();
    await runOutbox();
    const busy = await detail(document.id);
    expect(busy).toMatchObject({ mydata_status: 'retrying', mydata_last_problem: 'rate_limited' });
    // 429 means "not taken": no need to ask AADE before the next try.
    const queriesBefore = standIn.transmittedQueries;
    await later();
    expect(standIn.transmittedQueries).toBe(queriesBefore);
    expect(await detail(document.id)).toMatchObject({ mydata_status: 'sent' });
  });

  it('retries a send that timed out', async () => {
    await answerNext('timeout');
    const document = await issue();
    await runOutbox();
    expect(await detail(document.id)).toMatchObject({
      mydata_status: 'retrying',
      mydata_last_problem: 'timeout',
    });
    await later();
    expect(await detail(document.id)).toMatchObject({ mydata_status: 'sent' });
    expect(standIn.registered.filter((r) => r.aa === String(document.number))).toHaveLength(1);
  });

  it('takes the MARK of a send whose answer was lost instead of sending again (no second MARK)', async () => {
    await answerNext('drop_after_record');
    const document = await issue();
    await runOutbox();
    const lost = await detail(document.id);
    expect(lost).toMatchObject({
      mydata_status: 'retrying',
      mydata_last_problem: 'connection_lost',
    });
    const registered = standIn.registered.filter((r) => r.aa === String(document.number));
    expect(registered).toHaveLength(1);

    await later();
    const reconciled = await detail(document.id);
    expect(reconciled).toMatchObject({ mydata_status: 'sent', mydata_mark: registered[0]!.mark });
    // One SendInvoices only: the second try asked AADE and found it.
    expect(sendsOf(document)).toHaveLength(1);
    expect(standIn.registered.filter((r) => r.aa === String(document.number))).toHaveLength(1);
  });

  it('cancels a sent receipt with an 11.4 credit document correlated to its MARK', async () => {
    const document = await issue(9_000);
    await runOutbox();
    const original = await detail(document.id);
    const cancelled = await api.post(
      `${base()}/invoices/${document.id}/cancel`,
      { issue_date: today, reason: 'Διπλή χρέωση' },
      admin,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      kind: 'credit_receipt',
      invoice_type: '11.4',
      gross_cents: 9_000,
      correlated_document: { id: document.id },
    });
    await runOutbox();
    const credit = standIn.registered.find(
      (r) => r.invoiceType === '11.4' && r.aa === String(cancelled.body.data.number),
    )!;
    expect(credit.xml).toContain(
      `<correlatedInvoices>${original.mydata_mark}</correlatedInvoices>`,
    );
    expect(await invoicesDocErrors(credit.xml)).toEqual([]);
    const after = await detail(document.id);
    expect(after.cancelled_by_document_id).toBe(cancelled.body.data.id);
    expect(after.abilities.cancel).toBe(false);
    const twice = await api.post(
      `${base()}/invoices/${document.id}/cancel`,
      { issue_date: today },
      admin,
    );
    expect(twice.status).toBe(409);
  });

  it('holds a credit document back until the document it cancels has its MARK', async () => {
    await answerNext('rate_limited');
    const original = await issue(4_000);
    // A refund issued by the payment flow while the original still waits for myDATA.
    const { db, config } = server.built.deps;
    const credit = await db.transaction().execute((trx) =>
      issueDocument(
        trx,
        { config, now: () => server.built.deps.now() },
        {
          schoolId: ids.school,
          kind: 'credit_receipt',
          payerMembershipId: ids.parent,
          correlatedDocumentId: original.id,
          issueDate: today,
          lines: [
            {
              description: 'Επιστροφή διδάκτρων',
              netCents: 4_000,
              vatCategory: 7,
              vatCents: 0,
              vatExemptionCategory: 7,
            },
          ],
        },
      ),
    );
    await runOutbox();
    expect(await detail(credit.id)).toMatchObject({
      mydata_status: 'retrying',
      mydata_last_problem: 'waiting_for_original',
    });
    expect(sendsOf(credit)).toHaveLength(0);
    await later();
    await later();
    const sentOriginal = await detail(original.id);
    expect(sentOriginal.mydata_status).toBe('sent');
    expect(await detail(credit.id)).toMatchObject({ mydata_status: 'sent' });
    const registered = standIn.registered.find(
      (r) => r.invoiceType === '11.4' && r.aa === String(credit.number),
    )!;
    expect(registered.xml).toContain(
      `<correlatedInvoices>${sentOriginal.mydata_mark}</correlatedInvoices>`,
    );
  });

  it('lists documents with their myDATA status and date, filtered by status', async () => {
    const rejected = await api.get(`${base()}/invoices?status=sent&per_page=100`, admin);
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.length).toBeGreaterThan(0);
    for (const row of rejected.body.data) {
      expect(row.mydata_status).toBe('sent');
      expect(row.mydata_sent_at).toEqual(expect.any(String));
    }
    const readiness = await api.get(`${base()}/invoicing/mydata`, admin);
    expect(readiness.body.data).toMatchObject({
      configured: true,
      issuer_complete: true,
      missing: [],
    });
    expect(readiness.body.data.counts.sent).toBeGreaterThan(0);
  });

  if (kind === 'sqlite')
    it('keeps the outbox across a restart: a document queued before it stops is sent after', async () => {
      const file = path.join(
        fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-restart-')),
        'db.sqlite',
      );
      const env = {
        DATABASE_URL: `sqlite:${file}`,
        MYDATA_URL: standIn.url,
        MYDATA_USER_ID: standIn.userId,
        MYDATA_SUBSCRIPTION_KEY: standIn.subscriptionKey,
        MYDATA_TIMEOUT_MS: '400',
        JOBS_ENABLED: 'false',
      };
      const first = await startServer('sqlite', { env });
      const firstApi = apiClient(first.url);
      const token = await firstApi.login('admin@demo.school');
      // Another school (issuer) than the other tests', so that its numbers are its own.
      await firstApi.call('PUT', `${base()}/invoicing/profile`, {
        token,
        body: { ...SCHOOL_PROFILE, vat_number: '088888888' },
      });
      const created = await firstApi.post(
        `${base()}/invoices`,
        tuitionReceipt(ids.parent, today),
        token,
      );
      expect(created.body.data.mydata_status).toBe('pending');
      await first.close();

      const second = await startServer('sqlite', { env });
      try {
        await second.built.jobs.runDueJobs();
        const secondApi = apiClient(second.url);
        const after = await secondApi.get(
          `${base()}/invoices/${created.body.data.id}`,
          await secondApi.login('admin@demo.school'),
        );
        expect(after.body.data).toMatchObject({ mydata_status: 'sent' });
      } finally {
        await second.close();
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }
    });
});
