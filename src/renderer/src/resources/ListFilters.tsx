import { useDropdownSlots } from '../components/fluentSlots';
import {
  Button,
  CounterBadge,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  Option,
  tokens,
} from '@fluentui/react-components';
import { Dismiss16Regular, Filter20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, ResourceDefinition } from '../../../shared/resources';
import { FilterReferencePicker } from './FilterReferencePicker';
import { activeFilterCount, takesSeveral, type FilterValues } from './filterLogic';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  control: { minWidth: 0 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  panelControl: { width: '100%' },
  clear: { alignSelf: 'flex-start' },
  dropdown: { minWidth: 0, width: '100%' },
  badge: { marginLeft: tokens.spacingHorizontalXS },
});

interface FilterControlsProps {
  resource: ResourceDefinition;
  fields: FieldDefinition[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  /** Under 768: stacked in a panel the Filters button opens. */
  panel?: boolean;
}

/** The filter controls of a list: one per filterable field, and "Clear filters". */
export function FilterControls({ resource, fields, values, onChange, panel }: FilterControlsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const set = (name: string, chosen: string[]) => onChange({ ...values, [name]: chosen });
  const active = activeFilterCount(values) > 0;
  return (
    <div
      id={panel ? 'list-filters-panel' : undefined}
      className={panel ? styles.panel : styles.row}
      role="group"
      aria-label={t('Filters')}
      data-testid="list-filters"
    >
      {fields.map((field) => {
        const id = `filter-${resource.name}-${field.name}`;
        const chosen = values[field.name] ?? [];
        return (
          <Field
            key={field.name}
            className={mergeClasses(panel ? styles.panelControl : styles.control)}
            label={{ children: t(field.label), htmlFor: id }}
            data-testid={`filter-${field.name}`}
          >
            <FilterInput
              id={id}
              field={field}
              chosen={chosen}
              onChange={(next) => set(field.name, next)}
            />
          </Field>
        );
      })}
      {active && (
        <Button
          className={styles.clear}
          appearance="subtle"
          icon={<Dismiss16Regular />}
          onClick={() => onChange({})}
          data-testid="filters-clear"
        >
          {t('Clear filters')}
        </Button>
      )}
    </div>
  );
}

function FilterInput({
  id,
  field,
  chosen,
  onChange,
}: {
  id: string;
  field: FieldDefinition;
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation();
  const dropdownSlots = useDropdownSlots();
  const styles = useStyles();
  if (field.kind === 'reference' || field.kind === 'references') {
    return (
      <FilterReferencePicker
        id={id}
        target={field.target!}
        label={t(field.label)}
        value={chosen.map(Number)}
        onChange={(ids) => onChange(ids.map(String))}
      />
    );
  }
  if (field.kind === 'boolean') {
    const text = { true: t('Yes'), false: t('No') } as Record<string, string>;
    const current = chosen[0];
    return (
      <Dropdown
        {...dropdownSlots}
        id={id}
        className={styles.dropdown}
        selectedOptions={[current ?? '']}
        value={current ? text[current] : t('Any')}
        onOptionSelect={(_e, data) => onChange(data.optionValue ? [data.optionValue] : [])}
      >
        <Option value="">{t('Any')}</Option>
        <Option value="true">{t('Yes')}</Option>
        <Option value="false">{t('No')}</Option>
      </Dropdown>
    );
  }
  const several = takesSeveral(field);
  return (
    <Dropdown
      {...dropdownSlots}
      id={id}
      className={styles.dropdown}
      multiselect={several}
      selectedOptions={several ? chosen : [chosen[0] ?? '']}
      value={chosen.map((v) => t(v)).join(', ')}
      placeholder={t('Any')}
      onOptionSelect={(_e, data) =>
        onChange(
          several ? data.selectedOptions : data.optionValue ? [data.optionValue] : ([] as string[]),
        )
      }
    >
      {!several && <Option value="">{t('Any')}</Option>}
      {(field.options ?? []).map((option) => (
        <Option key={option} value={option} text={t(option)}>
          {t(option)}
        </Option>
      ))}
    </Dropdown>
  );
}

/** Under 768 the filters fold into this button; it shows how many are on. */
export function FiltersButton({
  count,
  open,
  onToggle,
}: {
  count: number;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Button
      icon={<Filter20Regular />}
      aria-expanded={open}
      aria-controls="list-filters-panel"
      onClick={onToggle}
      data-testid="filters-button"
    >
      {t('Filters')}
      {count > 0 && (
        <CounterBadge className={styles.badge} count={count} size="small" appearance="filled" />
      )}
    </Button>
  );
}
