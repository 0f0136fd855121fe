import { Input, type InputProps } from '@fluentui/react-components';
import { useState } from 'react';
import { moneyInputText, parseMoney } from '../../../shared/finance/money';

type MoneyValue = number | string | null | undefined;

/** What the field shows for a value: cents as `1234,50`, anything else as it is. */
function shownText(value: MoneyValue): string {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? moneyInputText(value) : '';
  // A form may hold the record's cents as digits ("12000"); typed text is never only digits
  // here, since typed amounts are handed on as numbers.
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return moneyInputText(Number(value));
  return value ?? '';
}

/**
 * An amount typed the way people write it (`1.234,50`, `85`, `85.5`) and handed on as integer
 * cents; text that is not an amount is handed on as it is, so that the form's schema says
 * what is wrong. Shows the euro sign after the field.
 */
export function MoneyInput({
  value,
  onChange,
  ...rest
}: Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value: MoneyValue;
  onChange: (value: number | string | null) => void;
}) {
  // The text typed, and the value it stands for: a value set from outside (a reset, a record
  // loaded) replaces the text once; the field's own changes come back equal and keep it.
  const [typed, setTyped] = useState(() => ({ text: shownText(value), value }));
  if (!Object.is(typed.value, value)) setTyped({ text: shownText(value), value });
  return (
    <Input
      {...rest}
      inputMode="decimal"
      contentAfter="€"
      value={typed.text}
      onChange={(_event, data) => {
        const trimmed = data.value.trim();
        const next = trimmed === '' ? null : (parseMoney(trimmed) ?? trimmed);
        setTyped({ text: data.value, value: next });
        onChange(next);
      }}
    />
  );
}
