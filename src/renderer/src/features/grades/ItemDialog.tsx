import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MANUAL_ITEM_KINDS, type Gradebook, type GradeItem } from '../../../../shared/api/grades';
import { formErrors } from '../../api/formErrors';
import { useArea } from '../../app/area/AreaContext';
import { FormDialog } from '../../components/FormDialog';
import { announce } from '../../components/LiveAnnouncer';
import { createItem, updateItem } from './gradesApi';
import { kindLabel } from './GridHeader';
import { useGradesInvalidation } from './useGradesInvalidation';

// Adding or changing one of the teacher's own items: an oral, a test or an exam, in one of the
// sub-period's categories (or none, where it does not count), out of how many points (the
// school's scale unless said) and on which day.

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    // Grid cells shrink to the dialog's width on a phone, choices included.
    '& > *': { minWidth: 0 },
  },
  choice: { maxWidth: '100%', minWidth: 0 },
  choiceControl: { minWidth: 0, textOverflow: 'ellipsis' },
});

const FIELDS = ['title', 'kind', 'category_id', 'max_points', 'date'];

type ManualKind = (typeof MANUAL_ITEM_KINDS)[number];

export function ItemDialog({
  book,
  item,
  onClose,
}: {
  book: Gradebook;
  /** The item to change; null adds one. */
  item: GradeItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const invalidation = useGradesInvalidation();
  const [title, setTitle] = useState(item?.title ?? '');
  const [kind, setKind] = useState<ManualKind>(
    item && (MANUAL_ITEM_KINDS as readonly string[]).includes(item.kind)
      ? (item.kind as ManualKind)
      : 'oral',
  );
  // A new item goes into the first category unless the teacher picks another.
  const [categoryId, setCategoryId] = useState(
    String(item ? (item.category_id ?? '') : (book.categories[0]?.id ?? '')),
  );
  const [points, setPoints] = useState(item ? String(item.max_points) : '');
  const [date, setDate] = useState(item?.date ?? '');
  const save = useMutation({
    mutationFn: async () => {
      const scope = { schoolId, role };
      const fields = {
        title,
        kind,
        category_id: categoryId === '' ? null : Number(categoryId),
        date: date === '' ? null : date,
        // Left empty, a new item is out of the school's scale and a changed one keeps its points.
        ...(points.trim() === '' ? {} : { max_points: points }),
      };
      if (item?.id != null)
        await updateItem(scope, { lessonId: book.lesson.id, itemId: item.id }, fields);
      else
        await createItem(scope, book.lesson.id, { ...fields, sub_period_id: book.sub_period.id });
    },
    onSuccess: async () => {
      await invalidation.afterWrite();
      announce(t('Saved'));
      onClose();
    },
  });
  const errors = save.error ? formErrors(save.error, FIELDS, t) : null;
  return (
    <FormDialog
      title={item ? t('Edit grade item') : t('Add a grade item')}
      testId="item-dialog"
      onClose={onClose}
      onSubmit={() => save.mutate()}
      saving={save.isPending}
      error={errors?.general}
    >
      <Field label={t('Title')} required validationMessage={errors?.fields.title}>
        <Input
          value={title}
          maxLength={200}
          onChange={(_event, data) => setTitle(data.value)}
          data-testid="item-title"
        />
      </Field>
      <div className={styles.row}>
        <Field label={t('Kind')} validationMessage={errors?.fields.kind}>
          <Select
            className={styles.choice}
            select={{ className: styles.choiceControl }}
            value={kind}
            onChange={(_event, data) => setKind(data.value as ManualKind)}
            data-testid="item-kind"
          >
            {MANUAL_ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(kindLabel(k))}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('Category')} validationMessage={errors?.fields.category_id}>
          <Select
            className={styles.choice}
            select={{ className: styles.choiceControl }}
            value={categoryId}
            onChange={(_event, data) => setCategoryId(data.value)}
            data-testid="item-category"
          >
            {book.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value="">{t('No category (does not count)')}</option>
          </Select>
        </Field>
      </div>
      <div className={styles.row}>
        <Field
          label={t('Out of (points)')}
          validationMessage={errors?.fields.max_points}
          hint={
            item ? undefined : t('Empty: the school’s scale, {{max}}.', { max: book.scale.max })
          }
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            value={points}
            placeholder={String(book.scale.max)}
            onChange={(_event, data) => setPoints(data.value)}
            data-testid="item-points"
          />
        </Field>
        <Field label={t('Date')} validationMessage={errors?.fields.date}>
          <Input
            type="date"
            value={date}
            onChange={(_event, data) => setDate(data.value)}
            data-testid="item-date"
          />
        </Field>
      </div>
    </FormDialog>
  );
}
