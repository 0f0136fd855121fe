import { Button, Toast, ToastTitle } from '@fluentui/react-components';
import { Mail20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppToaster } from '../../app/toaster';
import { apiErrorMessage } from '../../api/apiErrorText';
import type { DetailRecord } from '../../resources/resourceApi';
import { useArea } from '../../app/area/AreaContext';
import { inviteUser } from './usersApi';

/** Mails the account a new create-password link. */
export function UserInviteButton({ record }: { record: DetailRecord }) {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const { dispatchToast } = useAppToaster();
  const invite = useMutation({
    mutationFn: () => inviteUser(schoolId, role, record.id),
    onSuccess: () =>
      dispatchToast(
        <Toast>
          <ToastTitle>
            {t('Invitation sent to {{email}}', { email: String(record.email ?? '') })}
          </ToastTitle>
        </Toast>,
        { intent: 'success' },
      ),
    onError: (error) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
        </Toast>,
        { intent: 'error' },
      ),
  });
  if (!record.email) return null;
  return (
    <Button
      icon={<Mail20Regular />}
      disabled={invite.isPending}
      onClick={() => invite.mutate()}
      data-testid="user-invite"
    >
      {t('Send invitation')}
    </Button>
  );
}
