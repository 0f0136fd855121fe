import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ReportCardChoices } from '../../../../shared/api/reports';

/** The school's sub-periods, grouped under their periods (newest period first). */
export function SubPeriodSelect({
  choices,
  value,
  onChange,
  testId,
}: {
  choices: ReportCardChoices;
  value: number | null;
  onChange: (id: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('Sub-period')}>
      <Select
        value={value === null ? '' : String(value)}
        onChange={(_event, data) => onChange(Number(data.value))}
        data-testid={testId}
      >
        {choices.periods.map((period) => (
          <optgroup key={period.value} label={period.label}>
            {choices.sub_periods
              .filter((s) => s.parent === period.value)
              .map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
