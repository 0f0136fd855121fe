import type { InstallmentState, PaymentMethodName } from '../../../../shared/api/finance';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';

/** A day (YYYY-MM-DD) as a long date; noon keeps it on its day in every time zone. */
export const dayText = (day: string, language: string) =>
  formatLongDate(`${day}T12:00:00`, language);

export const METHOD_LABELS: Record<PaymentMethodName, string> = {
  cash: msg('Cash'),
  card: msg('Card'),
  bank_transfer: msg('Bank transfer'),
};

export const STATE_LABELS: Record<InstallmentState, string> = {
  paid: msg('Paid'),
  open: msg('Open'),
  overdue: msg('Overdue'),
};

export const KIND_LABELS = {
  payment: msg('Payment'),
  income: msg('Income'),
  expense: msg('Expense'),
  transfer: msg('Transfer'),
} as const;

/** Today in the browser's calendar, as the default date of a payment. */
export const todayDay = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
