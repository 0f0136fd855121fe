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
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Money20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_METHODS,
  type InstallmentRow,
  type PaymentMethodName,
} from '../../../../shared/api/finance';
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
import { chosenAmountProblem, InstallmentChoice, type ChosenAmounts } from './InstallmentChoice';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground2 },
});

type Allocating = 'oldest' | 'chosen';

const totalOf = (chosen: ChosenAmounts) =>
  Object.values(chosen).reduce<number>(
    (sum, value) => sum + (typeof value === 'number' ? value : 0),
    0,
  );

/**
 * The desk's payment: amount, method, fund and date; it pays the oldest open installments
 * first unless the office chooses which (and how much of each).
 */
export function PaymentButton({
  clientId,
  suggested,
  owing,
}: {
  clientId: number;
  suggested: number;
  /** The payer's installments still owing something, for the office's own choice. */
  owing: InstallmentRow[];
}) {
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
      <PaymentSurface
        clientId={clientId}
        suggested={suggested}
        installments={owing}
        onClose={() => setOpen(false)}
      />
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
  installments,
  onClose,
}: {
  clientId: number;
  suggested: number;
  installments: InstallmentRow[];
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
  const [allocating, setAllocating] = useState<Allocating>('oldest');
  const [chosen, setChosen] = useState<ChosenAmounts>({});
  // The amount follows what is ticked until the office types one of its own.
  const [amountTyped, setAmountTyped] = useState(false);
  const chosenTotal = totalOf(chosen);
  const choose = (next: ChosenAmounts) => {
    setChosen(next);
    if (!amountTyped) setAmount(totalOf(next) > 0 ? totalOf(next) : null);
  };
  const byChoice = allocating === 'chosen';
  const choiceProblem = !byChoice
    ? undefined
    : Object.keys(chosen).length === 0
      ? t('Tick the installments this payment pays')
      : installments.some(
            (i) =>
              i.id in chosen && chosenAmountProblem(chosen[i.id], i.amount_cents - i.paid_cents),
          )
        ? t('Correct the amounts of the installments ticked')
        : typeof amount === 'number' && chosenTotal > amount
          ? t('The amounts chosen add up to more than the payment.')
          : undefined;
  const funds = useQuery({ queryKey: financeKeys.funds(scope), queryFn: () => getFunds(scope) });
  const open = (funds.data ?? []).filter((f) => f.active);
  // The fund follows the method until the office picks one.
  const fund = fundId ?? open.find((f) => f.kind === FUND_OF_METHOD[method])?.id ?? open[0]?.id;
  const pay = useMutation({
    mutationFn: () =>
      recordPayment(
        scope,
        clientId,
        {
          amount_cents: amount as number,
          method,
          fund_id: fund as number,
          date,
          ...(byChoice
            ? {
                allocations: Object.entries(chosen).map(([id, value]) => ({
                  installment_id: Number(id),
                  amount_cents: value as number,
                })),
              }
            : {}),
        },
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
          if (typeof amount === 'number' && fund && !choiceProblem) pay.mutate();
        }}
      >
        <DialogBody>
          <DialogTitle>{t('Take payment')}</DialogTitle>
          <DialogContent className={styles.content}>
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
              <MoneyInput
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  setAmountTyped(true);
                }}
                data-testid="payment-amount"
              />
            </Field>
            <Field label={t('What it pays')}>
              <RadioGroup
                value={allocating}
                onChange={(_event, data) => setAllocating(data.value as Allocating)}
                data-testid="payment-allocating"
              >
                <Radio
                  value="oldest"
                  label={t('The oldest open installments first; anything over becomes credit.')}
                />
                <Radio value="chosen" label={t('The installments I choose')} />
              </RadioGroup>
            </Field>
            {byChoice && (
              <>
                <InstallmentChoice open={installments} chosen={chosen} onChange={choose} />
                <Text
                  role={choiceProblem ? 'alert' : 'status'}
                  className={choiceProblem ? undefined : styles.muted}
                  data-testid="payment-choice-summary"
                >
                  {choiceProblem ??
                    (typeof amount === 'number' && amount > chosenTotal
                      ? t('Chosen: {{chosen}}; the rest, {{rest}}, becomes credit.', {
                          chosen: formatMoney(chosenTotal),
                          rest: formatMoney(amount - chosenTotal),
                        })
                      : t('Chosen: {{chosen}}.', { chosen: formatMoney(chosenTotal) }))}
                </Text>
              </>
            )}
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
              disabled={
                pay.isPending || typeof amount !== 'number' || !fund || choiceProblem !== undefined
              }
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
