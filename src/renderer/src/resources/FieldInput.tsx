import { useDropdownSlots } from '../components/fluentSlots';
import {
  Dropdown,
  Input,
  makeStyles,
  Option,
  Switch,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '../../../shared/resources';
import { MoneyInput } from '../components/MoneyInput';
import { isMultiSelect } from './formLogic';
import { isWeekdayField, weekdayName } from './listLogic';
import { ReferenceInput, ReferencesInput } from './ReferenceInput';
import type { Option as Choice } from './resourceApi';

const useStyles = makeStyles({
  color: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  swatch: {
    width: '36px',
    height: '32px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    cursor: 'pointer',
  },
  grow: { flexGrow: 1, minWidth: 0 },
});

export interface FieldInputProps {
  id: string;
  field: FieldDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  invalid: boolean;
  known: Choice[];
}

// Spec §5: a number field rejects e, E, + and -.
const blockNumberSigns = (event: KeyboardEvent<HTMLInputElement>) => {
  if (['e', 'E', '+', '-'].includes(event.key)) event.preventDefault();
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The input of one declared field, by its kind. */
export function FieldInput({
  id,
  field,
  value,
  onChange,
  onBlur,
  disabled,
  invalid,
  known,
}: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const dropdownSlots = useDropdownSlots();
  const styles = useStyles();
  const common = { id, onBlur, disabled, 'aria-invalid': invalid || undefined, name: field.name };
  switch (field.kind) {
    case 'longtext':
      return (
        <Textarea
          {...common}
          resize="vertical"
          rows={4}
          value={text(value)}
          onChange={(_e, d) => onChange(d.value)}
        />
      );
    case 'boolean':
      return (
        <Switch
          {...common}
          checked={Boolean(value)}
          onChange={(_e, d) => onChange(d.checked)}
          label={value ? t('Yes') : t('No')}
        />
      );
    case 'money':
      return (
        <MoneyInput
          {...common}
          value={value as number | string | null | undefined}
          onChange={onChange}
        />
      );
    case 'integer':
      if (isWeekdayField(field)) {
        const day = text(value);
        return (
          <Dropdown
            {...dropdownSlots}
            {...common}
            selectedOptions={day ? [day] : []}
            value={day ? weekdayName(Number(day), i18n.language) : ''}
            placeholder={t('Choose')}
            onOptionSelect={(_e, d) => onChange(d.optionValue ?? '')}
          >
            {[1, 2, 3, 4, 5, 6, 7].map((n) => (
              <Option key={n} value={String(n)}>
                {weekdayName(n, i18n.language)}
              </Option>
            ))}
          </Dropdown>
        );
      }
      return (
        <Input
          {...common}
          type="number"
          inputMode="numeric"
          value={text(value)}
          onKeyDown={blockNumberSigns}
          onChange={(_e, d) => onChange(d.value.replace(',', '.'))}
        />
      );
    case 'date':
    case 'time':
      return (
        <Input
          {...common}
          type={field.kind}
          value={text(value)}
          onChange={(_e, d) => onChange(d.value)}
        />
      );
    case 'color':
      return (
        <div className={styles.color}>
          <input
            type="color"
            className={styles.swatch}
            value={/^#[0-9a-fA-F]{6}$/.test(text(value)) ? text(value) : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            disabled={disabled}
            aria-label={t('Pick a colour')}
          />
          <Input
            {...common}
            className={styles.grow}
            placeholder="#RRGGBB"
            value={text(value)}
            onChange={(_e, d) => onChange(d.value)}
          />
        </div>
      );
    case 'select': {
      const multi = isMultiSelect(field);
      const chosen = multi ? ((value as string[]) ?? []) : value ? [String(value)] : [];
      return (
        <Dropdown
          {...dropdownSlots}
          {...common}
          multiselect={multi}
          selectedOptions={chosen}
          value={chosen.map((v) => t(v)).join(', ')}
          placeholder={t('Choose')}
          onOptionSelect={(_e, d) => onChange(multi ? d.selectedOptions : (d.optionValue ?? ''))}
        >
          {(field.options ?? []).map((option) => (
            <Option key={option} value={option} text={t(option)}>
              {t(option)}
            </Option>
          ))}
        </Dropdown>
      );
    }
    case 'reference':
      return (
        <ReferenceInput
          id={id}
          target={field.target!}
          known={known}
          disabled={disabled}
          invalid={invalid}
          onBlur={onBlur}
          label={t(field.label)}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    case 'references':
      return (
        <ReferencesInput
          id={id}
          target={field.target!}
          known={known}
          disabled={disabled}
          invalid={invalid}
          onBlur={onBlur}
          label={t(field.label)}
          value={Array.isArray(value) ? (value as number[]) : []}
          onChange={onChange}
        />
      );
    default:
      return (
        <Input
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          value={text(value)}
          onChange={(_e, d) => onChange(d.value)}
        />
      );
  }
}
