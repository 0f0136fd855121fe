import { Field, Input, makeStyles, Select } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GRADE_SOURCE_KINDS,
  type Gradebook,
  type GradeCategory,
} from '../../../../shared/api/grades';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { FormDialog } from '../../components/FormDialog';
import { announce } from '../../components/LiveAnnouncer';
import { COLLECTS, shareOf } from './gradeSetup';
import { createCategory, updateCategory } from './gradesApi';
import { useGradesInvalidation } from './useGradesInvalidation';

// Adding or changing a weighted category of the sub-period: its name, its weight (relative:
// the dialog says what share of the grade it makes with the others as they stand) and what it
// collects by itself (the lesson's tasks, quizzes or SCORM packages), if anything.

const useStyles = makeStyles({
  weight: { maxWidth: '160px' },
});

const FIELDS = ['name', 'weight', 'source_kind'];

export function CategoryDialog({
  book,
  category,
  onClose,
}: {
  book: Gradebook;
  /** The category to change; null adds one. */
  category: GradeCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const invalidation = useGradesInvalidation();
  const [name, setName] = useState(category?.name ?? '');
  const [weight, setWeight] = useState(category ? String(category.weight) : '');
  const [collects, setCollects] = useState<string>(category?.source_kind ?? '');
  const save = useMutation({
    mutationFn: async () => {
      const scope = { schoolId, role };
      const fields = {
        name,
        weight,
        source_kind: collects === '' ? null : (collects as GradeCategory['source_kind']),
      };
      if (category)
        await updateCategory(scope, { lessonId: book.lesson.id, categoryId: category.id }, fields);
      else
        await createCategory(scope, book.lesson.id, {
          ...fields,
          sub_period_id: book.sub_period.id,
          sort_order: Math.max(0, ...book.categories.map((c) => c.sort_order + 1)),
        });
    },
    onSuccess: async () => {
      await invalidation.afterWrite();
      announce(t('Saved'));
      onClose();
    },
  });
  const errors = save.error ? formErrors(save.error, FIELDS, t) : null;
  // The share this weight would make among the sub-period's categories.
  const typed = /^\d{1,4}$/.test(weight.trim()) ? Number(weight) : null;
  const others = book.categories.filter((c) => c.id !== category?.id);
  const share = typed === null ? null : shareOf([...others, { weight: typed }], typed);
  return (
    <FormDialog
      title={category ? t('Edit category') : t('Add a category')}
      testId="category-dialog"
      onClose={onClose}
      onSubmit={() => save.mutate()}
      saving={save.isPending}
      error={errors?.general}
    >
      <Field label={t('Name')} required validationMessage={errors?.fields.name}>
        <Input
          value={name}
          maxLength={200}
          onChange={(_event, data) => setName(data.value)}
          data-testid="category-name"
        />
      </Field>
      <Field
        label={t('Weight')}
        required
        className={styles.weight}
        validationMessage={errors?.fields.weight}
        validationState={errors?.fields.weight ? 'error' : 'none'}
        hint={
          share === null
            ? t('A whole number from 0 to 1000.')
            : t('With the other categories as they are, this is {{share}} % of the grade.', {
                share,
              })
        }
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          value={weight}
          onChange={(_event, data) => setWeight(data.value)}
          data-testid="category-weight"
        />
      </Field>
      <Field
        label={t('Also counts by itself')}
        validationMessage={errors?.fields.source_kind}
        hint={t('Such items come into this category without being added by hand.')}
      >
        <Select
          value={collects}
          onChange={(_event, data) => setCollects(data.value)}
          data-testid="category-collects"
        >
          <option value="">{t('Nothing else: only its own items')}</option>
          {GRADE_SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(COLLECTS[kind])}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
