import { Dropdown, Field, makeStyles, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDropdownSlots } from '../../components/fluentSlots';
import { useLessonChoices } from './useLessonChoices';

const useStyles = makeStyles({ field: { flexGrow: 1, minWidth: '220px' } });

/** The lesson a new chapter or task belongs to, from the caller's own lessons. */
export function LessonPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (lessonId: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const slots = useDropdownSlots();
  const lessons = useLessonChoices().data ?? [];
  return (
    <Field label={t('Lesson')} required validationMessage={error} className={styles.field}>
      <Dropdown
        {...slots}
        placeholder={t('Choose the lesson')}
        value={lessons.find((lesson) => lesson.id === value)?.name ?? ''}
        selectedOptions={value === null ? [] : [String(value)]}
        onOptionSelect={(_event, data) => data.optionValue && onChange(Number(data.optionValue))}
        data-testid="lesson-picker"
      >
        {lessons.map((lesson) => (
          <Option key={lesson.id} value={String(lesson.id)}>
            {lesson.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
