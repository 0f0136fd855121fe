// How a payment is spread over a payer's open installments (pure; service.ts writes it).
// By default the oldest due first (by due date, then by id), so that nothing older stays
// open while a newer one is paid; the office may name installments and amounts instead.
// What is left over is the payer's credit.

export interface OpenInstallment {
  id: number;
  due_date: string;
  /** Still to pay: amount less paid. */
  outstanding_cents: number;
}

export interface Allocation {
  installment_id: number;
  amount_cents: number;
}

export interface AllocationPlan {
  allocations: Allocation[];
  /** Not allocated: becomes (or stays) credit. */
  remainder_cents: number;
}

/** Oldest open installments first until the amount runs out. */
export function allocateOldestFirst(open: OpenInstallment[], amount: number): AllocationPlan {
  const ordered = [...open].sort((a, b) =>
    a.due_date === b.due_date ? a.id - b.id : a.due_date < b.due_date ? -1 : 1,
  );
  const allocations: Allocation[] = [];
  let left = amount;
  for (const installment of ordered) {
    if (left === 0) break;
    const part = Math.min(left, installment.outstanding_cents);
    if (part <= 0) continue;
    allocations.push({ installment_id: installment.id, amount_cents: part });
    left -= part;
  }
  return { allocations, remainder_cents: left };
}

/** Why the office's own allocation cannot be taken, or null. */
export function chosenAllocationProblem(
  open: OpenInstallment[],
  amount: number,
  chosen: Allocation[],
): string | null {
  const byId = new Map(open.map((i) => [i.id, i]));
  const seen = new Set<number>();
  let total = 0;
  for (const part of chosen) {
    const installment = byId.get(part.installment_id);
    if (!installment) return 'An installment chosen is not open for this payer.';
    if (seen.has(part.installment_id)) return 'Choose each installment once.';
    seen.add(part.installment_id);
    if (part.amount_cents > installment.outstanding_cents)
      return 'An amount chosen is more than the installment still owes.';
    total += part.amount_cents;
  }
  if (total > amount) return 'The amounts chosen add up to more than the payment.';
  return null;
}
