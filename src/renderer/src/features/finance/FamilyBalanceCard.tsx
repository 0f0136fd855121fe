import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/finance/money';
import { AccountSummary } from './AccountSummary';
import { dayText, METHOD_LABELS } from './financeFormat';
import type { MyAccount } from './myAccountQuery';

// The parent's own account on their home: balance, what is due next, and their payments (the
// invoices area adds each payment's receipt to download beside it).

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    gridColumn: '1 / -1',
  },
  heading: { margin: 0 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  muted: { color: tokens.colorNeutralForeground2 },
  overdue: { color: tokens.colorPaletteRedForeground1 },
});

/** The account as RoleHome loaded it with the rest of the home (myAccountQuery). */
export function FamilyBalanceCard({ account: data }: { account: MyAccount }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const upcoming = data.installments.filter((i) => i.state !== 'paid').slice(0, 4);
  return (
    <section className={styles.card} aria-labelledby="home-account" data-testid="home-account">
      <Text as="h3" id="home-account" size={500} weight="semibold" className={styles.heading}>
        {t('Your account')}
      </Text>
      <AccountSummary account={data} />
      {upcoming.length > 0 && (
        <>
          <Text as="h4" weight="semibold" className={styles.heading}>
            {t('To pay')}
          </Text>
          <ul className={styles.list}>
            {upcoming.map((i) => (
              <li key={i.id}>
                <Text className={i.state === 'overdue' ? styles.overdue : undefined}>
                  {`${dayText(i.due_date, i18n.language)} · ${formatMoney(i.amount_cents - i.paid_cents)} · ${i.description}${
                    i.student_name ? ` (${i.student_name})` : ''
                  }${i.state === 'overdue' ? ` · ${t('Overdue')}` : ''}`}
                </Text>
              </li>
            ))}
          </ul>
        </>
      )}
      <Text as="h4" weight="semibold" className={styles.heading}>
        {t('Payments and receipts')}
      </Text>
      {data.payments.length === 0 ? (
        <Text className={styles.muted}>{t('No payments yet.')}</Text>
      ) : (
        <ul className={styles.list} data-testid="home-payments">
          {data.payments.slice(0, 6).map((p) => (
            // The invoices area adds the payment's receipt download here.
            <li key={p.id}>
              <Text>{`${dayText(p.date, i18n.language)} · ${formatMoney(p.amount_cents)} · ${t(METHOD_LABELS[p.method])}`}</Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
