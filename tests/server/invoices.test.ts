import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueDocument } from '../../src/server/areas/invoices/issue';
import { insertAccount } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { athensIds, SCHOOL_PROFILE, tuitionReceipt } from './support/invoicing';
import { databaseKinds, startServer, type TestServer } from './support/server';

// Receipts and invoices without myDATA configured: numbering under concurrency, the manual
// document's idempotency, the PDF, and who may see what.

describe.each(databaseKinds)('receipts and invoices on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let parent: string;
  let teacher: string;
  let otherFamily: string;
  let otherSchoolAdmin: string;
  let ids: Awaited<ReturnType<typeof athensIds>>;
  const today = new Date().toISOString().slice(0, 10);
  const base = () => `/schools/${ids.school}/admin`;

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    const db = server.built.deps.db;
    ids = await athensIds(db);
    await insertAccount(db, 'other-family@test.school', [{ school: ids.school, role: 'client' }]);
    await insertAccount(db, 'other-admin@test.school', [
      { school: ids.otherSchool, role: 'admin', fullAccess: true },
    ]);
    [admin, parent, teacher, otherFamily, otherSchoolAdmin] = await Promise.all([
      api.login('admin@demo.school'),
      api.login('parent@demo.school'),
      api.login('teacher@demo.school'),
      api.login('other-family@test.school'),
      api.login('other-admin@test.school'),
    ]);
    const saved = await api.call('PUT', `${base()}/invoicing/profile`, {
      token: admin,
      body: SCHOOL_PROFILE,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => server?.close());

  const lastNumber = async (series: string, year: number) =>
    (
      await server.built.deps.db
        .selectFrom('invoice_documents')
        .select((eb) => eb.fn.max('number').as('max'))
        .where('school_id', '=', ids.school)
        .where('series', '=', series)
        .where('year', '=', year)
        .executeTakeFirst()
    )?.max ?? 0;

  it('numbers documents issued at the same instant consecutively, none repeated (API)', async () => {
    const year = Number(today.slice(0, 4));
    const before = Number(await lastNumber('ΑΠΥ', year));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        api.post(`${base()}/invoices`, tuitionReceipt(ids.parent, today, 1_000 + i), admin),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numbers = answers.map((a) => a.body.data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => before + i + 1));
  });

  it('numbers documents issued in parallel transactions without gaps, and a rolled back issue gives its number back', async () => {
    const { db, config } = server.built.deps;
    const deps = { config, now: () => new Date() };
    const input = {
      schoolId: ids.school,
      kind: 'invoice' as const,
      payerMembershipId: ids.parent,
      issueDate: '2031-03-01',
      counterpart: { vatNumber: '800000001', name: 'Τεχνική Εταιρεία Α.Ε.', country: 'GR' },
      lines: [{ description: 'Σεμινάριο', netCents: 10_000, vatCategory: 1, vatCents: 2_400 }],
    };
    // One that fails after taking its number: rolled back with it.
    await expect(
      db.transaction().execute(async (trx) => {
        await issueDocument(trx, deps, input);
        throw new Error('the payment failed after the invoice');
      }),
    ).rejects.toThrow('the payment failed');
    const issued = await Promise.all(
      Array.from({ length: 16 }, () =>
        db.transaction().execute((trx) => issueDocument(trx, deps, input)),
      ),
    );
    expect(issued.map((d) => d.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    expect(new Set(issued.map((d) => d.series))).toEqual(new Set(['ΤΠΥ']));
    expect(issued[0]).toMatchObject({ invoice_type: '2.1', gross_cents: 12_400, year: 2031 });
    // Another year starts again at 1.
    const nextYear = await db
      .transaction()
      .execute((trx) => issueDocument(trx, deps, { ...input, issueDate: '2032-01-02' }));
    expect(nextYear.number).toBe(1);
  });

  it('records one document for repeats of the same Idempotency-Key, and refuses the key for another body', async () => {
    const body = tuitionReceipt(ids.parent, today, 4_200);
    const headers = { 'Idempotency-Key': `receipt-${kind}-${Date.now()}` };
    const first = await api.post(`${base()}/invoices`, body, admin, headers);
    const repeats = await Promise.all(
      [1, 2, 3].map(() => api.post(`${base()}/invoices`, body, admin, headers)),
    );
    expect(first.status).toBe(200);
    for (const repeat of repeats) {
      if (repeat.status === 409) continue; // arrived while the first was still running
      expect(repeat.status).toBe(200);
      expect(repeat.body.data.id).toBe(first.body.data.id);
    }
    const stored = await server.built.deps.db
      .selectFrom('invoice_documents')
      .select('id')
      .where('school_id', '=', ids.school)
      .where('gross_cents', '=', 4_200)
      .execute();
    expect(stored).toHaveLength(1);
    const other = await api.post(
      `${base()}/invoices`,
      tuitionReceipt(ids.parent, today, 4_300),
      admin,
      headers,
    );
    expect(other.status).toBe(409);
  });

  it('stores documents as not sent and tells the office why when myDATA is not configured', async () => {
    const created = await api.post(`${base()}/invoices`, tuitionReceipt(ids.parent, today), admin);
    expect(created.body.data).toMatchObject({
      mydata_status: 'not_sent',
      mydata_not_sent_reason: 'not_configured',
      // Nothing to offer until the server is configured; the banner says why.
      abilities: { download: true, send: false, cancel: false },
    });
    const readiness = await api.get(`${base()}/invoicing/mydata`, admin);
    expect(readiness.body.data).toMatchObject({ configured: false, issuer_complete: true });
    const send = await api.post(`${base()}/invoices/${created.body.data.id}/send`, {}, admin);
    expect(send.status).toBe(409);
    expect(send.body.message).toMatch(/MYDATA_URL/);
  });

  it('refuses documents that do not add up or lack what AADE needs', async () => {
    const wrongVat = await api.post(
      `${base()}/invoices`,
      {
        ...tuitionReceipt(ids.parent, today),
        lines: [{ description: 'Βιβλία', net_cents: 1_000, vat_category: 1, vat_cents: 100 }],
      },
      admin,
    );
    expect(wrongVat.status).toBe(400);
    expect(wrongVat.body.fields).toHaveProperty('lines.0.vat_cents');
    const noExemption = await api.post(
      `${base()}/invoices`,
      {
        ...tuitionReceipt(ids.parent, today),
        lines: [{ description: 'Δίδακτρα', net_cents: 1_000, vat_category: 7, vat_cents: 0 }],
      },
      admin,
    );
    expect(noExemption.status).toBe(400);
    const invoiceWithoutBusiness = await api.post(
      `${base()}/invoices`,
      { ...tuitionReceipt(ids.parent, today), kind: 'invoice' },
      admin,
    );
    expect(invoiceWithoutBusiness.status).toBe(400);
    expect(invoiceWithoutBusiness.body.fields).toHaveProperty('counterpart');
    const teacherAsPayer = await server.built.deps.db
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', ids.school)
      .where('role', '=', 'teacher')
      .executeTakeFirstOrThrow();
    const notAPayer = await api.post(
      `${base()}/invoices`,
      tuitionReceipt(teacherAsPayer.id, today),
      admin,
    );
    expect(notAPayer.status).toBe(400);
  });

  it("lets the payer list and download their own documents, and no one else's", async () => {
    const created = await api.post(
      `${base()}/invoices`,
      tuitionReceipt(ids.parent, today, 7_700),
      admin,
    );
    const id = created.body.data.id as number;
    const own = await api.get(`/schools/${ids.school}/client/invoices?per_page=100`, parent);
    expect(own.status).toBe(200);
    expect(own.body.data.map((d: { id: number }) => d.id)).toContain(id);
    for (const row of own.body.data) {
      expect(row.payer_membership_id).toBe(ids.parent);
      expect(row.abilities).toEqual({ download: true, send: false, cancel: false });
    }
    const pdf = await fetch(`${server.url}/api/schools/${ids.school}/client/invoices/${id}/pdf`, {
      headers: { Token: parent },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The Greek and Latin subsets of Noto Sans are embedded.
    expect(bytes.toString('latin1')).toMatch(/FontFile2|FontFile3/);

    // Another family of the same school: not theirs, as if it did not exist.
    const otherList = await api.get(`/schools/${ids.school}/client/invoices`, otherFamily);
    expect(otherList.status).toBe(200);
    expect(otherList.body.data).toEqual([]);
    expect(
      (await api.get(`/schools/${ids.school}/client/invoices/${id}`, otherFamily)).status,
    ).toBe(404);
    const otherPdf = await fetch(
      `${server.url}/api/schools/${ids.school}/client/invoices/${id}/pdf`,
      {
        headers: { Token: otherFamily },
      },
    );
    expect(otherPdf.status).toBe(404);
    // A payer cannot issue, resend or see the office's overview.
    expect(
      (
        await api.post(
          `/schools/${ids.school}/client/invoices`,
          tuitionReceipt(ids.parent, today),
          parent,
        )
      ).status,
    ).toBe(403);
    expect((await api.get(`/schools/${ids.school}/client/invoicing/mydata`, parent)).status).toBe(
      403,
    );
    // A teacher sees none.
    expect((await api.get(`/schools/${ids.school}/teacher/invoices`, teacher)).status).toBe(403);
    // Another school's admin: not a member here, and the document is not in their school.
    expect((await api.get(`${base()}/invoices/${id}`, otherSchoolAdmin)).status).toBe(403);
    const crossSchool = await api.get(
      `/schools/${ids.otherSchool}/admin/invoices/${id}`,
      otherSchoolAdmin,
    );
    expect(crossSchool.status).toBe(404);
    const theirList = await api.get(`/schools/${ids.otherSchool}/admin/invoices`, otherSchoolAdmin);
    expect(theirList.body.data.map((d: { id: number }) => d.id)).not.toContain(id);
  });

  it("e-mails the payer's PDF when the school chose so", async () => {
    const profile = await api.call('PUT', `${base()}/invoicing/profile`, {
      token: admin,
      body: { ...SCHOOL_PROFILE, email_documents: true },
    });
    expect(profile.body.data.email_documents).toBe(true);
    try {
      const created = await api.post(
        `${base()}/invoices`,
        tuitionReceipt(ids.parent, today, 6_100),
        admin,
      );
      expect(created.status).toBe(200);
      await server.built.jobs.runDueJobs();
      // Without SMTP_URL, mail is written to DATA_DIR/outbox.
      const outbox = path.join(server.dataDir, 'outbox');
      const mails = fs
        .readdirSync(outbox)
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      const mail = mails.find((m) => m.includes('To: parent@demo.school') && m.includes('.pdf'));
      expect(mail).toBeDefined();
      expect(mail).toMatch(/Content-Type: application\/pdf/);
      expect(mail).toContain(
        `filename=receipt-${today.slice(0, 4)}-APY-${created.body.data.number}.pdf`,
      );
    } finally {
      await api.call('PUT', `${base()}/invoicing/profile`, { token: admin, body: SCHOOL_PROFILE });
    }
  });

  it('filters the office list by kind, dates, payer and number', async () => {
    const created = await api.post(
      `${base()}/invoices`,
      tuitionReceipt(ids.parent, '2030-05-04', 3_333),
      admin,
    );
    const { series, number } = created.body.data;
    const byNumber = await api.get(
      `${base()}/invoices?search=${encodeURIComponent(`${series}-${number}`)}&from=2030-05-01&to=2030-05-31`,
      admin,
    );
    expect(byNumber.body.data.map((d: { id: number }) => d.id)).toEqual([created.body.data.id]);
    const byName = await api.get(`${base()}/invoices?search=γεωργ&kind=receipt&per_page=5`, admin);
    expect(byName.body.totalCount).toBeGreaterThan(0);
    for (const row of byName.body.data) expect(row.payer_name.toLowerCase()).toContain('γεωργ');
  });
});
