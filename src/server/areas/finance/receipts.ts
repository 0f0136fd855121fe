import type { Kysely } from 'kysely';
import {
  TUITION_VAT_CATEGORY,
  TUITION_VAT_EXEMPTION,
  VAT_CATEGORY_RATES,
  vatCategoryOf,
} from '../../../shared/finance/vat';
import { documentKindForPayment, vatCentsFor } from '../../../shared/invoices/documents';
import type { Database } from '../../db/schema';
import { issueDocument, type IssueDeps, type IssueLine } from '../invoices/issue';

// The one place a recorded payment hands over to invoicing: each payment gets its receipt
// (myDATA 11.2), or an invoice (2.1) when the payer is a business with a VAT number, issued by
// src/server/areas/invoices inside the payment's transaction, so that a payment and its
// document (numbered, queued for myDATA) commit together or not at all.

export interface RecordedPayment {
  id: number;
  schoolId: number;
  clientId: number;
  fundId: number;
  method: 'cash' | 'card' | 'bank_transfer';
  date: string;
  amountCents: number;
  transactionId: number;
}

/** A gross amount (VAT included, as prices are) split into net and VAT of a category. */
function lineOf(
  description: string,
  grossCents: number,
  category: number,
  exemption: number | null,
): IssueLine {
  // The largest net whose VAT brings it to the gross; the VAT takes the cent of rounding.
  const rate = VAT_CATEGORY_RATES[category] ?? 0;
  let netCents = Math.round((grossCents * 10_000) / (10_000 + rate));
  while (netCents + vatCentsFor(netCents, category) > grossCents) netCents -= 1;
  return {
    description,
    netCents,
    vatCategory: category,
    vatCents: grossCents - netCents,
    vatExemptionCategory:
      category === TUITION_VAT_CATEGORY ? (exemption ?? TUITION_VAT_EXEMPTION) : null,
  };
}

/** Called once per new payment, inside its transaction: issues its receipt or invoice. */
export async function afterPaymentRecorded(
  trx: Kysely<Database>,
  deps: IssueDeps,
  payment: RecordedPayment,
): Promise<void> {
  // What the payment paid, by charge: one line each; what it left as credit is an advance.
  const parts = await trx
    .selectFrom('payment_allocations as a')
    .innerJoin('installments as i', (j) =>
      j.onRef('i.id', '=', 'a.installment_id').onRef('i.school_id', '=', 'a.school_id'),
    )
    .innerJoin('charges as c', (j) =>
      j.onRef('c.id', '=', 'i.charge_id').onRef('c.school_id', '=', 'i.school_id'),
    )
    .select((eb) => [
      'c.id',
      'c.description',
      'c.vat_category',
      'c.vat_exemption',
      eb.fn.sum<number>('a.amount_cents').as('cents'),
    ])
    .where('a.school_id', '=', payment.schoolId)
    .where('a.payment_id', '=', payment.id)
    .groupBy(['c.id', 'c.description', 'c.vat_category', 'c.vat_exemption'])
    .orderBy('c.id')
    .execute();
  const lines = parts.map((part) =>
    lineOf(
      part.description,
      Number(part.cents),
      vatCategoryOf(part.vat_category),
      part.vat_exemption,
    ),
  );
  const allocated = parts.reduce((sum, part) => sum + Number(part.cents), 0);
  if (payment.amountCents > allocated)
    lines.push(
      lineOf(
        'Advance on tuition (credit)',
        payment.amountCents - allocated,
        TUITION_VAT_CATEGORY,
        TUITION_VAT_EXEMPTION,
      ),
    );
  const payer = await trx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.vat_number', 'u.last_name', 'u.first_name', 'm.address', 'm.city', 'm.postal_code'])
    .where('m.school_id', '=', payment.schoolId)
    .where('m.id', '=', payment.clientId)
    .executeTakeFirstOrThrow();
  const vatNumber = payer.vat_number?.trim() || null;
  const kind = documentKindForPayment({ isBusiness: vatNumber !== null, vatNumber });
  await issueDocument(trx, deps, {
    schoolId: payment.schoolId,
    kind,
    payerMembershipId: payment.clientId,
    paymentId: payment.id,
    issueDate: payment.date,
    paymentMethod: payment.method,
    counterpart:
      kind === 'invoice' && vatNumber
        ? {
            vatNumber,
            name: `${payer.last_name ?? ''} ${payer.first_name ?? ''}`.trim(),
            street: payer.address ?? undefined,
            city: payer.city ?? undefined,
            postalCode: payer.postal_code ?? undefined,
          }
        : null,
    lines,
  });
}
