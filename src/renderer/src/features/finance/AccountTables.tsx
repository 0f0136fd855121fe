import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type {
  ChargeRow,
  ClientAccount,
  InstallmentRow,
  PaymentRow,
  Statement,
} from '../../../../shared/api/finance';
import { formatMoney } from '../../../../shared/finance/money';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { SimpleList } from '../../components/SimpleList';
import { dayText, METHOD_LABELS, STATE_LABELS } from './financeFormat';

const useStyles = makeStyles({
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'inline-flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const STATE_COLOR = { paid: 'success', open: 'informative', overdue: 'danger' } as const;

/** The installments of a payer: due date, amount, paid, state. */
export function InstallmentsTable({
  rows,
  emptyText,
}: {
  rows: InstallmentRow[];
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  if (rows.length === 0) return <Text className={styles.muted}>{emptyText}</Text>;
  return (
    <SimpleList
      rows={rows}
      rowKey={(r) => r.id}
      label={t('Installments')}
      testId="installment-row"
      columns={[
        {
          id: 'what',
          label: t('Charge'),
          cell: (r) =>
            `${r.description}${r.count > 1 ? ` (${r.seq}/${r.count})` : ''}${r.student_name ? ` · ${r.student_name}` : ''}`,
        },
        { id: 'due', label: t('Due date'), cell: (r) => dayText(r.due_date, i18n.language) },
        { id: 'amount', label: t('Amount'), cell: (r) => formatMoney(r.amount_cents) },
        { id: 'paid', label: t('Paid'), cell: (r) => formatMoney(r.paid_cents) },
        {
          id: 'state',
          label: t('State'),
          cell: (r) => (
            <Badge appearance="tint" color={STATE_COLOR[r.state]}>
              {t(STATE_LABELS[r.state])}
            </Badge>
          ),
        },
      ]}
    />
  );
}

/**
 * What was charged, with discounts, and (for the office) a way to change a charge's discount
 * and to cancel what is unpaid of it.
 */
export function ChargesTable({
  rows,
  onCancel,
  onDiscount,
}: {
  rows: ChargeRow[];
  onCancel?: (charge: ChargeRow) => void;
  onDiscount?: (charge: ChargeRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  if (rows.length === 0) return null;
  // A cancelled charge, or one whose student has left, no longer changes.
  const changeable = (r: ChargeRow) => r.status === 'active' && r.withdrawn_on === null;
  return (
    <SimpleList
      rows={rows}
      rowKey={(r) => r.id}
      label={t('Charges')}
      testId="charge-row"
      columns={[
        {
          id: 'what',
          label: t('Charge'),
          cell: (r) => `${r.description}${r.student_name ? ` · ${r.student_name}` : ''}`,
        },
        { id: 'amount', label: t('Amount'), cell: (r) => formatMoney(r.amount_cents) },
        {
          id: 'discount',
          label: t('Discount'),
          cell: (r) =>
            r.discount_cents > 0
              ? `${formatMoney(r.discount_cents)}${r.discount_kind === 'percent' ? ` (${r.discount_value}%)` : ''}${r.discount_reason ? ` · ${r.discount_reason}` : ''}`
              : '—',
        },
        { id: 'net', label: t('To pay'), cell: (r) => formatMoney(r.net_cents) },
        { id: 'paid', label: t('Paid'), cell: (r) => formatMoney(r.paid_cents) },
        {
          id: 'status',
          label: t('State'),
          cell: (r) =>
            r.status === 'cancelled'
              ? t('Cancelled')
              : r.withdrawn_on
                ? t('Left on {{date}}', { date: dayText(r.withdrawn_on, i18n.language) })
                : t('Active'),
        },
        ...(onCancel || onDiscount
          ? [
              {
                id: 'actions',
                label: t('Actions'),
                cell: (r: ChargeRow) =>
                  changeable(r) ? (
                    <span className={styles.actions}>
                      {onDiscount && (
                        <Button
                          size="small"
                          onClick={() => onDiscount(r)}
                          aria-label={t('Discount on {{charge}}', {
                            charge: `${r.description}${r.student_name ? ` · ${r.student_name}` : ''}`,
                          })}
                          data-testid="charge-discount"
                        >
                          {t('Discount')}
                        </Button>
                      )}
                      {onCancel && r.paid_cents < r.net_cents && (
                        <Button size="small" onClick={() => onCancel(r)}>
                          {t('Cancel the unpaid part')}
                        </Button>
                      )}
                    </span>
                  ) : (
                    '—'
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Payments: date, method, fund, amount and the credit still left of each. */
export function PaymentsTable({ rows }: { rows: PaymentRow[] }) {
  const { t, i18n } = useTranslation();
  const { basePath, role } = useArea();
  if (rows.length === 0) return null;
  return (
    <SimpleList
      rows={rows}
      rowKey={(r) => r.id}
      label={t('Payments')}
      testId="payment-row"
      columns={[
        {
          id: 'date',
          label: t('Date'),
          cell: (r) =>
            role === 'admin' && r.transaction_id ? (
              <AppLink to={`${basePath}/transactions/${r.transaction_id}`}>
                {dayText(r.date, i18n.language)}
              </AppLink>
            ) : (
              dayText(r.date, i18n.language)
            ),
        },
        { id: 'method', label: t('Method'), cell: (r) => t(METHOD_LABELS[r.method]) },
        { id: 'fund', label: t('Fund'), cell: (r) => r.fund_name },
        { id: 'amount', label: t('Amount'), cell: (r) => formatMoney(r.amount_cents) },
        {
          id: 'credit',
          label: t('Credit left'),
          cell: (r) => (r.unallocated_cents > 0 ? formatMoney(r.unallocated_cents) : '—'),
        },
      ]}
    />
  );
}

/** The statement of account: every installment and payment with the running balance. */
export function StatementTable({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleList
      rows={statement.lines.map((line, index) => ({ ...line, index }))}
      rowKey={(r) => r.index}
      label={t('Statement of account')}
      testId="statement-row"
      columns={[
        { id: 'date', label: t('Date'), cell: (r) => dayText(r.date, i18n.language) },
        { id: 'what', label: t('Description'), cell: (r) => r.description },
        {
          id: 'debit',
          label: t('Charged'),
          cell: (r) => (r.debit_cents ? formatMoney(r.debit_cents) : ''),
        },
        {
          id: 'credit',
          label: t('Paid'),
          cell: (r) => (r.credit_cents ? formatMoney(r.credit_cents) : ''),
        },
        { id: 'balance', label: t('Balance'), cell: (r) => formatMoney(r.balance_cents) },
      ]}
    />
  );
}

export type { ClientAccount };
