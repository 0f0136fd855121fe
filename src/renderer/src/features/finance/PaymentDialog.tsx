import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { Money20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type PaymentMethodName } from '../../../../shared/api/finance';
import { formatMoney } from '../../../../shared/finance/money';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { useDropdownSlots } from '../../components/fluentSlots';
import { announce } from '../../components/LiveAnnouncer';
import { MoneyInput } from '../../components/MoneyInput';
import {
  financeKeys,
  getFunds,
  newIdempotencyKey,
  recordPayment,
  useFinanceInvalidation,
} from './financeApi';
import { METHOD_LABELS, todayDay } from './financeFormat';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The desk's payment: amount, method, fund and date; the server allocates it oldest-first. */
export function PaymentButton({ clientId, suggested }: { clientId: number; suggested: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<Money20Regular />} data-testid="take-payment">
          {t('Take payment')}
        </Button>
      </DialogTrigger>
      {/* Mounted only while open: each opening is a new payment with a new key. */}
      <PaymentSurface clientId={clientId} suggested={suggested} onClose={() => setOpen(false)} />
    </Dialog>
  );
}

const FUND_OF_METHOD: Record<PaymentMethodName, string> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank',
};

function PaymentSurface({
  clientId,
  suggested,
  onClose,
}: {
  clientId: number;
  suggested: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState<number | string | null>(suggested > 0 ? suggested : null);
  const [method, setMethod] = useState<PaymentMethodName>('cash');
  const [fundId, setFundId] = useState<number | null>(null);
  const [date, setDate] = useState(todayDay);
  const funds = useQuery({ queryKey: financeKeys.funds(scope), queryFn: () => getFunds(scope) });
  const open = (funds.data ?? []).filter((f) => f.active);
  // The fund follows the method until the office picks one.
  const fund = fundId ?? open.find((f) => f.kind === FUND_OF_METHOD[method])?.id ?? open[0]?.id;
  const pay = useMutation({
    mutationFn: () =>
      recordPayment(
        scope,
        clientId,
        { amount_cents: amount as number, method, fund_id: fund as number, date },
        key,
      ),
    onSuccess: async (result) => {
      await invalidate();
      announce(
        t('Payment of {{amount}} recorded.', { amount: formatMoney(result.payment.amount_cents) }),
      );
      onClose();
    },
  });
  const errors = pay.error
    ? formErrors(pay.error, ['amount_cents', 'method', 'fund_id', 'date', 'allocations'], t)
    : null;
  const amountProblem =
    amount !== null && typeof amount !== 'number' ? t('Enter an amount') : undefined;
  return (
    <DialogSurface data-testid="payment-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typeof amount === 'number' && fund) pay.mutate();
        }}
      >
        <DialogBody>
          <DialogTitle>{t('Take payment')}</DialogTitle>
          <DialogContent className={styles.content}>
            {t(
              'The payment pays the oldest open installments first; anything over becomes credit.',
            )}
            {(errors?.general || errors?.fields.allocations) && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{errors.fields.allocations ?? errors.general}</MessageBarBody>
              </MessageBar>
            )}
            <Field
              label={t('Amount')}
              required
              validationMessage={amountProblem ?? errors?.fields.amount_cents}
            >
              <MoneyInput value={amount} onChange={setAmount} data-testid="payment-amount" />
            </Field>
            <Field label={t('Method')} required validationMessage={errors?.fields.method}>
              <Dropdown
                {...slots}
                value={t(METHOD_LABELS[method])}
                selectedOptions={[method]}
                onOptionSelect={(_event, data) => setMethod(data.optionValue as PaymentMethodName)}
                data-testid="payment-method"
              >
                {PAYMENT_METHODS.map((m) => (
                  <Option key={m} value={m}>
                    {t(METHOD_LABELS[m])}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('Fund')} required validationMessage={errors?.fields.fund_id}>
              <Dropdown
                {...slots}
                value={open.find((f) => f.id === fund)?.name ?? ''}
                selectedOptions={fund ? [String(fund)] : []}
                onOptionSelect={(_event, data) => setFundId(Number(data.optionValue))}
                data-testid="payment-fund"
              >
                {open.map((f) => (
                  <Option key={f.id} value={String(f.id)}>
                    {f.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('Date')} required validationMessage={errors?.fields.date}>
              <Input type="date" value={date} onChange={(_event, data) => setDate(data.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('Cancel')}</Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              type="submit"
              disabled={pay.isPending || typeof amount !== 'number' || !fund}
              icon={pay.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="payment-save"
            >
              {t('Record payment')}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
