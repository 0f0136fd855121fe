import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  moneyInputText,
  parseMoney,
  percentOf,
  splitAmount,
} from '../../src/shared/finance/money';
import { addMonths, planInstallments, replan } from '../../src/shared/finance/plan';
import { allocateOldestFirst } from '../../src/server/areas/finance/allocation';

describe('money', () => {
  it('formats cents as spec §9 asks: two decimals, comma, euro sign', () => {
    expect(formatMoney(123450)).toBe('1.234,50 €');
    expect(formatMoney(5)).toBe('0,05 €');
    expect(formatMoney(100000000)).toBe('1.000.000,00 €');
    expect(formatMoney(-2500)).toBe('-25,00 €');
  });

  it('parses what people type without floats', () => {
    expect(parseMoney('1.234,50')).toBe(123450);
    expect(parseMoney('1234,5')).toBe(123450);
    expect(parseMoney('1234.50')).toBe(123450);
    expect(parseMoney('1,234.50')).toBe(123450);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney(' 85 € ')).toBe(8500);
    expect(parseMoney('0,1')).toBe(10);
    // 0.29 * 100 is 28.999… as a float; as text it is 29 cents.
    expect(parseMoney('0,29')).toBe(29);
    for (const bad of ['', 'abc', '1,2,3', '1.2.3,00', '12,345', '1,234,5', '€', '1e3'])
      expect(parseMoney(bad), bad).toBeNull();
  });

  it('reads back every amount it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(parseMoney(formatMoney(cents))).toBe(cents);
        expect(parseMoney(moneyInputText(cents))).toBe(cents);
      }),
    );
  });

  it('splits and discounts without losing a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 48 }),
        (c, n) => {
          const parts = splitAmount(c, n);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(c);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        },
      ),
    );
    expect(percentOf(27000, 10)).toBe(2700);
    expect(percentOf(1005, 10)).toBe(101);
  });
});

describe('installment plans', () => {
  it('falls due a month apart, clamped to short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2025-11-05', 3)).toBe('2026-02-05');
    const monthly = planInstallments({
      schedule: 'monthly',
      amount_cents: 8500,
      start_date: '2025-09-05',
      end_date: '2026-06-05',
    });
    expect(monthly).toHaveLength(10);
    expect(monthly.at(-1)).toEqual({ due_date: '2026-06-05', amount_cents: 8500 });
  });

  it('replans a changed total without going below what each installment was paid', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.integer({ min: 1, max: 50_000 }),
            paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 600_000 }),
        (rows, newTotal) => {
          const installments = rows.map((r) => ({
            amount_cents: r.amount,
            paid_cents: Math.floor(r.amount * r.paidShare),
          }));
          const paid = installments.reduce((s, i) => s + i.paid_cents, 0);
          const amounts = replan(installments, newTotal);
          if (newTotal < paid) {
            expect(amounts).toBeNull();
            return;
          }
          expect(amounts!.reduce((a, b) => a + b, 0)).toBe(newTotal);
          amounts!.forEach((a, i) => expect(a).toBeGreaterThanOrEqual(installments[i]!.paid_cents));
        },
      ),
    );
  });

  it('allocates the oldest open installments first', () => {
    const open = [
      { id: 3, due_date: '2026-02-05', outstanding_cents: 100 },
      { id: 1, due_date: '2026-01-05', outstanding_cents: 100 },
      { id: 2, due_date: '2026-01-05', outstanding_cents: 100 },
    ];
    expect(allocateOldestFirst(open, 250)).toEqual({
      allocations: [
        { installment_id: 1, amount_cents: 100 },
        { installment_id: 2, amount_cents: 100 },
        { installment_id: 3, amount_cents: 50 },
      ],
      remainder_cents: 0,
    });
    expect(allocateOldestFirst(open, 400).remainder_cents).toBe(100);
  });
});
