import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * Delete asks first (spec §2, §8): the question, with Cancel and Delete. `name` says what goes,
 * `count` when several rows are selected.
 */
export function DeleteConfirmDialog({
  open,
  name,
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name?: string;
  count?: number;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_e, data) => !data.open && onCancel()}>
      <DialogSurface data-testid="delete-confirm">
        <DialogBody>
          <DialogTitle>{t('Are you sure you want to delete this?')}</DialogTitle>
          <DialogContent>
            {count && count > 1 ? t('{{count}} items will be deleted.', { count }) : name}
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
