import { Combobox, makeStyles } from '@fluentui/react-components';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceOptions } from './ReferenceOptions';
import { RESOURCES } from '../../../shared/resources';
import { useArea } from '../app/area/AreaContext';
import { useComboboxSlots } from '../components/fluentSlots';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { recordTitle } from './listLogic';
import { fetchRecord, resourceKeys } from './resourceApi';
import { useReferenceOptions } from './useReferenceOptions';

const useStyles = makeStyles({
  combo: { minWidth: 0, width: '100%' },
  // The input's own width would push the chevron out of a narrow box.
  input: { minWidth: 0, width: '100%' },
});

/**
 * Names of chosen records the picker has not seen among its options (a filter opened from a
 * bookmark): each is read once from the record's own call.
 */
function useChosenLabels(target: string, ids: number[], known: ReadonlyMap<number, string>) {
  const { schoolId, role, categories } = useArea();
  const scope = { schoolId, role, resource: target };
  const local = target === 'categories' && role !== 'admin';
  const missing = ids.filter((id) => !known.has(id));
  const results = useQueries({
    queries: missing.map((id) => ({
      queryKey: resourceKeys.record(scope, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRecord(scope, id, signal),
      enabled: !local,
      staleTime: 60_000,
    })),
  });
  const labels = new Map(known);
  const definition = RESOURCES[target];
  missing.forEach((id, index) => {
    const category = local ? categories.find((c) => c.id === id) : undefined;
    const record = results[index]?.data;
    if (category) labels.set(id, category.name);
    else if (record && definition) labels.set(id, recordTitle(definition, record));
  });
  return labels;
}

/** Chooses any number of records of a resource to filter a list by, searching its options. */
export function FilterReferencePicker({
  id,
  target,
  value,
  onChange,
  label,
}: {
  id: string;
  target: string;
  /** The filter's label, which names the combobox's arrow button. */
  label?: string;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const comboboxSlots = useComboboxSlots(label);
  const styles = useStyles();
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(new Map());
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text, 250);
  const { options } = useReferenceOptions(target, search, open);
  const labels = useChosenLabels(target, value, known);
  const summary = value.map((v) => labels.get(v) ?? '…').join(', ');
  return (
    <Combobox
      {...comboboxSlots}
      id={id}
      className={styles.combo}
      input={{ className: styles.input }}
      multiselect
      value={open ? text : summary}
      selectedOptions={value.map(String)}
      placeholder={open ? t('Search') : t('Any')}
      title={summary || undefined}
      onOpenChange={(_e, data) => {
        setOpen(data.open);
        if (!data.open) setText('');
      }}
      onChange={(event) => {
        setText(event.target.value);
        setOpen(true);
      }}
      onOptionSelect={(_e, data) => {
        const chosen = Number(data.optionValue);
        if (!chosen) return;
        if (data.optionText) setKnown((m) => new Map(m).set(chosen, data.optionText!));
        onChange(value.includes(chosen) ? value.filter((v) => v !== chosen) : [...value, chosen]);
      }}
    >
      <ReferenceOptions options={options} />
    </Combobox>
  );
}
