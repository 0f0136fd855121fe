import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ClientAccount } from '../../../../shared/api/finance';
import { formatMoney } from '../../../../shared/finance/money';
import { dayText } from './financeFormat';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  figure: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0 },
  label: { color: tokens.colorNeutralForeground2 },
  overdue: { color: tokens.colorPaletteRedForeground1 },
});

/** A payer's figures: balance, due now, overdue, credit and what falls due next. */
export function AccountSummary({ account }: { account: ClientAccount }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const figure = (label: string, value: string, testId: string, alert = false) => (
    <div className={styles.figure}>
      <dt>
        <Text size={200} className={styles.label}>
          {label}
        </Text>
      </dt>
      <dd style={{ margin: 0 }}>
        <Text
          size={500}
          weight="semibold"
          className={alert ? styles.overdue : undefined}
          data-testid={testId}
        >
          {value}
        </Text>
      </dd>
    </div>
  );
  return (
    <dl className={styles.grid}>
      {figure(t('Balance'), formatMoney(account.balance_cents), 'account-balance')}
      {figure(t('Due now'), formatMoney(account.due_now_cents), 'account-due-now')}
      {figure(
        t('Overdue'),
        account.overdue_count > 0
          ? t('{{amount}} ({{count}} installments)', {
              amount: formatMoney(account.overdue_cents),
              count: account.overdue_count,
            })
          : formatMoney(0),
        'account-overdue',
        account.overdue_count > 0,
      )}
      {figure(t('Credit'), formatMoney(account.credit_cents), 'account-credit')}
      {figure(
        t('Next due'),
        account.next_due
          ? `${formatMoney(account.next_due.amount_cents)} · ${dayText(account.next_due.due_date, i18n.language)}`
          : t('Nothing due'),
        'account-next-due',
      )}
    </dl>
  );
}
