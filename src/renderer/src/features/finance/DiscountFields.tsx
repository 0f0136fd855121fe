import { Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DiscountBody } from '../../../../shared/api/finance';
import { useDropdownSlots } from '../../components/fluentSlots';
import { MoneyInput } from '../../components/MoneyInput';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '140px' },
});

export type DiscountKind = 'none' | 'percent' | 'amount';

/** A discount as the form holds it: a kind, the value typed (percent or cents) and a reason. */
export interface DiscountDraft {
  kind: DiscountKind;
  value: number | string | null;
  reason: string;
}

export const noDiscount: DiscountDraft = { kind: 'none', value: null, reason: '' };

/** The draft as the API takes it: null for none. */
export const discountOf = (draft: DiscountDraft): DiscountBody | null =>
  draft.kind === 'none'
    ? null
    : { kind: draft.kind, value: Number(draft.value), reason: draft.reason };

/** The kind of discount, then its percentage or amount and the reason it is given. */
export function DiscountFields({
  draft,
  onChange,
  errors,
}: {
  draft: DiscountDraft;
  onChange: (draft: DiscountDraft) => void;
  errors?: Partial<Record<'discount' | 'discount.value' | 'discount.reason', string>>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const kinds: [DiscountKind, string][] = [
    ['none', t('No discount')],
    ['percent', t('Percentage')],
    ['amount', t('Amount')],
  ];
  return (
    <>
      <Field label={t('Discount')} validationMessage={errors?.discount}>
        <Dropdown
          {...slots}
          value={kinds.find(([k]) => k === draft.kind)![1]}
          selectedOptions={[draft.kind]}
          onOptionSelect={(_event, data) =>
            onChange({
              ...draft,
              kind: (data.optionValue ?? 'none') as DiscountKind,
              // A percentage is not an amount: the value starts again with the kind.
              value: data.optionValue === draft.kind ? draft.value : null,
            })
          }
          data-testid="discount-kind"
        >
          {kinds.map(([k, label]) => (
            <Option key={k} value={k}>
              {label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {draft.kind !== 'none' && (
        <div className={styles.row}>
          <Field
            className={styles.grow}
            label={draft.kind === 'percent' ? t('Percent') : t('Discount amount')}
            required
            validationMessage={errors?.['discount.value']}
          >
            {draft.kind === 'percent' ? (
              <Input
                type="number"
                min={1}
                max={100}
                value={draft.value === null ? '' : String(draft.value)}
                onChange={(_event, data) =>
                  onChange({ ...draft, value: data.value === '' ? null : Number(data.value) })
                }
                data-testid="discount-value"
              />
            ) : (
              <MoneyInput
                value={draft.value}
                onChange={(value) => onChange({ ...draft, value })}
                data-testid="discount-value"
              />
            )}
          </Field>
          <Field
            className={styles.grow}
            label={t('Reason')}
            required
            validationMessage={errors?.['discount.reason']}
          >
            <Input
              value={draft.reason}
              placeholder={t('e.g. siblings')}
              onChange={(_event, data) => onChange({ ...draft, reason: data.value })}
              data-testid="discount-reason"
            />
          </Field>
        </div>
      )}
    </>
  );
}
