import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChargeRow, DiscountBody } from '../../../../shared/api/finance';
import { formatMoney } from '../../../../shared/finance/money';
import { discountCents } from '../../../../shared/finance/plan';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { DiscountFields, discountOf, noDiscount, type DiscountDraft } from './DiscountFields';
import { changeDiscount, useFinanceInvalidation } from './financeApi';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground2 },
});

const draftOf = (charge: ChargeRow): DiscountDraft =>
  charge.discount_kind
    ? {
        kind: charge.discount_kind,
        value: charge.discount_value,
        reason: charge.discount_reason ?? '',
      }
    : noDiscount;

/** Whether the draft is a discount the preview can work out (a value above zero). */
const previewable = (draft: DiscountDraft) =>
  draft.kind === 'none' || (typeof draft.value === 'number' && draft.value > 0);

/**
 * Adds, changes or removes the discount of one charge. Only what is unpaid changes: the server
 * spreads the new total over the installments and refuses a discount below what was paid.
 */
export function DiscountDialog({ charge, onClose }: { charge: ChargeRow; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DiscountSurface charge={charge} onClose={onClose} />
    </Dialog>
  );
}

function DiscountSurface({ charge, onClose }: { charge: ChargeRow; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const invalidate = useFinanceInvalidation(scope);
  const [draft, setDraft] = useState<DiscountDraft>(() => draftOf(charge));
  const save = useMutation({
    mutationFn: (discount: DiscountBody | null) => changeDiscount(scope, charge.id, discount),
    onSuccess: async (_account, discount) => {
      await invalidate();
      announce(discount ? t('Discount saved.') : t('Discount removed.'));
      onClose();
    },
  });
  const errors = save.error
    ? formErrors(save.error, ['discount', 'discount.value', 'discount.reason'], t)
    : null;
  const discount = previewable(draft)
    ? discountCents(charge.amount_cents, discountOf(draft))
    : null;
  const net = discount === null ? null : charge.amount_cents - discount;
  const belowPaid = net !== null && net < charge.paid_cents;
  return (
    <DialogSurface data-testid="discount-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!belowPaid) save.mutate(discountOf(draft));
        }}
      >
        <DialogBody>
          <DialogTitle>
            {t('Discount on {{charge}}', {
              charge: `${charge.description}${charge.student_name ? ` · ${charge.student_name}` : ''}`,
            })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {errors?.general && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{errors.general}</MessageBarBody>
              </MessageBar>
            )}
            <Text className={styles.muted}>
              {t('Only what is unpaid changes; what was paid stays paid.')}
            </Text>
            <DiscountFields draft={draft} onChange={setDraft} errors={errors?.fields} />
            <Text
              role="status"
              weight={belowPaid ? 'semibold' : undefined}
              data-testid="discount-preview"
            >
              {net === null
                ? t('Enter the discount to see what the charge comes to.')
                : belowPaid
                  ? t(
                      'More has been paid ({{paid}}) than the charge would come to ({{net}}): record a refund instead.',
                      { paid: formatMoney(charge.paid_cents), net: formatMoney(net) },
                    )
                  : t('{{amount}} less {{discount}}: {{net}} to pay, of which {{paid}} is paid.', {
                      amount: formatMoney(charge.amount_cents),
                      discount: formatMoney(discount!),
                      net: formatMoney(net),
                      paid: formatMoney(charge.paid_cents),
                    })}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('Cancel')}</Button>
            {charge.discount_kind && (
              <Button
                disabled={save.isPending}
                onClick={() => save.mutate(null)}
                data-testid="discount-remove"
              >
                {t('Remove the discount')}
              </Button>
            )}
            <Button
              appearance="primary"
              type="submit"
              disabled={save.isPending || belowPaid}
              icon={save.isPending ? <Spinner size="tiny" /> : undefined}
              data-testid="discount-save"
            >
              {t('Save discount')}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
}
