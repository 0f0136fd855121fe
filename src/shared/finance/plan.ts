import { percentOf, splitAmount } from './money';

// Installment plans: when each part of a charge falls due and how much it is. Pure, so that
// the server builds plans and the office's form can show the same plan before saving.

export type Schedule = 'once' | 'monthly' | 'installments';

export interface PlanInput {
  schedule: Schedule;
  /** Once: the price. Monthly: the price per month. Installments: the whole price. */
  amount_cents: number;
  /** The first due date, YYYY-MM-DD. */
  start_date: string;
  /** Monthly: the last month charged (its day is ignored). */
  end_date?: string | null;
  /** Installments: how many. */
  installments?: number | null;
}

export interface PlannedInstallment {
  due_date: string;
  amount_cents: number;
}

/** The longest plan a charge may have: four school years of months. */
export const MAX_PLAN_LENGTH = 48;

const pad = (n: number) => String(n).padStart(2, '0');

/** The same day of the month `months` later, clamped to the month's last day (31 Jan → 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** Months from the first date's month to the second's, both counted. */
export function monthsBetween(first: string, last: string): number {
  const [y1, m1] = first.split('-').map(Number) as [number, number];
  const [y2, m2] = last.split('-').map(Number) as [number, number];
  return (y2 - y1) * 12 + (m2 - m1) + 1;
}

/** Why a plan cannot be made, or null: the messages name the field to fix. */
export function planProblem(input: PlanInput): { field: string; message: string } | null {
  if (input.schedule === 'monthly') {
    if (!input.end_date)
      return { field: 'end_date', message: 'A monthly fee needs the last month it is charged' };
    const months = monthsBetween(input.start_date, input.end_date);
    if (months < 1) return { field: 'end_date', message: 'The last month is before the first' };
    if (months > MAX_PLAN_LENGTH)
      return { field: 'end_date', message: `At most ${MAX_PLAN_LENGTH} months` };
  }
  if (input.schedule === 'installments') {
    const n = input.installments ?? 0;
    if (n < 2 || n > MAX_PLAN_LENGTH)
      return {
        field: 'installments',
        message: `Enter from 2 to ${MAX_PLAN_LENGTH} installments`,
      };
    if (input.amount_cents < n)
      return { field: 'amount_cents', message: 'The amount is too small for so many installments' };
  }
  return null;
}

/** The gross plan: due dates a month apart from the first, amounts summing to the total. */
export function planInstallments(input: PlanInput): PlannedInstallment[] {
  const problem = planProblem(input);
  if (problem) throw new RangeError(problem.message);
  if (input.schedule === 'once')
    return [{ due_date: input.start_date, amount_cents: input.amount_cents }];
  if (input.schedule === 'monthly') {
    const months = monthsBetween(input.start_date, input.end_date!);
    return Array.from({ length: months }, (_, i) => ({
      due_date: addMonths(input.start_date, i),
      amount_cents: input.amount_cents,
    }));
  }
  return splitAmount(input.amount_cents, input.installments!).map((amount, i) => ({
    due_date: addMonths(input.start_date, i),
    amount_cents: amount,
  }));
}

export interface Discount {
  kind: 'percent' | 'amount';
  /** Whole percent, or cents. */
  value: number;
}

/** The discount in cents on a total; never more than the total. */
export function discountCents(total: number, discount: Discount | null | undefined): number {
  if (!discount) return 0;
  const raw = discount.kind === 'percent' ? percentOf(total, discount.value) : discount.value;
  return Math.min(Math.max(raw, 0), total);
}

/**
 * New amounts for a plan whose total changed, never below what each installment has been
 * paid: the new total is spread like a fresh plan, then any excess (installments already paid
 * beyond their new share) is taken off the latest unpaid ones. Null when more has been paid
 * than the new total.
 */
export function replan(
  installments: { amount_cents: number; paid_cents: number }[],
  newTotal: number,
): number[] | null {
  const paid = installments.reduce((sum, i) => sum + i.paid_cents, 0);
  if (newTotal < paid) return null;
  if (installments.length === 0) return [];
  const target = splitAmount(newTotal, installments.length);
  const amounts = target.map((t, i) => Math.max(t, installments[i]!.paid_cents));
  let excess = amounts.reduce((a, b) => a + b, 0) - newTotal;
  for (let i = amounts.length - 1; i >= 0 && excess > 0; i--) {
    const room = amounts[i]! - installments[i]!.paid_cents;
    const take = Math.min(room, excess);
    amounts[i]! -= take;
    excess -= take;
  }
  return amounts;
}
