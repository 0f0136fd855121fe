import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gradebook, GradeCategory, GradeItem } from '../../../../shared/api/grades';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { itemsIn, valuesOn } from './gradeSetup';
import { removeCategory, removeItem } from './gradesApi';
import { useGradesInvalidation } from './useGradesInvalidation';

// Deleting asks first and says what goes: an item with the number of grades entered on it
// (Canvas deletes a graded assignment after a bare "are you sure?", a known way to lose
// grades); a category with its items, which the teacher moves to another category or leaves
// without one (they then stop counting).

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function ConfirmDelete({
  title,
  busy,
  error,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface data-testid="delete-confirm">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {error != null && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{apiErrorMessage(error, t)}</MessageBarBody>
              </MessageBar>
            )}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={onConfirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              data-testid="delete-confirm-button"
            >
              {t('Delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export function DeleteItemDialog({
  book,
  item,
  onClose,
}: {
  book: Gradebook;
  item: GradeItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const invalidation = useGradesInvalidation();
  const grades = valuesOn(book, item);
  const remove = useMutation({
    mutationFn: () =>
      removeItem({ schoolId, role }, { lessonId: book.lesson.id, itemId: item.id! }),
    onSuccess: async () => {
      await invalidation.afterWrite();
      announce(t('Deleted'));
      onClose();
    },
  });
  return (
    <ConfirmDelete
      title={t('Delete “{{title}}”?', { title: item.title })}
      busy={remove.isPending}
      error={remove.error}
      onCancel={onClose}
      onConfirm={() => remove.mutate()}
    >
      <Text as="p" data-testid="delete-item-grades">
        {grades > 0
          ? t('Grades entered on it: {{count}}. They are deleted with it, for good.', {
              count: grades,
            })
          : t('No grades have been entered on it yet.')}
      </Text>
    </ConfirmDelete>
  );
}

export function DeleteCategoryDialog({
  book,
  category,
  onClose,
}: {
  book: Gradebook;
  category: GradeCategory;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const invalidation = useGradesInvalidation();
  const own = itemsIn(book, category.id).filter((i) => i.id !== null && i.source === null);
  const others = book.categories.filter((c) => c.id !== category.id);
  const [moveTo, setMoveTo] = useState('');
  const remove = useMutation({
    mutationFn: () =>
      removeCategory(
        { schoolId, role },
        { lessonId: book.lesson.id, categoryId: category.id },
        moveTo === '' ? null : Number(moveTo),
      ),
    onSuccess: async () => {
      await invalidation.afterWrite();
      announce(t('Deleted'));
      onClose();
    },
  });
  return (
    <ConfirmDelete
      title={t('Delete the category “{{name}}”?', { name: category.name })}
      busy={remove.isPending}
      error={remove.error}
      onCancel={onClose}
      onConfirm={() => remove.mutate()}
    >
      {own.length === 0 ? (
        <Text as="p">{t('It holds no items of its own; no grade is deleted.')}</Text>
      ) : (
        <>
          <Text as="p">
            {t('Items in it: {{count}}. They stay in the gradebook with their grades.', {
              count: own.length,
            })}
          </Text>
          <Field label={t('Move its items to')}>
            <Select
              value={moveTo}
              onChange={(_event, data) => setMoveTo(data.value)}
              data-testid="delete-category-move"
            >
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value="">{t('No category (they stop counting)')}</option>
            </Select>
          </Field>
        </>
      )}
      {category.source_kind !== null && (
        <Text as="p">{t('Items it collected by itself go to no category.')}</Text>
      )}
    </ConfirmDelete>
  );
}
