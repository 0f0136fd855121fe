import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/finance/money';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { chargeEnrolled, financeKeys, getFunds, useFinanceInvalidation } from './financeApi';
import { TransactionsList } from './TransactionsList';

// Sections under the engine's records: a fund's balance and rows, a supplier's expenses, and
// a pricing item's "charge the enrolled students".

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusLarge,
  },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function FundLedgerSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const funds = useQuery({ queryKey: financeKeys.funds(scope), queryFn: () => getFunds(scope) });
  const fund = funds.data?.find((f) => f.id === parentId);
  const filters = useMemo(() => ({ fund_id: parentId }), [parentId]);
  return (
    <section className={styles.section} aria-labelledby="fund-ledger">
      <Text as="h3" id="fund-ledger" size={500} weight="semibold" className={styles.heading}>
        {t('Balance')}
        {fund ? `: ${formatMoney(fund.balance_cents)}` : ''}
      </Text>
      <Text className={styles.muted}>
        {t("The balance is the sum of the fund's transactions.")}
      </Text>
      <TransactionsList filters={filters} />
    </section>
  );
}

export function SupplierLedgerSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const filters = useMemo(() => ({ supplier_id: parentId }), [parentId]);
  return (
    <section className={styles.section} aria-labelledby="supplier-ledger">
      <Text as="h3" id="supplier-ledger" size={500} weight="semibold" className={styles.heading}>
        {t('Expenses')}
      </Text>
      <TransactionsList filters={filters} />
    </section>
  );
}

export function PricingItemChargeSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const charge = useMutation({
    mutationFn: () => chargeEnrolled(scope, parentId),
    onSuccess: async (result) => {
      await invalidate();
      announce(
        t('{{charged}} students charged, {{skipped}} already charged or without a payer.', result),
      );
    },
  });
  return (
    <section className={styles.section} aria-labelledby="pricing-charge">
      <Text as="h3" id="pricing-charge" size={500} weight="semibold" className={styles.heading}>
        {t('Charges')}
      </Text>
      <Text className={styles.muted}>
        {t(
          "Charges every student enrolled in this item's lesson, course or level who is not charged for it yet, to the student's first guardian, with this item's plan.",
        )}
      </Text>
      <div>
        <Button
          onClick={() => charge.mutate()}
          disabled={charge.isPending}
          data-testid="charge-enrolled"
        >
          {t('Charge the enrolled students')}
        </Button>
      </div>
      {charge.data && (
        <Text role="status">
          {t(
            '{{charged}} students charged, {{skipped}} already charged or without a payer.',
            charge.data,
          )}
        </Text>
      )}
      {charge.error && <Text role="alert">{apiErrorMessage(charge.error, t)}</Text>}
    </section>
  );
}
