import type { Kysely } from 'kysely';
import type {
  ChargeBody,
  ClientAccount,
  DiscountBody,
  PaymentBody,
  PaymentResult,
} from '../../../shared/api/finance';
import { discountCents, planInstallments, planProblem, replan } from '../../../shared/finance/plan';
import type { ServerDeps } from '../../deps';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../audit/audit-log';
import { localDate } from '../calendar/school-time';
import { accountOf } from './account';
import { allocateOldestFirst, chosenAllocationProblem, type Allocation } from './allocation';
import { allocate, applyCredit, writeCharge } from './charges';
import { chargeStudentForItem } from './enrolment';
import { assertCategory, assertOpenFund, defaultIncomeCategory, insertLedgerEntry } from './ledger';
import { assertMayReadAccount, assertMayWriteMoney, type FinanceCaller } from './policy';
import * as q from './queries';
import { afterPaymentRecorded } from './receipts';

// The rules of payers' money: charges and their plans, discounts that never rewrite what was
// paid, payments allocated oldest-first with the rest as credit, and credit used by what falls
// due later. Every multi-row change runs in one transaction.

export const todayOf = (deps: ServerDeps) => localDate(deps.now(), deps.config.timeZone);

export async function readAccount(
  deps: ServerDeps,
  caller: FinanceCaller,
  clientId: number,
): Promise<ClientAccount> {
  assertMayReadAccount(caller, clientId);
  return accountOf(deps.db, caller, clientId, todayOf(deps));
}

async function assertClient(db: Kysely<Database>, schoolId: number, clientId: number) {
  const client = await q.clientRow(db, schoolId, clientId);
  if (!client) throw notFound('This payer does not exist.');
  return client;
}

async function pricingItem(db: Kysely<Database>, schoolId: number, id: number) {
  const item = await db
    .selectFrom('pricing_items')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!item) throw validationError({ pricing_item_id: 'Choose a pricing item of this school' });
  return item;
}

async function assertStudent(db: Kysely<Database>, schoolId: number, studentId: number) {
  const student = await db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', studentId)
    .where('role', '=', 'student')
    .executeTakeFirst();
  if (!student) throw validationError({ student_id: 'Choose a student of this school' });
}

/** Charges a payer: from a pricing item (its plan and VAT) or by hand. */
export async function chargeClient(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: FinanceCaller,
  clientId: number,
  body: ChargeBody,
): Promise<{ charge_ids: number[]; account: ClientAccount }> {
  assertMayWriteMoney(caller);
  const schoolId = caller.schoolId;
  const nowIso = deps.now().toISOString();
  const chargeId = await deps.db.transaction().execute(async (trx) => {
    await assertClient(trx, schoolId, clientId);
    if (body.student_id !== undefined) await assertStudent(trx, schoolId, body.student_id);
    const item = body.pricing_item_id
      ? await pricingItem(trx, schoolId, body.pricing_item_id)
      : null;
    const planInput = {
      schedule: body.schedule ?? item?.schedule ?? 'once',
      amount_cents: body.amount_cents ?? item!.amount_cents,
      start_date: body.start_date ?? item?.start_date ?? todayOf(deps),
      end_date: body.end_date ?? item?.end_date ?? null,
      installments: body.installments ?? item?.installments ?? null,
    };
    const problem = planProblem(planInput);
    if (problem) throw validationError({ [problem.field]: problem.message }, problem.message);
    // A charge by hand (never `enrolment`): the office's own, which no enrolment change touches.
    const id = (await writeCharge(
      trx,
      schoolId,
      {
        clientId,
        studentId: body.student_id ?? null,
        pricingItemId: item?.id ?? null,
        description: body.description || item?.name || '',
        plan: planInstallments(planInput),
        vatCategory: body.vat_category ?? item?.vat_category ?? 'vat_7',
        vatExemption:
          body.vat_exemption !== undefined ? body.vat_exemption : (item?.vat_exemption ?? 7),
        discount: body.discount ?? null,
      },
      caller.userId,
      nowIso,
    ))!;
    await applyCredit(trx, schoolId, clientId, nowIso);
    await recordAudit(
      trx,
      ctx,
      { schoolId, action: 'create', entity: 'charge', entityId: id },
      nowIso,
    );
    return id;
  });
  return {
    charge_ids: [chargeId],
    account: await accountOf(deps.db, caller, clientId, todayOf(deps)),
  };
}

async function chargeRow(db: Kysely<Database>, schoolId: number, chargeId: number) {
  const charge = await db
    .selectFrom('charges')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', chargeId)
    .executeTakeFirst();
  if (!charge) throw notFound('This charge does not exist.');
  return charge;
}

const installmentsOfCharge = (db: Kysely<Database>, schoolId: number, chargeId: number) =>
  db
    .selectFrom('installments')
    .select(['id', 'amount_cents', 'paid_cents'])
    .where('school_id', '=', schoolId)
    .where('charge_id', '=', chargeId)
    .orderBy('seq')
    .execute();

/** A new discount (or none): only unpaid parts change; refused if more was paid already. */
export async function changeDiscount(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: FinanceCaller,
  chargeId: number,
  discount: DiscountBody | null,
): Promise<ClientAccount> {
  assertMayWriteMoney(caller);
  const schoolId = caller.schoolId;
  const nowIso = deps.now().toISOString();
  const clientId = await deps.db.transaction().execute(async (trx) => {
    const charge = await chargeRow(trx, schoolId, chargeId);
    if (charge.status === 'cancelled')
      throw validationError({ discount: 'This charge is cancelled' }, 'This charge is cancelled.');
    // Its later installments were dropped when the student left: a discount spread over the
    // plan again would bring them back.
    if (charge.withdrawn_on !== null)
      throw validationError(
        { discount: 'The student has left; this charge no longer changes' },
        'The student has left what this charge is for; it no longer changes. Record a refund or a charge by hand instead.',
      );
    const discountAmount = discountCents(charge.amount_cents, discount);
    const installments = await installmentsOfCharge(trx, schoolId, chargeId);
    const amounts = replan(installments, charge.amount_cents - discountAmount);
    if (!amounts)
      throw validationError(
        { discount: 'More has been paid than the charge would come to' },
        'More has been paid than the charge would come to with this discount; record a refund instead.',
      );
    for (const [index, installment] of installments.entries())
      await trx
        .updateTable('installments')
        .set({ amount_cents: amounts[index]! })
        .where('school_id', '=', schoolId)
        .where('id', '=', installment.id)
        .execute();
    await trx
      .updateTable('charges')
      .set({
        discount_kind: discount?.kind ?? null,
        discount_value: discount?.value ?? 0,
        discount_cents: discountAmount,
        discount_reason: discount?.reason ?? null,
        updated_at: nowIso,
      })
      .where('school_id', '=', schoolId)
      .where('id', '=', chargeId)
      .execute();
    await applyCredit(trx, schoolId, charge.client_id, nowIso);
    await recordAudit(
      trx,
      ctx,
      { schoolId, action: 'update', entity: 'charge', entityId: chargeId, detail: { discount } },
      nowIso,
    );
    return charge.client_id;
  });
  return accountOf(deps.db, caller, clientId, todayOf(deps));
}

/** Cancels what is unpaid of a charge: each installment shrinks to what was paid of it. */
export async function cancelCharge(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: FinanceCaller,
  chargeId: number,
): Promise<ClientAccount> {
  assertMayWriteMoney(caller);
  const schoolId = caller.schoolId;
  const nowIso = deps.now().toISOString();
  const clientId = await deps.db.transaction().execute(async (trx) => {
    const charge = await chargeRow(trx, schoolId, chargeId);
    await trx
      .updateTable('installments')
      .set((eb) => ({ amount_cents: eb.ref('paid_cents') }))
      .where('school_id', '=', schoolId)
      .where('charge_id', '=', chargeId)
      .execute();
    await trx
      .updateTable('charges')
      .set({ status: 'cancelled', updated_at: nowIso })
      .where('school_id', '=', schoolId)
      .where('id', '=', chargeId)
      .execute();
    await recordAudit(
      trx,
      ctx,
      { schoolId, action: 'cancel', entity: 'charge', entityId: chargeId },
      nowIso,
    );
    return charge.client_id;
  });
  return accountOf(deps.db, caller, clientId, todayOf(deps));
}

/** The students a pricing item applies to: enrolled in its lesson, in a lesson of its course, or at its level. */
async function studentsOfItem(
  db: Kysely<Database>,
  schoolId: number,
  item: { lesson_id: number | null; course_id: number | null; level_id: number | null },
): Promise<number[]> {
  if (item.lesson_id) {
    const rows = await db
      .selectFrom('lesson_students')
      .select('student_id')
      .where('school_id', '=', schoolId)
      .where('lesson_id', '=', item.lesson_id)
      .execute();
    return rows.map((r) => r.student_id);
  }
  if (item.course_id) {
    const rows = await db
      .selectFrom('lesson_students as ls')
      .innerJoin('lessons as l', 'l.id', 'ls.lesson_id')
      .select('ls.student_id')
      .distinct()
      .where('ls.school_id', '=', schoolId)
      .where('l.course_id', '=', item.course_id)
      .execute();
    return rows.map((r) => r.student_id);
  }
  if (item.level_id) {
    const rows = await db
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('role', '=', 'student')
      .where('level_id', '=', item.level_id)
      .execute();
    return rows.map((r) => r.id);
  }
  return [];
}

/**
 * Charges every student the item applies to who has no live charge for it (docs/finance.md,
 * "Enrolment"), to the student's first guardian; students without a guardian are skipped.
 */
export async function chargeEnrolled(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: FinanceCaller,
  pricingItemId: number,
): Promise<{ charged: number; skipped: number }> {
  assertMayWriteMoney(caller);
  const schoolId = caller.schoolId;
  const nowIso = deps.now().toISOString();
  const write = { schoolId, userId: caller.userId, nowIso, today: todayOf(deps), ctx };
  return deps.db.transaction().execute(async (trx) => {
    const item = await pricingItem(trx, schoolId, pricingItemId);
    const students = await studentsOfItem(trx, schoolId, item);
    const already = new Set(
      (
        await trx
          .selectFrom('charges')
          .select('student_id')
          .where('school_id', '=', schoolId)
          .where('pricing_item_id', '=', pricingItemId)
          .where('withdrawn_on', 'is', null)
          .execute()
      ).map((r) => r.student_id),
    );
    let charged = 0;
    let skipped = 0;
    for (const studentId of students) {
      // Without the day each student joined, the whole plan on its own dates.
      const id = already.has(studentId)
        ? null
        : await chargeStudentForItem(trx, write, studentId, item, null);
      if (id === null) skipped += 1;
      else charged += 1;
    }
    await recordAudit(
      trx,
      ctx,
      {
        schoolId,
        action: 'charge',
        entity: 'pricing_item',
        entityId: pricingItemId,
        detail: { charged },
      },
      nowIso,
    );
    return { charged, skipped };
  });
}

/**
 * Records a payment: the ledger row in its fund, the allocation to installments (the oldest
 * first unless the office chose), the rest as credit; then hands over to invoicing.
 */
export async function recordPayment(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: FinanceCaller,
  clientId: number,
  body: PaymentBody,
): Promise<PaymentResult> {
  assertMayWriteMoney(caller);
  const schoolId = caller.schoolId;
  const nowIso = deps.now().toISOString();
  const paymentId = await deps.db.transaction().execute(async (trx) => {
    const client = await assertClient(trx, schoolId, clientId);
    await assertOpenFund(trx, schoolId, body.fund_id);
    const categoryId = body.category_id ?? (await defaultIncomeCategory(trx, schoolId));
    if (categoryId !== null) await assertCategory(trx, schoolId, categoryId, 'income');
    const open = (await q.openInstallments(trx, schoolId, clientId)).map((i) => ({
      id: i.id,
      due_date: i.due_date,
      outstanding_cents: i.amount_cents - i.paid_cents,
    }));
    let allocations: Allocation[];
    if (body.allocations) {
      const problem = chosenAllocationProblem(open, body.amount_cents, body.allocations);
      if (problem) throw validationError({ allocations: problem }, problem);
      allocations = body.allocations;
    } else {
      allocations = allocateOldestFirst(open, body.amount_cents).allocations;
    }
    const allocated = allocations.reduce((sum, a) => sum + a.amount_cents, 0);
    const payment = await trx
      .insertInto('payments')
      .values({
        school_id: schoolId,
        client_id: clientId,
        fund_id: body.fund_id,
        method: body.method,
        date: body.date,
        amount_cents: body.amount_cents,
        unallocated_cents: body.amount_cents - allocated,
        notes: body.notes ?? null,
        created_by_user_id: caller.userId,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const part of allocations) await allocate(trx, schoolId, payment.id, part, nowIso);
    const transactionId = await insertLedgerEntry(trx, {
      schoolId,
      fundId: body.fund_id,
      date: body.date,
      kind: 'payment',
      amount: body.amount_cents,
      categoryId,
      clientId,
      paymentId: payment.id,
      // The kind says it is a payment; the payer's name reads the same in every language.
      description: `${client.first_name} ${client.last_name}`,
      userId: caller.userId,
      nowIso,
    });
    await recordAudit(
      trx,
      ctx,
      {
        schoolId,
        action: 'create',
        entity: 'payment',
        entityId: payment.id,
        detail: { amount_cents: body.amount_cents },
      },
      nowIso,
    );
    await afterPaymentRecorded(trx, deps, {
      id: payment.id,
      schoolId,
      clientId,
      fundId: body.fund_id,
      method: body.method,
      date: body.date,
      amountCents: body.amount_cents,
      transactionId,
    });
    return payment.id;
  });
  const account = await accountOf(deps.db, caller, clientId, todayOf(deps));
  const payment = account.payments.find((p) => p.id === paymentId)!;
  return { payment, account };
}
