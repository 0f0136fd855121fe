import { Field, makeStyles, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { gradeSubPeriod } from '../../../../shared/api/grades';
import { formatLongDate } from '../../i18n/formatDate';

type SubPeriod = z.infer<typeof gradeSubPeriod>;

// The choice is as wide as its longest name, but never wider than a phone's screen.
const useStyles = makeStyles({
  field: { maxWidth: '100%', minWidth: 0 },
  select: { maxWidth: '100%', minWidth: 0 },
  control: { minWidth: 0, textOverflow: 'ellipsis' },
});

/** Chooses one of a period's sub-periods; the list says which are closed. */
export function SubPeriodPicker({
  subPeriods,
  value,
  onChange,
}: {
  subPeriods: SubPeriod[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  return (
    <Field label={t('Sub-period')} className={styles.field}>
      <Select
        className={styles.select}
        select={{ className: styles.control }}
        value={String(value)}
        onChange={(_event, data) => onChange(Number(data.value))}
        data-testid="sub-period-select"
      >
        {subPeriods.map((s) => (
          <option key={s.id} value={s.id}>
            {`${s.name} (${formatLongDate(s.start_date, i18n.language)} – ${formatLongDate(s.end_date, i18n.language)})${s.closed ? ` · ${t('Closed')}` : ''}`}
          </option>
        ))}
      </Select>
    </Field>
  );
}
