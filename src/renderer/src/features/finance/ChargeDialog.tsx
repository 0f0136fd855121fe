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
import { Receipt20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeBody } from '../../../../shared/api/finance';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { useDropdownSlots } from '../../components/fluentSlots';
import { announce } from '../../components/LiveAnnouncer';
import { MoneyInput } from '../../components/MoneyInput';
import { DiscountFields, discountOf, noDiscount, type DiscountDraft } from './DiscountFields';
import { chargeClient, newIdempotencyKey, optionsOf, useFinanceInvalidation } from './financeApi';
import { todayDay } from './financeFormat';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '140px' },
});

const BY_HAND = 'by-hand';

/** Charges a payer from a pricing item (its plan) or by hand, with an optional discount. */
export function ChargeButton({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<Receipt20Regular />} data-testid="add-charge">
          {t('Add charge')}
        </Button>
      </DialogTrigger>
      <ChargeSurface clientId={clientId} onClose={() => setOpen(false)} />
    </Dialog>
  );
}

function ChargeSurface({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const [key] = useState(newIdempotencyKey);
  const [item, setItem] = useState<string>(BY_HAND);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | string | null>(null);
  const [dueDate, setDueDate] = useState(todayDay);
  const [discount, setDiscount] = useState<DiscountDraft>(noDiscount);
  const items = useQuery({
    queryKey: ['schools', schoolId, role, 'resources', 'pricing_items', 'options', ''],
    queryFn: () => optionsOf(scope, 'pricing_items'),
  });
  const byHand = item === BY_HAND;
  const body = (): ChargeBody => ({
    ...(byHand
      ? { description, amount_cents: amount as number, start_date: dueDate }
      : { pricing_item_id: Number(item) }),
    discount: discountOf(discount),
  });
  const save = useMutation({
    mutationFn: () => chargeClient(scope, clientId, body(), key),
    onSuccess: async () => {
      await invalidate();
      announce(t('Charge added.'));
      onClose();
    },
  });
  const errors = save.error
    ? formErrors(
        save.error,
        [
          'pricing_item_id',
          'description',
          'amount_cents',
          'start_date',
          'discount',
          'discount.value',
          'discount.reason',
          'end_date',
          'installments',
        ],
        t,
      )
    : null;
  return (
    <DialogSurface data-testid="charge-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <DialogBody>
          <DialogTitle>{t('Add charge')}</DialogTitle>
          <DialogContent className={styles.content}>
            {errors?.general && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{errors.general}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('Pricing item')} validationMessage={errors?.fields.pricing_item_id}>
              <Dropdown
                {...slots}
                value={
                  byHand
                    ? t('By hand')
                    : (items.data?.find((o) => String(o.id) === item)?.label ?? '')
                }
                selectedOptions={[item]}
                onOptionSelect={(_event, data) => setItem(data.optionValue ?? BY_HAND)}
                data-testid="charge-item"
              >
                <Option value={BY_HAND}>{t('By hand')}</Option>
                {(items.data ?? []).map((o) => (
                  <Option key={o.id} value={String(o.id)}>
                    {o.label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {byHand && (
              <>
                <Field
                  label={t('Description')}
                  required
                  validationMessage={errors?.fields.description}
                >
                  <Input
                    value={description}
                    onChange={(_event, data) => setDescription(data.value)}
                  />
                </Field>
                <div className={styles.row}>
                  <Field
                    className={styles.grow}
                    label={t('Amount')}
                    required
                    validationMessage={errors?.fields.amount_cents}
                  >
                    <MoneyInput value={amount} onChange={setAmount} />
                  </Field>
                  <Field
                    className={styles.grow}
                    label={t('Due date')}
                    required
                    validationMessage={errors?.fields.start_date}
                  >
                    <Input
                      type="date"
                      value={dueDate}
                      onChange={(_event, data) => setDueDate(data.value)}
                    />
                  </Field>
                </div>
              </>
            )}
            <DiscountFields draft={discount} onChange={setDiscount} errors={errors?.fields} />
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('Cancel')}</Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              type="submit"
              disabled={save.isPending}
              icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="charge-save"
            >
              {t('Add charge')}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
