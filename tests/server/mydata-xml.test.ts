import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestedDoc, readResponseDoc } from '../../src/server/integrations/mydata/answers';
import {
  amountText,
  invoicesDocXml,
  type MydataInvoice,
} from '../../src/server/integrations/mydata/invoices-doc';
import { invoicesDocErrors } from './support/mydata-xsd';

const sample = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../fixtures/mydata/samples', name), 'utf8');

const receipt: MydataInvoice = {
  issuer: { vatNumber: '099999999', country: 'GR', branch: 0 },
  counterpart: null,
  series: 'ΑΠΥ',
  aa: 17,
  issueDate: '2026-11-20',
  invoiceType: '11.2',
  correlatedMarks: [],
  payment: { type: 3, amountCents: 18_000 },
  lines: [
    {
      netCents: 12_000,
      vatCategory: 7,
      vatCents: 0,
      vatExemptionCategory: 7,
      classification: { type: 'E3_561_003', category: 'category1_3' },
    },
    {
      netCents: 6_000,
      vatCategory: 7,
      vatCents: 0,
      vatExemptionCategory: 7,
      classification: { type: 'E3_561_003', category: 'category1_3' },
    },
  ],
};

const invoice: MydataInvoice = {
  ...receipt,
  series: 'ΤΠΥ',
  aa: 3,
  invoiceType: '2.1',
  counterpart: {
    vatNumber: '800000001',
    country: 'GR',
    branch: 0,
    name: 'Φροντιστήριο & Σία Ο.Ε.',
    address: { street: 'Πατησίων', number: '10', postalCode: '10434', city: 'Αθήνα' },
  },
  payment: { type: 7, amountCents: 24_800 },
  lines: [
    {
      netCents: 20_000,
      vatCategory: 1,
      vatCents: 4_800,
      vatExemptionCategory: null,
      classification: { type: 'E3_561_001', category: 'category1_3' },
    },
  ],
};

describe('the InvoicesDoc the server writes', () => {
  it('writes amounts from cents without floats', () => {
    expect(amountText(0)).toBe('0.00');
    expect(amountText(5)).toBe('0.05');
    expect(amountText(123_456_789)).toBe('1234567.89');
    expect(() => amountText(-1)).toThrow();
    expect(() => amountText(1.5)).toThrow();
  });

  it.each([
    ['an 11.2 VAT-exempt receipt', receipt],
    ['a 2.1 invoice with 24% VAT and a counterpart', invoice],
    [
      'an 11.4 credit receipt correlated to its MARK',
      { ...receipt, invoiceType: '11.4', series: 'ΠΣΛ', correlatedMarks: ['400001234599399'] },
    ],
    [
      'a 5.1 credit invoice correlated to its MARK',
      { ...invoice, invoiceType: '5.1', series: 'ΠΤ', correlatedMarks: ['400001234599400'] },
    ],
    [
      'a foreign counterpart (name sent)',
      { ...invoice, counterpart: { ...invoice.counterpart!, country: 'CY' } },
    ],
  ])('validates against AADE v2.0.1 for %s', async (_name, doc) => {
    const xml = invoicesDocXml([doc]);
    expect(await invoicesDocErrors(xml)).toEqual([]);
  });

  it('sums the lines into the summary, per classification, and escapes text', () => {
    const xml = invoicesDocXml([receipt, invoice]);
    expect(xml).toContain('<totalNetValue>180.00</totalNetValue>');
    expect(xml).toContain('<totalGrossValue>248.00</totalGrossValue>');
    expect(xml).toContain('<vatExemptionCategory>7</vatExemptionCategory>');
    // A Greek counterpart carries no name (AADE refuses one); a foreign one would.
    expect(xml).not.toContain('Φροντιστήριο');
    const foreign = invoicesDocXml([
      { ...invoice, counterpart: { ...invoice.counterpart!, country: 'CY' } },
    ]);
    expect(foreign).toContain('Φροντιστήριο &amp; Σία Ο.Ε.');
  });

  it('is refused by the schema when it is wrong (the check can fail)', async () => {
    const broken = invoicesDocXml([receipt]).replace(
      '<invoiceType>11.2</invoiceType>',
      '<invoiceType>99.9</invoiceType>',
    );
    expect((await invoicesDocErrors(broken)).join('\n')).toMatch(/invoiceType/);
  });

  it('agrees with the schema on the real samples (the validator itself works)', async () => {
    expect(await invoicesDocErrors(sample('InvoicesDoc-11.2.xml'))).toEqual([]);
    expect(await invoicesDocErrors(sample('invoice.xml'))).toEqual([]);
  });
});

describe("reading AADE's answers by element name", () => {
  it('reads a success with its MARK as text', () => {
    const [response] = readResponseDoc(sample('send-invoices-single-response.xml'));
    expect(response).toMatchObject({
      index: 1,
      statusCode: 'Success',
      invoiceMark: '480301204040191',
      invoiceUid: '6F825B9B74717280D1F9A38252D0B65604C6D162',
      errors: [],
    });
    expect(response!.qrUrl).toMatch(/^https:\/\/mydataapidev\.aade\.gr\/TimologioQR/);
  });

  it('reads errors after statusCode, as real answers send them', () => {
    const responses = readResponseDoc(sample('response-doc-with-errors.xml'));
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatchObject({
      index: 1,
      statusCode: 'ValidationError',
      invoiceMark: null,
    });
    expect(responses[0]!.errors.map((e) => e.code)).toEqual(['402', '407']);
  });

  it('reads errors before statusCode and a mixed batch by index', () => {
    const responses = readResponseDoc(sample('kpelelis-submission-response.xml'));
    expect(responses.map((r) => [r.index, r.statusCode])).toEqual([
      [1, 'Success'],
      [2, 'ValidationError'],
    ]);
    expect(responses[1]!.errors).toEqual([
      { code: '202', message: 'Synthetic validation failure' },
    ]);
  });

  it('reads a success with reception e-mails where the schema does not expect them', () => {
    const [response] = readResponseDoc(sample('response-doc-with-reception-emails.xml'));
    expect(response).toMatchObject({ statusCode: 'Success', invoiceMark: '480301204040191' });
  });

  it('reads a cancellation (no index)', () => {
    const [response] = readResponseDoc(sample('cancel-invoice-response.xml'));
    expect(response).toMatchObject({ index: null, cancellationMark: '400001234599399' });
  });

  it('reads what AADE holds (RequestedDoc), even when it breaks its own schema', () => {
    const held = readRequestedDoc(sample('request-doc-response.xml'));
    expect(held.invoices[0]).toMatchObject({
      mark: '400009898954545',
      series: 'A',
      aa: '101',
      invoiceType: '1.1',
      issueDate: '2020-04-08',
      issuerVatNumber: '888888888',
    });
    expect(held.invoices.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses what is not an answer', () => {
    expect(() => readResponseDoc('<html>busy</html>')).toThrow(/ResponseDoc/);
    expect(() => readResponseDoc('not xml <<<')).toThrow();
  });
});
