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
import type { Invitation } from '../../../../shared/api/invitations';

/** Revoking asks first: the link in the mail stops working and cannot be restored. */
export function RevokeInvitationDialog({
  invitation,
  busy,
  onCancel,
  onConfirm,
}: {
  invitation: Invitation | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={invitation !== null}
      modalType="alert"
      onOpenChange={(_e, data) => !data.open && !busy && onCancel()}
    >
      <DialogSurface data-testid="revoke-confirm">
        <DialogBody>
          <DialogTitle>{t('Revoke this invitation?')}</DialogTitle>
          <DialogContent>
            {t('The link mailed to {{email}} will stop working. You can invite again later.', {
              email: invitation?.email ?? '',
            })}
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
              data-testid="revoke-confirm-button"
            >
              {t('Revoke')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
