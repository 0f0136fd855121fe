import { Dropdown, Field, makeStyles, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDropdownSlots } from '../../components/fluentSlots';
import type { LessonChoice } from './useLessonChoices';

const useStyles = makeStyles({ field: { maxWidth: '320px', width: '100%' } });

/** "Lesson: all / one of mine", above a teaching list. */
export function LessonFilter({
  lessons,
  value,
  onChange,
}: {
  lessons: LessonChoice[];
  value: number | null;
  onChange: (lessonId: number | null) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const chosen = lessons.find((lesson) => lesson.id === value);
  return (
    <Field label={t('Lesson')} className={styles.field}>
      <Dropdown
        {...slots}
        value={chosen?.name ?? t('All lessons')}
        selectedOptions={[value === null ? 'all' : String(value)]}
        onOptionSelect={(_event, data) =>
          onChange(data.optionValue === 'all' ? null : Number(data.optionValue))
        }
        data-testid="lesson-filter"
      >
        <Option value="all">{t('All lessons')}</Option>
        {lessons.map((lesson) => (
          <Option key={lesson.id} value={String(lesson.id)}>
            {lesson.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
