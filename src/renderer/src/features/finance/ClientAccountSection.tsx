import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeRow } from '../../../../shared/api/finance';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { AccountSummary } from './AccountSummary';
import { ChargesTable, InstallmentsTable, PaymentsTable, StatementTable } from './AccountTables';
import { ChargeButton } from './ChargeDialog';
import { DiscountDialog } from './DiscountDialog';
import {
  cancelCharge,
  financeKeys,
  getAccount,
  getStatement,
  useFinanceInvalidation,
} from './financeApi';
import { PaymentButton } from './PaymentDialog';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  header: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    alignItems: 'center',
  },
  title: { margin: 0, flexGrow: 1 },
  subheading: { margin: 0 },
});

/** A payer's account under their record (admin clients/{client_id}): figures, plan, payments. */
export function ClientAccountSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const [showStatement, setShowStatement] = useState(false);
  // What is still owed comes first; the paid ones are a click away (a year has many).
  const [showPaid, setShowPaid] = useState(false);
  const [cancelling, setCancelling] = useState<ChargeRow | null>(null);
  const [discounting, setDiscounting] = useState<ChargeRow | null>(null);
  const account = useQuery({
    queryKey: financeKeys.account(scope, parentId),
    queryFn: () => getAccount(scope, parentId),
    // Money at the desk: ask again on every opening, whatever another tab or the offline
    // cache last saw (a payment taken elsewhere moves the balance).
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const statement = useQuery({
    queryKey: financeKeys.statement(scope, parentId),
    queryFn: () => getStatement(scope, parentId),
    enabled: showStatement,
  });
  const cancel = useMutation({
    mutationFn: (chargeId: number) => cancelCharge(scope, chargeId),
    onSuccess: async () => {
      await invalidate();
      announce(t('The unpaid part of the charge was cancelled.'));
      setCancelling(null);
    },
  });
  const data = account.data;
  return (
    <section
      className={styles.section}
      aria-labelledby="client-account"
      data-testid="client-account"
    >
      <div className={styles.header}>
        <Text as="h3" id="client-account" size={500} weight="semibold" className={styles.title}>
          {t('Account')}
        </Text>
        {data?.abilities.charge && <ChargeButton clientId={parentId} />}
        {data?.abilities.pay && (
          <PaymentButton
            clientId={parentId}
            suggested={data.due_now_cents}
            owing={data.installments.filter((i) => i.state !== 'paid')}
          />
        )}
      </div>
      {account.isError && <Text role="alert">{t(apiErrorText(account.error))}</Text>}
      {!data ? (
        !account.isError && <Spinner label={t('Loading...')} />
      ) : (
        <>
          <AccountSummary account={data} />
          <Text as="h4" size={400} weight="semibold" className={styles.subheading}>
            {t('Installments')}
          </Text>
          <InstallmentsTable
            rows={
              showPaid ? data.installments : data.installments.filter((i) => i.state !== 'paid')
            }
            emptyText={data.installments.length ? t('Nothing is owed.') : t('Nothing charged yet.')}
          />
          {data.installments.some((i) => i.state === 'paid') && (
            <div>
              <Button
                appearance="subtle"
                onClick={() => setShowPaid((shown) => !shown)}
                aria-expanded={showPaid}
              >
                {showPaid ? t('Hide the paid installments') : t('Show the paid installments')}
              </Button>
            </div>
          )}
          {data.payments.length > 0 && (
            <Text as="h4" size={400} weight="semibold" className={styles.subheading}>
              {t('Payments')}
            </Text>
          )}
          <PaymentsTable rows={data.payments} />
          {data.charges.length > 0 && (
            <Text as="h4" size={400} weight="semibold" className={styles.subheading}>
              {t('Charges')}
            </Text>
          )}
          <ChargesTable
            rows={data.charges}
            onCancel={data.abilities.charge ? setCancelling : undefined}
            onDiscount={data.abilities.charge ? setDiscounting : undefined}
          />
          <div>
            <Button
              onClick={() => setShowStatement((shown) => !shown)}
              aria-expanded={showStatement}
            >
              {showStatement ? t('Hide the statement') : t('Statement of account')}
            </Button>
          </div>
          {showStatement && statement.data && <StatementTable statement={statement.data} />}
        </>
      )}
      {/* Mounted per charge, so that the form starts from that charge's discount. */}
      {discounting && (
        <DiscountDialog
          key={discounting.id}
          charge={discounting}
          onClose={() => setDiscounting(null)}
        />
      )}
      <Dialog
        open={cancelling !== null}
        onOpenChange={(_event, d) => !d.open && setCancelling(null)}
      >
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('Cancel the unpaid part')}</DialogTitle>
            <DialogContent>
              {cancel.error && <Text role="alert">{t(apiErrorText(cancel.error))}</Text>}
              {t('What was paid of {{charge}} stays paid; the rest is no longer owed.', {
                charge: cancelling?.description ?? '',
              })}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setCancelling(null)}>{t('Back')}</Button>
              <Button
                appearance="primary"
                disabled={cancel.isPending}
                onClick={() => cancelling && cancel.mutate(cancelling.id)}
              >
                {t('Cancel the unpaid part')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
