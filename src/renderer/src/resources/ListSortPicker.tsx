import { useDropdownSlots } from '../components/fluentSlots';
import { Dropdown, makeStyles, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '../../../shared/resources';
import type { SortState } from './listLogic';

const useStyles = makeStyles({ picker: { minWidth: '150px', maxWidth: '220px' } });

/** The card layout has no column headers: the sort and its direction are picked here. */
export function ListSortPicker({
  fields,
  sort,
  onChange,
}: {
  fields: FieldDefinition[];
  sort: SortState;
  onChange: (sort: SortState) => void;
}) {
  const { t } = useTranslation();
  const dropdownSlots = useDropdownSlots();
  const styles = useStyles();
  const sortable = fields.filter((f) => f.sortable);
  if (sortable.length === 0) return null;
  const value = (s: SortState) => `${s.field}:${s.order}`;
  const text = (s: SortState) => {
    const field = sortable.find((f) => f.name === s.field);
    return `${field ? t(field.label) : s.field} ${s.order === 'asc' ? '↑' : '↓'}`;
  };
  const choices = sortable.flatMap((f) =>
    (['asc', 'desc'] as const).map((order) => ({ field: f.name, order })),
  );
  return (
    <Dropdown
      {...dropdownSlots}
      className={styles.picker}
      aria-label={t('Sort by')}
      value={text(sort)}
      selectedOptions={[value(sort)]}
      onOptionSelect={(_e, data) => {
        const [field, order] = (data.optionValue ?? '').split(':');
        if (field && (order === 'asc' || order === 'desc')) onChange({ field, order });
      }}
      data-testid="list-sort"
    >
      {choices.map((choice) => (
        <Option key={value(choice)} value={value(choice)}>
          {text(choice)}
        </Option>
      ))}
    </Dropdown>
  );
}
