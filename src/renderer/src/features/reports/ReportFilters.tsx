import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ReportDeclaration, ReportResult } from '../../../../shared/api/reports';

const useStyles = makeStyles({
  bar: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
});

/**
 * The report's filters, built from its declaration: a chooser per record kind (narrowed by
 * the chosen period where the options name one), a date input per date.
 */
export function ReportFilters({
  declaration,
  result,
  onChange,
}: {
  declaration: ReportDeclaration;
  result: ReportResult | undefined;
  onChange: (key: string, value: string) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const periodKey = declaration.filters.find((f) => f.kind === 'period')?.key;
  const chosenPeriod = periodKey ? result?.applied[periodKey] : null;
  return (
    <div className={styles.bar} role="group" aria-label={t('Filters')}>
      {declaration.filters.map((filter) => {
        const applied = result?.applied[filter.key];
        const value = applied === null || applied === undefined ? '' : String(applied);
        if (filter.kind === 'date')
          return (
            <Field key={filter.key} label={t(filter.label)}>
              <Input
                type="date"
                value={value}
                onChange={(_event, data) => onChange(filter.key, data.value)}
                data-testid={`filter-${filter.key}`}
              />
            </Field>
          );
        const options = (result?.options[filter.key] ?? []).filter(
          (o) =>
            filter.kind !== 'lesson' ||
            typeof chosenPeriod !== 'number' ||
            o.parent === null ||
            o.parent === chosenPeriod,
        );
        return (
          <Field key={filter.key} label={t(filter.label)}>
            <Select
              value={value}
              onChange={(_event, data) => onChange(filter.key, data.value)}
              data-testid={`filter-${filter.key}`}
            >
              {!filter.required && <option value="">{t('All')}</option>}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
        );
      })}
    </div>
  );
}
