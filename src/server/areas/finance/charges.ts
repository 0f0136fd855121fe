import type { Kysely } from 'kysely';
import type { DiscountBody } from '../../../shared/api/finance';
import { discountCents, replan, type PlannedInstallment } from '../../../shared/finance/plan';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { allocateOldestFirst, type Allocation } from './allocation';
import * as q from './queries';

// Writing what a payer owes and what pays it: a charge with its installments (net of its
// discount), one allocation of a payment to an installment, and credit used by what falls due.
// The services (service.ts, enrolment.ts) call these inside their transactions.

/**
 * Writes one allocation: the installment's paid part grows only while it stays within the
 * amount (a concurrent payment that got there first makes this a 409, not an over-payment).
 */
export async function allocate(
  trx: Kysely<Database>,
  schoolId: number,
  paymentId: number,
  part: Allocation,
  nowIso: string,
): Promise<void> {
  const updated = await trx
    .updateTable('installments')
    .set((eb) => ({ paid_cents: eb('paid_cents', '+', part.amount_cents) }))
    .where('school_id', '=', schoolId)
    .where('id', '=', part.installment_id)
    .where((eb) => eb(eb('paid_cents', '+', part.amount_cents), '<=', eb.ref('amount_cents')))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new ApiError(
      'conflict',
      'This installment was paid meanwhile. Look at the account again and retry.',
    );
  await trx
    .insertInto('payment_allocations')
    .values({
      school_id: schoolId,
      payment_id: paymentId,
      installment_id: part.installment_id,
      amount_cents: part.amount_cents,
      created_at: nowIso,
    })
    .execute();
}

/** Pays open installments from the payer's credit, oldest payment and oldest due first. */
export async function applyCredit(
  trx: Kysely<Database>,
  schoolId: number,
  clientId: number,
  nowIso: string,
): Promise<void> {
  const credits = await q.paymentsWithCredit(trx, schoolId, clientId);
  if (credits.length === 0) return;
  for (const credit of credits) {
    const open = await q.openInstallments(trx, schoolId, clientId);
    if (open.length === 0) return;
    const plan = allocateOldestFirst(
      open.map((i) => ({
        id: i.id,
        due_date: i.due_date,
        outstanding_cents: i.amount_cents - i.paid_cents,
      })),
      credit.unallocated_cents,
    );
    for (const part of plan.allocations) await allocate(trx, schoolId, credit.id, part, nowIso);
    await trx
      .updateTable('payments')
      .set({ unallocated_cents: plan.remainder_cents })
      .where('school_id', '=', schoolId)
      .where('id', '=', credit.id)
      .execute();
  }
}

export interface ChargeSpec {
  clientId: number;
  studentId: number | null;
  pricingItemId: number | null;
  description: string;
  /** The gross plan: due dates and amounts before the discount. */
  plan: PlannedInstallment[];
  vatCategory: string;
  vatExemption: number | null;
  discount: DiscountBody | null;
  /** Made by an enrolment: at most one live such charge per student and item (migration 061). */
  enrolment?: boolean;
}

/**
 * Writes a charge and its installments (net of the discount). Returns its id, or null when an
 * enrolment charge for the same student and item already exists (a concurrent save made it).
 */
export async function writeCharge(
  trx: Kysely<Database>,
  schoolId: number,
  spec: ChargeSpec,
  userId: number | null,
  nowIso: string,
): Promise<number | null> {
  const total = spec.plan.reduce((sum, i) => sum + i.amount_cents, 0);
  const discount = discountCents(total, spec.discount);
  const amounts = replan(
    spec.plan.map(() => ({ amount_cents: 0, paid_cents: 0 })),
    total - discount,
  )!;
  const charge = await trx
    .insertInto('charges')
    .values({
      school_id: schoolId,
      client_id: spec.clientId,
      student_id: spec.studentId,
      pricing_item_id: spec.pricingItemId,
      description: spec.description,
      amount_cents: total,
      discount_kind: spec.discount?.kind ?? null,
      discount_value: spec.discount?.value ?? 0,
      discount_cents: discount,
      discount_reason: spec.discount?.reason ?? null,
      vat_category: spec.vatCategory,
      vat_exemption: spec.vatExemption,
      status: 'active',
      enrolment: spec.enrolment ? 1 : 0,
      withdrawn_on: null,
      created_by_user_id: userId,
      created_at: nowIso,
      updated_at: nowIso,
    })
    // The only unique index besides the id is the live-enrolment one (charges_live_enrolment).
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!charge) return null;
  await trx
    .insertInto('installments')
    .values(
      spec.plan.map((g, i) => ({
        school_id: schoolId,
        charge_id: charge.id,
        client_id: spec.clientId,
        seq: i + 1,
        due_date: g.due_date,
        amount_cents: amounts[i]!,
        paid_cents: 0,
      })),
    )
    .execute();
  return charge.id;
}
