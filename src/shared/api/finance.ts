import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import { MAX_AMOUNT_CENTS } from '../finance/money';
import { VAT_CATEGORY_CHOICES } from '../resources/finance';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { day } from './teaching';

// Finance (docs/finance.md): payers' accounts (charges, installments, payments), the ledger of
// funds (transactions, transfers) and the balances. Money is integer cents; dates YYYY-MM-DD.

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const TRANSACTION_KINDS = ['payment', 'income', 'expense', 'transfer'] as const;
export type TransactionKindName = (typeof TRANSACTION_KINDS)[number];
export const INSTALLMENT_STATES = ['paid', 'open', 'overdue'] as const;
export type InstallmentState = (typeof INSTALLMENT_STATES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);
const cents = z
  .number({ error: 'Enter an amount' })
  .int('Enter an amount in cents')
  .min(1, 'Enter an amount above zero')
  .max(MAX_AMOUNT_CENTS, 'This amount is too large');
const text = (max: number) => z.string().trim().max(max, 'This text is too long');

export const discountBody = z
  .object({
    kind: z.enum(['percent', 'amount'], { error: 'Choose a percentage or an amount' }),
    /** Whole percent (1–100) or cents. */
    value: z.number().int('Enter a whole number').min(1, 'Enter a discount above zero'),
    reason: text(200).min(1, 'Say why the discount is given'),
  })
  .refine((d) => d.kind !== 'percent' || d.value <= 100, {
    message: 'A percentage is at most 100',
    path: ['value'],
  });
export type DiscountBody = z.infer<typeof discountBody>;

export const chargeBody = z
  .object({
    pricing_item_id: id.optional(),
    student_id: id.optional(),
    /** Without a pricing item: what is charged, how much and when. */
    description: text(200).optional(),
    amount_cents: cents.optional(),
    schedule: z.enum(['once', 'monthly', 'installments']).optional(),
    start_date: day.optional(),
    end_date: day.optional(),
    installments: z.number().int().min(1).max(48).optional(),
    vat_category: z.enum(VAT_CATEGORY_CHOICES).optional(),
    vat_exemption: z.number().int().min(1).max(31).nullable().optional(),
    discount: discountBody.nullable().optional(),
  })
  .refine((b) => b.pricing_item_id !== undefined || (b.description && b.amount_cents), {
    message: 'Choose a pricing item, or give a description and an amount',
    path: ['pricing_item_id'],
  });
export type ChargeBody = z.infer<typeof chargeBody>;

export const updateChargeBody = z.object({ discount: discountBody.nullable() });

export const allocationBody = z.object({ installment_id: id, amount_cents: cents });

export const paymentBody = z.object({
  amount_cents: cents,
  method: z.enum(PAYMENT_METHODS, { error: 'Choose cash, card or bank transfer' }),
  fund_id: id,
  date: day,
  /** The income category of its ledger row; the school's first income category if not given. */
  category_id: id.optional(),
  /** The office's own choice of installments; without it the oldest open ones come first. */
  allocations: z.array(allocationBody).max(200).optional(),
  notes: text(500).optional(),
});
export type PaymentBody = z.infer<typeof paymentBody>;

export const transactionBody = z
  .object({
    kind: z.enum(['income', 'expense'], { error: 'Choose income or expense' }),
    fund_id: id,
    date: day,
    amount_cents: cents,
    category_id: id,
    supplier_id: id.optional(),
    client_id: id.optional(),
    description: text(300).min(1, 'This field is required'),
  })
  .refine((b) => b.kind !== 'expense' || b.supplier_id !== undefined, {
    message: 'An expense names its supplier',
    path: ['supplier_id'],
  });
export type TransactionBody = z.infer<typeof transactionBody>;

export const transferBody = z
  .object({
    from_fund_id: id,
    to_fund_id: id,
    date: day,
    amount_cents: cents,
    description: text(300).optional(),
  })
  .refine((b) => b.from_fund_id !== b.to_fund_id, {
    message: 'Choose two different funds',
    path: ['to_fund_id'],
  });
export type TransferBody = z.infer<typeof transferBody>;

export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  from: day.optional(),
  to: day.optional(),
  fund_id: id.optional(),
  category_id: id.optional(),
  client_id: id.optional(),
  supplier_id: id.optional(),
  kind: z.enum(TRANSACTION_KINDS).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const transactionRow = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  amount_cents: z.number().int(),
  description: z.string(),
  fund_id: z.number().int(),
  fund_name: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  transfer_id: z.string().nullable(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

export const transactionTotals = z.object({
  count: z.number().int(),
  income_cents: z.number().int(),
  expense_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type TransactionTotals = z.infer<typeof transactionTotals>;

export const transactionDetail = transactionRow.extend({
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** The other leg of a transfer. */
  counterpart: transactionRow.nullable(),
  payment: z
    .object({ id: z.number().int(), method: z.enum(PAYMENT_METHODS), client_id: z.number().int() })
    .nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;

export const fundBalance = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  active: z.boolean(),
  balance_cents: z.number().int(),
  transactions_count: z.number().int(),
});
export type FundBalance = z.infer<typeof fundBalance>;

export const installmentRow = z.object({
  id: z.number().int(),
  charge_id: z.number().int(),
  description: z.string(),
  student_name: z.string().nullable(),
  seq: z.number().int(),
  count: z.number().int(),
  due_date: z.string(),
  amount_cents: z.number().int(),
  paid_cents: z.number().int(),
  state: z.enum(INSTALLMENT_STATES),
});
export type InstallmentRow = z.infer<typeof installmentRow>;

export const chargeRow = z.object({
  id: z.number().int(),
  description: z.string(),
  student_name: z.string().nullable(),
  pricing_item_id: z.number().int().nullable(),
  amount_cents: z.number().int(),
  /** The discount as the office gave it: whole percent or cents (null: none). */
  discount_kind: z.enum(['percent', 'amount']).nullable(),
  discount_value: z.number().int(),
  discount_cents: z.number().int(),
  discount_reason: z.string().nullable(),
  /** What its installments come to now (after the discount, a cancellation or a withdrawal). */
  net_cents: z.number().int(),
  paid_cents: z.number().int(),
  status: z.enum(['active', 'cancelled']),
  /** Made by the student's enrolment in a priced lesson, course or level. */
  enrolment: z.boolean(),
  /** The day the student left; the installments due after it were dropped. */
  withdrawn_on: z.string().nullable(),
  created_at: z.string(),
});
export type ChargeRow = z.infer<typeof chargeRow>;

export const paymentRow = z.object({
  id: z.number().int(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  fund_id: z.number().int(),
  fund_name: z.string(),
  amount_cents: z.number().int(),
  unallocated_cents: z.number().int(),
  transaction_id: z.number().int().nullable(),
  allocations: z.array(
    z.object({ installment_id: z.number().int(), amount_cents: z.number().int() }),
  ),
});
export type PaymentRow = z.infer<typeof paymentRow>;

export const clientAccount = z.object({
  client: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
  }),
  /** What is charged (after discounts) less what was paid: positive owes, negative is credit. */
  balance_cents: z.number().int(),
  /** Unpaid installments due today or earlier. */
  due_now_cents: z.number().int(),
  overdue_cents: z.number().int(),
  overdue_count: z.number().int(),
  /** Paid and not yet used for an installment. */
  credit_cents: z.number().int(),
  next_due: z.object({ due_date: z.string(), amount_cents: z.number().int() }).nullable(),
  installments: z.array(installmentRow),
  charges: z.array(chargeRow),
  payments: z.array(paymentRow),
  abilities: z.object({ charge: z.boolean(), pay: z.boolean() }),
});
export type ClientAccount = z.infer<typeof clientAccount>;

export const statementLine = z.object({
  date: z.string(),
  kind: z.enum(['installment', 'payment']),
  description: z.string(),
  debit_cents: z.number().int(),
  credit_cents: z.number().int(),
  balance_cents: z.number().int(),
});
export const statement = z.object({
  from: z.string().nullable(),
  to: z.string(),
  opening_balance_cents: z.number().int(),
  lines: z.array(statementLine),
  closing_balance_cents: z.number().int(),
});
export type Statement = z.infer<typeof statement>;

export const paymentResult = z.object({
  payment: paymentRow,
  account: clientAccount,
});
export type PaymentResult = z.infer<typeof paymentResult>;

export const chargeResult = z.object({
  charge_ids: z.array(z.number().int()),
  account: clientAccount,
});

export const reportRow = z.object({
  /** YYYY-MM */
  month: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  income_cents: z.number().int(),
  expense_cents: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRow>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM');

const clientParams = schoolRoleParams.extend({ client_id: idParam });
const chargeParams = schoolRoleParams.extend({ charge_id: idParam });

export const financeEndpoints = {
  funds: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/finance/funds',
    access: 'school-role',
    summary: "The school's funds with each balance: the sum of the fund's transactions.",
    params: schoolRoleParams,
    response: z.array(fundBalance),
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/transactions',
    access: 'school-role',
    summary: 'The ledger, filtered by dates, fund, category, client, supplier and kind.',
    params: schoolRoleParams,
    query: transactionsQuery,
    response: z.array(transactionRow),
    list: true,
  }),
  transactionTotals: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/transactions/totals',
    access: 'school-role',
    summary: 'Income, expense and net of the transactions the same filters select.',
    params: schoolRoleParams,
    query: transactionsQuery,
    response: transactionTotals,
  }),
  incomeAndExpense: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/finance/report',
    access: 'school-role',
    summary:
      'Income and expense by month and category over a range of months (transfers excluded).',
    params: schoolRoleParams,
    query: z.object({ from: month, to: month }),
    response: z.array(reportRow),
  }),
  transaction: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/transactions/:transaction_id',
    access: 'school-role',
    summary: 'One transaction, with the other leg of a transfer and its payment.',
    params: schoolRoleParams.extend({ transaction_id: idParam }),
    response: transactionDetail,
  }),
  createTransaction: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/transactions',
    access: 'school-role',
    summary: 'Record an expense (naming its supplier) or another income in a fund.',
    params: schoolRoleParams,
    body: transactionBody,
    response: transactionDetail,
    idempotent: true,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/transactions/transfers',
    access: 'school-role',
    summary: 'Move money between two funds: two transactions that cancel out.',
    params: schoolRoleParams,
    body: transferBody,
    response: z.array(transactionRow),
    idempotent: true,
  }),
  clientAccount: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/clients/:client_id/account',
    access: 'school-role',
    summary: "A payer's account: balance, credit, installments, charges and payments.",
    params: clientParams,
    response: clientAccount,
  }),
  myAccount: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/finance/my-account',
    access: 'school-role',
    summary: "The signed-in parent's own account (their balance and what is due next).",
    params: schoolRoleParams,
    response: clientAccount,
  }),
  statement: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/clients/:client_id/statement',
    access: 'school-role',
    summary: "A payer's statement of account: installments and payments with a running balance.",
    params: clientParams,
    query: z.object({ from: day.optional(), to: day.optional() }),
    response: statement,
  }),
  charge: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/clients/:client_id/charges',
    access: 'school-role',
    summary: 'Charge a payer (from a pricing item or by hand), creating its installment plan.',
    params: clientParams,
    body: chargeBody,
    response: chargeResult,
    idempotent: true,
  }),
  updateCharge: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/charges/:charge_id',
    access: 'school-role',
    summary: "Change a charge's discount; only what is unpaid changes.",
    params: chargeParams,
    body: updateChargeBody,
    response: clientAccount,
  }),
  cancelCharge: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/charges/:charge_id/cancel',
    access: 'school-role',
    summary: 'Cancel what is still unpaid of a charge; what was paid stays paid.',
    params: chargeParams,
    response: clientAccount,
  }),
  chargeEnrolled: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/pricing_items/:pricing_item_id/charge-enrolled',
    access: 'school-role',
    summary:
      "Charge every student enrolled in the pricing item's lesson, course or level who is not charged yet.",
    params: schoolRoleParams.extend({ pricing_item_id: idParam }),
    response: z.object({ charged: z.number().int(), skipped: z.number().int() }),
  }),
  recordPayment: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/clients/:client_id/payments',
    access: 'school-role',
    summary:
      'Record a payment into a fund, allocated to the oldest open installments unless the office chooses; the rest becomes credit.',
    params: clientParams,
    body: paymentBody,
    response: paymentResult,
    idempotent: true,
  }),
};
