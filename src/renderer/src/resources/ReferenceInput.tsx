import { Combobox, makeStyles, Tag, TagGroup, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceOptions } from './ReferenceOptions';
import { useComboboxSlots } from '../components/fluentSlots';
import { useDebouncedValue } from '../components/useDebouncedValue';
import type { Option as Choice } from './resourceApi';
import { useReferenceOptions } from './useReferenceOptions';

const useStyles = makeStyles({
  many: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  combo: { minWidth: 0, width: '100%' },
  // Many chosen records (the students of a lesson) wrap instead of widening the form.
  tags: { flexWrap: 'wrap', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
});

interface ReferenceInputProps {
  id?: string;
  target: string;
  /** Labels already known (from the record), by id. */
  known: Choice[];
  disabled?: boolean;
  invalid?: boolean;
  onBlur?: () => void;
  /** The field's label, which names the combobox's arrow button. */
  label?: string;
}

const labelOf = (id: number, known: Map<number, string>) => known.get(id) ?? `#${id}`;

/** Picks one record of another resource, searching its /options as the user types. */
export function ReferenceInput({
  value,
  onChange,
  ...props
}: ReferenceInputProps & { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const comboboxSlots = useComboboxSlots(props.label);
  const styles = useStyles();
  const [labels, setLabels] = useState(() => new Map(props.known.map((o) => [o.id, o.label])));
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text ?? '', 250);
  const { options } = useReferenceOptions(props.target, search, open);
  const current = value ? labelOf(value, labels) : '';
  return (
    <Combobox
      {...comboboxSlots}
      id={props.id}
      className={styles.combo}
      value={text ?? current}
      selectedOptions={value ? [String(value)] : []}
      disabled={props.disabled}
      clearable={!props.disabled}
      placeholder={t('Search')}
      aria-invalid={props.invalid || undefined}
      onOpenChange={(_e, data) => {
        setOpen(data.open);
        if (!data.open) setText(null);
      }}
      onChange={(event) => {
        setText(event.target.value);
        setOpen(true);
      }}
      onBlur={props.onBlur}
      onOptionSelect={(_e, data) => {
        const id = data.optionValue ? Number(data.optionValue) : null;
        if (id && data.optionText) setLabels((m) => new Map(m).set(id, data.optionText!));
        setText(null);
        onChange(id);
      }}
    >
      <ReferenceOptions options={options} />
    </Combobox>
  );
}

/** Picks several records of another resource: chosen ones show as removable tags. */
export function ReferencesInput({
  value,
  onChange,
  ...props
}: ReferenceInputProps & { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const comboboxSlots = useComboboxSlots(props.label);
  const styles = useStyles();
  const [labels, setLabels] = useState(() => new Map(props.known.map((o) => [o.id, o.label])));
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text, 250);
  const { options } = useReferenceOptions(props.target, search, open);
  return (
    <div className={styles.many}>
      {value.length > 0 && (
        <TagGroup
          className={styles.tags}
          aria-label={t('Chosen')}
          onDismiss={(_e, data) => onChange(value.filter((id) => String(id) !== data.value))}
        >
          {value.map((id) => (
            <Tag
              key={id}
              value={String(id)}
              size="small"
              dismissible={!props.disabled}
              dismissIcon={{ 'aria-label': t('Remove') }}
            >
              {labelOf(id, labels)}
            </Tag>
          ))}
        </TagGroup>
      )}
      {!props.disabled && (
        <Combobox
          {...comboboxSlots}
          id={props.id}
          className={styles.combo}
          multiselect
          value={text}
          selectedOptions={value.map(String)}
          placeholder={t('Search to add')}
          aria-invalid={props.invalid || undefined}
          onOpenChange={(_e, data) => setOpen(data.open)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onBlur={props.onBlur}
          onOptionSelect={(_e, data) => {
            const id = Number(data.optionValue);
            if (!id) return;
            if (data.optionText) setLabels((m) => new Map(m).set(id, data.optionText!));
            onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
            setText('');
          }}
        >
          <ReferenceOptions options={options} />
        </Combobox>
      )}
    </div>
  );
}
