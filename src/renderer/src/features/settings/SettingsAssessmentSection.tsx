import { Dropdown, Field, Input, Option, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  GRADE_PUBLISHING,
  GRADE_ROUNDINGS,
  GRADE_SCALES,
  type GradePublishing,
  type GradeRounding,
  type GradeScaleSetting,
} from '../../../../shared/grades/average';
import { useDropdownSlots } from '../../components/fluentSlots';
import { msg } from '../../i18n/msg';
import type { SectionProps } from './SettingsSchoolSection';
import { useSettingsStyles } from './settingsStyles';

const SCALE_LABELS: Record<GradeScaleSetting, string> = {
  '20': msg('0 to 20'),
  '10': msg('0 to 10'),
  '100': msg('0 to 100'),
};
const ROUNDING_LABELS: Record<GradeRounding, string> = {
  whole: msg('Whole numbers'),
  half: msg('Halves'),
  tenth: msg('One decimal'),
  hundredth: msg('Two decimals'),
};
const PUBLISHING_LABELS: Record<GradePublishing, string> = {
  immediately: msg('Immediately'),
  end_of_sub_period: msg('At the end of the sub-period'),
};

/** The gradebook's scale, rounding and publishing, and the absences' notice and threshold. */
export function SettingsAssessmentSection({ draft, change }: SectionProps) {
  const { t } = useTranslation();
  const dropdownSlots = useDropdownSlots();
  const styles = useSettingsStyles();
  return (
    <section className={styles.card}>
      <Text as="h3" size={500} weight="semibold" className={styles.heading}>
        {t('Grades and absences')}
      </Text>
      <div className={styles.grid}>
        <Field label={t('Grading scale')}>
          <Dropdown
            {...dropdownSlots}
            value={t(SCALE_LABELS[draft.gradeScale])}
            selectedOptions={[draft.gradeScale]}
            onOptionSelect={(_e, d) => change({ gradeScale: d.optionValue as GradeScaleSetting })}
            data-testid="settings-grade-scale"
          >
            {GRADE_SCALES.map((scale) => (
              <Option key={scale} value={scale}>
                {t(SCALE_LABELS[scale])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('Rounding of the sub-period grade')}>
          <Dropdown
            {...dropdownSlots}
            value={t(ROUNDING_LABELS[draft.gradeRounding])}
            selectedOptions={[draft.gradeRounding]}
            onOptionSelect={(_e, d) => change({ gradeRounding: d.optionValue as GradeRounding })}
          >
            {GRADE_ROUNDINGS.map((rounding) => (
              <Option key={rounding} value={rounding}>
                {t(ROUNDING_LABELS[rounding])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('Students and parents see the sub-period grade')}>
          <Dropdown
            {...dropdownSlots}
            value={t(PUBLISHING_LABELS[draft.gradesPublish])}
            selectedOptions={[draft.gradesPublish]}
            onOptionSelect={(_e, d) => change({ gradesPublish: d.optionValue as GradePublishing })}
          >
            {GRADE_PUBLISHING.map((publishing) => (
              <Option key={publishing} value={publishing}>
                {t(PUBLISHING_LABELS[publishing])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field
          label={t('Minutes before parents are told of an absence')}
          hint={t('A correction within this time cancels the notice.')}
        >
          <Input
            type="number"
            min={0}
            max={720}
            value={draft.absenceGraceMinutes}
            onChange={(_e, d) => change({ absenceGraceMinutes: d.value })}
          />
        </Field>
        <Field
          label={t('Unjustified absences per lesson that warn the office and the parents')}
          hint={t('0 turns the warning off.')}
        >
          <Input
            type="number"
            min={0}
            max={500}
            value={draft.absenceThreshold}
            onChange={(_e, d) => change({ absenceThreshold: d.value })}
          />
        </Field>
      </div>
    </section>
  );
}
