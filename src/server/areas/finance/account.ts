import type { Kysely } from 'kysely';
import type { ClientAccount, InstallmentState, Statement } from '../../../shared/api/finance';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { FinanceCaller } from './policy';
import { accountAbilities } from './policy';
import * as q from './queries';

// A payer's account as the office and the payer read it: what is owed and when, what was
// paid, the credit, and the statement with its running balance.

const fullName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ''} ${last ?? ''}`.trim();

export function installmentState(
  i: { due_date: string; amount_cents: number; paid_cents: number },
  today: string,
): InstallmentState {
  if (i.paid_cents >= i.amount_cents) return 'paid';
  return i.due_date < today ? 'overdue' : 'open';
}

export async function accountOf(
  db: Kysely<Database>,
  caller: FinanceCaller,
  clientId: number,
  today: string,
): Promise<ClientAccount> {
  const schoolId = caller.schoolId;
  const client = await q.clientRow(db, schoolId, clientId);
  if (!client) throw notFound('This payer does not exist.');
  const [installments, charges, payments] = await Promise.all([
    q.installmentsOf(db, schoolId, clientId),
    q.chargesOf(db, schoolId, clientId),
    q.paymentsOf(db, schoolId, clientId),
  ]);
  const allocations = await q.allocationsOfPayments(
    db,
    schoolId,
    payments.map((p) => p.id),
  );

  const countOf = new Map<number, number>();
  const paidOf = new Map<number, number>();
  const owedOf = new Map<number, number>();
  for (const i of installments) {
    countOf.set(i.charge_id, (countOf.get(i.charge_id) ?? 0) + 1);
    paidOf.set(i.charge_id, (paidOf.get(i.charge_id) ?? 0) + i.paid_cents);
    owedOf.set(i.charge_id, (owedOf.get(i.charge_id) ?? 0) + i.amount_cents);
  }
  let charged = 0;
  let dueNow = 0;
  let overdue = 0;
  let overdueCount = 0;
  const rows = installments
    // A cancelled charge's unpaid installments are gone; its paid ones stay in the history.
    .filter((i) => i.amount_cents > 0)
    .map((i) => {
      charged += i.amount_cents;
      const owed = i.amount_cents - i.paid_cents;
      if (owed > 0 && i.due_date <= today) dueNow += owed;
      if (owed > 0 && i.due_date < today) {
        overdue += owed;
        overdueCount += 1;
      }
      return {
        id: i.id,
        charge_id: i.charge_id,
        description: i.description,
        student_name: fullName(i.student_first, i.student_last),
        seq: i.seq,
        count: countOf.get(i.charge_id) ?? 1,
        due_date: i.due_date,
        amount_cents: i.amount_cents,
        paid_cents: i.paid_cents,
        state: installmentState(i, today),
      };
    });
  const paidTotal = payments.reduce((sum, p) => sum + p.amount_cents, 0);
  const credit = payments.reduce((sum, p) => sum + p.unallocated_cents, 0);
  const next = rows.find((i) => i.state === 'open');
  return {
    client: {
      id: client.id,
      first_name: client.first_name,
      last_name: client.last_name,
      email: client.email,
    },
    balance_cents: charged - paidTotal,
    due_now_cents: dueNow,
    overdue_cents: overdue,
    overdue_count: overdueCount,
    credit_cents: credit,
    next_due: next
      ? { due_date: next.due_date, amount_cents: next.amount_cents - next.paid_cents }
      : null,
    installments: rows,
    charges: charges.map((c) => ({
      id: c.id,
      description: c.description,
      student_name: fullName(c.student_first, c.student_last),
      pricing_item_id: c.pricing_item_id,
      amount_cents: c.amount_cents,
      discount_kind: c.discount_kind,
      discount_value: c.discount_value,
      discount_cents: c.discount_cents,
      discount_reason: c.discount_reason,
      net_cents: owedOf.get(c.id) ?? 0,
      paid_cents: paidOf.get(c.id) ?? 0,
      status: c.status,
      enrolment: c.enrolment === 1,
      withdrawn_on: c.withdrawn_on,
      created_at: c.created_at,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      date: p.date,
      method: p.method,
      fund_id: p.fund_id,
      fund_name: p.fund_name,
      amount_cents: p.amount_cents,
      unallocated_cents: p.unallocated_cents,
      transaction_id: p.transaction_id,
      allocations: allocations
        .filter((a) => a.payment_id === p.id)
        .map((a) => ({ installment_id: a.installment_id, amount_cents: a.amount_cents })),
    })),
    abilities: accountAbilities(caller),
  };
}

/**
 * The statement of account: each installment as a debit on its due date and each payment as
 * a credit on its date, with the running balance; lines before `from` make the opening one.
 */
export async function statementOf(
  db: Kysely<Database>,
  caller: FinanceCaller,
  clientId: number,
  range: { from?: string; to: string },
): Promise<Statement> {
  const account = await accountOf(db, caller, clientId, range.to);
  const lines = [
    ...account.installments.map((i) => ({
      date: i.due_date,
      kind: 'installment' as const,
      description: i.count > 1 ? `${i.description} (${i.seq}/${i.count})` : i.description,
      debit_cents: i.amount_cents,
      credit_cents: 0,
    })),
    ...account.payments.map((p) => ({
      date: p.date,
      kind: 'payment' as const,
      description: `${p.method} · ${p.fund_name}`,
      debit_cents: 0,
      credit_cents: p.amount_cents,
    })),
  ]
    .filter((l) => l.date <= range.to)
    // On one day the payment comes after what fell due, as a desk would write it.
    .sort((a, b) =>
      a.date === b.date
        ? a.kind === b.kind
          ? 0
          : a.kind === 'installment'
            ? -1
            : 1
        : a.date < b.date
          ? -1
          : 1,
    );
  let balance = 0;
  let opening = 0;
  const shown: Statement['lines'] = [];
  for (const line of lines) {
    balance += line.debit_cents - line.credit_cents;
    if (range.from && line.date < range.from) opening = balance;
    else shown.push({ ...line, balance_cents: balance });
  }
  return {
    from: range.from ?? null,
    to: range.to,
    opening_balance_cents: opening,
    lines: shown,
    closing_balance_cents: balance,
  };
}
