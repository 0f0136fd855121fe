import { describe, expect, it } from 'vitest';
import { invoiceEndpoints } from '../../src/shared/api/invoices';
import { documentRoutes } from '../../src/renderer/src/features/invoices/documentCalls';
import {
  documentKindForPayment,
  formatEuro,
  vatCentsFor,
} from '../../src/shared/invoices/documents';

describe("the parent's home calls for receipts", () => {
  it('use the method and path of the shared endpoint table', () => {
    for (const [name, route] of Object.entries(documentRoutes)) {
      const endpoint = invoiceEndpoints[name as keyof typeof invoiceEndpoints];
      expect({ method: route.method, path: route.path }).toEqual({
        method: endpoint.method,
        path: endpoint.path,
      });
    }
  });
});

describe('document rules', () => {
  it('gives a business payer with a VAT number an invoice, everyone else a receipt', () => {
    expect(documentKindForPayment({ isBusiness: true, vatNumber: '800123456' })).toBe('invoice');
    expect(documentKindForPayment({ isBusiness: true, vatNumber: ' ' })).toBe('receipt');
    expect(documentKindForPayment({ isBusiness: false, vatNumber: '123456789' })).toBe('receipt');
  });

  it('computes VAT in integer cents, half up, and prints euros as 1.234,50 €', () => {
    expect(vatCentsFor(10_000, 1)).toBe(2_400);
    expect(vatCentsFor(1_002, 1)).toBe(240); // 240.48
    expect(vatCentsFor(1_010, 2)).toBe(131); // 131.3
    expect(vatCentsFor(50, 1)).toBe(12); // 12.0
    expect(vatCentsFor(18_000, 7)).toBe(0);
    expect(formatEuro(123_450)).toBe('1.234,50 €');
    expect(formatEuro(5)).toBe('0,05 €');
    expect(formatEuro(-100_000_00)).toBe('-100.000,00 €');
  });
});
