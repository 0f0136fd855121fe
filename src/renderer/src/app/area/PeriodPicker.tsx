import { Dropdown, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDropdownSlots } from '../../components/fluentSlots';
import { useArea } from './AreaContext';

/**
 * The period choice of the home (inside SchoolSummary's Field): a chunk of its own, since
 * Fluent's combobox is not needed for the home's first paint.
 */
export default function PeriodPicker() {
  const { t } = useTranslation();
  const dropdownSlots = useDropdownSlots();
  const { periods, period, selectPeriod } = useArea();
  return (
    <Dropdown
      {...dropdownSlots}
      value={period?.name ?? ''}
      selectedOptions={period ? [String(period.id)] : []}
      onOptionSelect={(_event, data) => data.optionValue && selectPeriod(Number(data.optionValue))}
    >
      {periods.map((candidate) => (
        <Option key={candidate.id} value={String(candidate.id)}>
          {candidate.iscurrent ? `${candidate.name} · ${t('current')}` : candidate.name}
        </Option>
      ))}
    </Dropdown>
  );
}
