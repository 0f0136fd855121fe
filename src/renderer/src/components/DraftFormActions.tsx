import {
  Button,
  makeStyles,
  Spinner,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../resources/DeleteConfirmDialog';
import { LeaveWithoutSavingDialog } from './LeaveWithoutSavingDialog';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

interface Pending {
  isPending: boolean;
}

/**
 * The end of a teaching record's form (a chapter, a task, a task book, a quiz): Save and Delete
 * for whoever may write, Delete asking first (focus back on Delete when the question closes),
 * and the question before leaving unsaved changes. Goes inside the form, whose submit saves.
 */
export function DraftFormActions({
  form,
  editable,
  canDelete,
  name,
  testId,
}: {
  form: {
    save: Pending;
    remove: Pending & { mutate: () => void };
    confirming: boolean;
    setConfirming: (confirming: boolean) => void;
    dirty: boolean;
  };
  editable: boolean;
  /** The record exists and the caller may delete it. */
  canDelete: boolean;
  /** The record's name, for the delete question. */
  name?: string;
  /** Prefix of the buttons' test ids: `<testId>-save`, `<testId>-delete`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const restoreFocus = useRestoreFocusTarget();
  return (
    <>
      {editable && (
        <div className={styles.actions}>
          <Button
            appearance="primary"
            type="submit"
            disabledFocusable={form.save.isPending}
            icon={form.save.isPending ? <Spinner size="tiny" /> : undefined}
            data-testid={`${testId}-save`}
          >
            {t('Save')}
          </Button>
          {canDelete && (
            <Button
              {...restoreFocus}
              type="button"
              onClick={() => form.setConfirming(true)}
              data-testid={`${testId}-delete`}
            >
              {t('Delete')}
            </Button>
          )}
        </div>
      )}
      <DeleteConfirmDialog
        open={form.confirming}
        name={name}
        busy={form.remove.isPending}
        onCancel={() => form.setConfirming(false)}
        onConfirm={() => form.remove.mutate()}
      />
      <LeaveWithoutSavingDialog when={form.dirty} />
    </>
  );
}
