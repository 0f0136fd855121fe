import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// SQL of payers' accounts: the payer, their installments, charges and payments. Every query
// is scoped by school_id.

/** A sum that is a number on both databases (PostgreSQL answers bigint sums as text). */
export const sumOf = (column: string) => sql<string | number>`coalesce(sum(${sql.ref(column)}), 0)`;

export const clientRow = (db: Kysely<Database>, schoolId: number, clientId: number) =>
  db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'u.first_name', 'u.last_name', 'u.email', 'u.language', 'm.user_id'])
    .where('m.school_id', '=', schoolId)
    .where('m.id', '=', clientId)
    .where('m.role', '=', 'client')
    .executeTakeFirst();

export const installmentsOf = (db: Kysely<Database>, schoolId: number, clientId: number) =>
  db
    .selectFrom('installments as i')
    .innerJoin('charges as c', (j) =>
      j.onRef('c.id', '=', 'i.charge_id').onRef('c.school_id', '=', 'i.school_id'),
    )
    .leftJoin('memberships as s', 's.id', 'c.student_id')
    .leftJoin('users as su', 'su.id', 's.user_id')
    .select([
      'i.id',
      'i.charge_id',
      'i.seq',
      'i.due_date',
      'i.amount_cents',
      'i.paid_cents',
      'c.description',
      'c.status',
      'su.first_name as student_first',
      'su.last_name as student_last',
    ])
    .where('i.school_id', '=', schoolId)
    .where('i.client_id', '=', clientId)
    .orderBy('i.due_date')
    .orderBy('i.id')
    .execute();

export const chargesOf = (db: Kysely<Database>, schoolId: number, clientId: number) =>
  db
    .selectFrom('charges as c')
    .leftJoin('memberships as s', 's.id', 'c.student_id')
    .leftJoin('users as su', 'su.id', 's.user_id')
    .select([
      'c.id',
      'c.description',
      'c.pricing_item_id',
      'c.amount_cents',
      'c.discount_kind',
      'c.discount_value',
      'c.discount_cents',
      'c.discount_reason',
      'c.status',
      'c.enrolment',
      'c.withdrawn_on',
      'c.created_at',
      'su.first_name as student_first',
      'su.last_name as student_last',
    ])
    .where('c.school_id', '=', schoolId)
    .where('c.client_id', '=', clientId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();

export const paymentsOf = (db: Kysely<Database>, schoolId: number, clientId: number) =>
  db
    .selectFrom('payments as p')
    .innerJoin('funds as f', 'f.id', 'p.fund_id')
    .leftJoin('transactions as t', (j) =>
      j.onRef('t.payment_id', '=', 'p.id').onRef('t.school_id', '=', 'p.school_id'),
    )
    .select([
      'p.id',
      'p.date',
      'p.method',
      'p.fund_id',
      'f.name as fund_name',
      'p.amount_cents',
      'p.unallocated_cents',
      't.id as transaction_id',
    ])
    .where('p.school_id', '=', schoolId)
    .where('p.client_id', '=', clientId)
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .execute();

export const allocationsOfPayments = (
  db: Kysely<Database>,
  schoolId: number,
  paymentIds: number[],
) =>
  paymentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payment_allocations')
        .select(['payment_id', 'installment_id', 'amount_cents'])
        .where('school_id', '=', schoolId)
        .where('payment_id', 'in', paymentIds)
        .orderBy('id')
        .execute();

/** Installments still owing something, oldest due first: what a payment pays. */
export const openInstallments = (db: Kysely<Database>, schoolId: number, clientId: number) =>
  db
    .selectFrom('installments')
    .select(['id', 'due_date', 'amount_cents', 'paid_cents'])
    .where('school_id', '=', schoolId)
    .where('client_id', '=', clientId)
    .whereRef('paid_cents', '<', 'amount_cents')
    .orderBy('due_date')
    .orderBy('id')
    .execute();

/** Payments with credit left, oldest first: what new installments are paid from. */
export const paymentsWithCredit = (db: Kysely<Database>, schoolId: number, clientId: number) =>
  db
    .selectFrom('payments')
    .select(['id', 'unallocated_cents'])
    .where('school_id', '=', schoolId)
    .where('client_id', '=', clientId)
    .where('unallocated_cents', '>', 0)
    .orderBy('date')
    .orderBy('id')
    .execute();

/** The parents of a student who pay: its guardians, first linked first. */
export const payersOf = (db: Kysely<Database>, schoolId: number, studentId: number) =>
  db
    .selectFrom('student_guardians')
    .select('client_id')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
