import type { Generated } from 'kysely';
import type { Flag, Id, Instant, SchoolRecord, TableColumns } from '../../db/column-types';

// Table types of finance (migrations 040, 041, 061); db/schema.ts adds them to Database.

export type PricingSchedule = 'once' | 'monthly' | 'installments';
export type PaymentMethod = 'cash' | 'card' | 'bank_transfer';
export type TransactionKind = 'payment' | 'income' | 'expense' | 'transfer';
export type ChargeStatus = 'active' | 'cancelled';

export interface SuppliersTable extends SchoolRecord {
  name: string;
  vat_number: string | null;
  tax_office: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  notes: string | null;
}

export interface FundsTable extends SchoolRecord {
  name: string;
  kind: string;
  iban: string | null;
  active: Flag;
  notes: string | null;
}

export interface PricingItemsTable extends SchoolRecord {
  name: string;
  amount_cents: number;
  schedule: PricingSchedule;
  start_date: string;
  end_date: string | null;
  installments: number | null;
  /** `vat_1` … `vat_10`: myDATA's VAT category. */
  vat_category: string;
  vat_exemption: number | null;
  course_id: number | null;
  level_id: number | null;
  lesson_id: number | null;
  active: Flag;
  description: string | null;
}

export interface ChargesTable {
  id: Id;
  school_id: number;
  client_id: number;
  student_id: number | null;
  pricing_item_id: number | null;
  description: string;
  amount_cents: number;
  discount_kind: 'percent' | 'amount' | null;
  discount_value: number;
  discount_cents: number;
  discount_reason: string | null;
  vat_category: string;
  vat_exemption: number | null;
  status: ChargeStatus;
  /** 1 when a student's enrolment made it (migration 061); leaving withdraws it. */
  enrolment: Generated<Flag>;
  /** The day the student left what the charge is for; its later installments were dropped. */
  withdrawn_on: string | null;
  created_by_user_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface InstallmentsTable {
  id: Id;
  school_id: number;
  charge_id: number;
  client_id: number;
  seq: number;
  due_date: string;
  amount_cents: number;
  paid_cents: number;
}

export interface PaymentsTable {
  id: Id;
  school_id: number;
  client_id: number;
  fund_id: number;
  method: PaymentMethod;
  date: string;
  amount_cents: number;
  unallocated_cents: number;
  notes: string | null;
  created_by_user_id: number | null;
  created_at: Instant;
}

export interface PaymentAllocationsTable {
  id: Id;
  school_id: number;
  payment_id: number;
  installment_id: number;
  amount_cents: number;
  created_at: Instant;
}

export interface TransactionsTable extends SchoolRecord {
  fund_id: number;
  date: string;
  kind: TransactionKind;
  /** Signed: into the fund positive, out of it negative. */
  amount_cents: number;
  category_id: number | null;
  client_id: number | null;
  supplier_id: number | null;
  payment_id: number | null;
  transfer_id: string | null;
  description: string;
  created_by_user_id: number | null;
  created_at: Instant;
}

export interface FinanceRemindersTable {
  id: Id;
  school_id: number;
  client_id: number;
  date: string;
  overdue_cents: number;
  sent_at: Instant;
}

export interface LedgerMonthTotalsTable {
  id: Id;
  school_id: number;
  /** YYYY-MM */
  month: string;
  /** The category's id, 0 for none. */
  category_key: number;
  /** Can exceed 32 bits over a month of a large school on PostgreSQL: read with Number(). */
  income_cents: number;
  expense_cents: number;
  transactions: number;
}

export interface LedgerDayTotalsTable {
  id: Id;
  school_id: number;
  /** YYYY-MM-DD */
  date: string;
  fund_id: number;
  /** The category's id, 0 for none. */
  category_key: number;
  kind: TransactionKind;
  /** 0 for transfers (neither income nor expense); read with Number() (bigint on PostgreSQL). */
  income_cents: number;
  expense_cents: number;
  transactions: number;
}

export interface LedgerFundTotalsTable {
  id: Id;
  school_id: number;
  fund_id: number;
  /** The sum of the fund's rows; read with Number() (a bigint on PostgreSQL). */
  balance_cents: number;
  transactions: number;
}

export interface FinanceTables {
  suppliers: SuppliersTable;
  funds: FundsTable;
  pricing_items: PricingItemsTable;
  charges: ChargesTable;
  installments: InstallmentsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  transactions: TransactionsTable;
  finance_reminders: FinanceRemindersTable;
  ledger_month_totals: LedgerMonthTotalsTable;
  ledger_fund_totals: LedgerFundTotalsTable;
  ledger_day_totals: LedgerDayTotalsTable;
}

const record = { id: true, school_id: true, search_text: true } as const;

/** Every column of these tables, checked against the migrated database by a test. */
export const FINANCE_COLUMNS: TableColumns<FinanceTables> = {
  suppliers: {
    ...record,
    name: true,
    vat_number: true,
    tax_office: true,
    email: true,
    phone: true,
    address: true,
    city: true,
    notes: true,
  },
  funds: { ...record, name: true, kind: true, iban: true, active: true, notes: true },
  pricing_items: {
    ...record,
    name: true,
    amount_cents: true,
    schedule: true,
    start_date: true,
    end_date: true,
    installments: true,
    vat_category: true,
    vat_exemption: true,
    course_id: true,
    level_id: true,
    lesson_id: true,
    active: true,
    description: true,
  },
  charges: {
    id: true,
    school_id: true,
    client_id: true,
    student_id: true,
    pricing_item_id: true,
    description: true,
    amount_cents: true,
    discount_kind: true,
    discount_value: true,
    discount_cents: true,
    discount_reason: true,
    vat_category: true,
    vat_exemption: true,
    status: true,
    enrolment: true,
    withdrawn_on: true,
    created_by_user_id: true,
    created_at: true,
    updated_at: true,
  },
  installments: {
    id: true,
    school_id: true,
    charge_id: true,
    client_id: true,
    seq: true,
    due_date: true,
    amount_cents: true,
    paid_cents: true,
  },
  payments: {
    id: true,
    school_id: true,
    client_id: true,
    fund_id: true,
    method: true,
    date: true,
    amount_cents: true,
    unallocated_cents: true,
    notes: true,
    created_by_user_id: true,
    created_at: true,
  },
  payment_allocations: {
    id: true,
    school_id: true,
    payment_id: true,
    installment_id: true,
    amount_cents: true,
    created_at: true,
  },
  transactions: {
    ...record,
    fund_id: true,
    date: true,
    kind: true,
    amount_cents: true,
    category_id: true,
    client_id: true,
    supplier_id: true,
    payment_id: true,
    transfer_id: true,
    description: true,
    created_by_user_id: true,
    created_at: true,
  },
  ledger_month_totals: {
    id: true,
    school_id: true,
    month: true,
    category_key: true,
    income_cents: true,
    expense_cents: true,
    transactions: true,
  },
  ledger_day_totals: {
    id: true,
    school_id: true,
    date: true,
    fund_id: true,
    category_key: true,
    kind: true,
    income_cents: true,
    expense_cents: true,
    transactions: true,
  },
  ledger_fund_totals: {
    id: true,
    school_id: true,
    fund_id: true,
    balance_cents: true,
    transactions: true,
  },
  finance_reminders: {
    id: true,
    school_id: true,
    client_id: true,
    date: true,
    overdue_cents: true,
    sent_at: true,
  },
};
