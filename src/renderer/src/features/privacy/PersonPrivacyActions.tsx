import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  Toast,
  ToastTitle,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, PersonDelete20Regular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERASE_CONFIRMATION } from '../../../../shared/api/privacy';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { useServices } from '../../app/services';
import { useAppToaster } from '../../app/toaster';
import type { DetailRecord } from '../../resources/resourceApi';
import { erasePerson, exportPerson } from './privacyApi';

/**
 * GDPR actions on a person's screen: download everything held about them, and erase them
 * after typing the confirmation word. Shown to admins whose permissions (the server's answer)
 * include writing users; the server checks again and says why when it refuses.
 */
export function PersonPrivacyActions({ record }: { record: DetailRecord }) {
  const { t } = useTranslation();
  const { schoolId, role, permissions } = useArea();
  const { platform } = useServices();
  const queryClient = useQueryClient();
  const { dispatchToast } = useAppToaster();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const userId = Number(record.user_id ?? 0);
  const toast = (text: string, intent: 'success' | 'error') =>
    dispatchToast(
      <Toast>
        <ToastTitle>{text}</ToastTitle>
      </Toast>,
      { intent },
    );
  const download = useMutation({
    mutationFn: async () => {
      const file = await exportPerson(schoolId, role, userId);
      await platform.saveFile(file.name, file.data, file.type);
    },
    onSuccess: () => toast(t('The personal data was exported.'), 'success'),
    onError: (error) => toast(apiErrorMessage(error, t), 'error'),
  });
  const erase = useMutation({
    mutationFn: () => erasePerson(schoolId, role, userId),
    onSuccess: async () => {
      setOpen(false);
      setTyped('');
      toast(t('The person was erased.'), 'success');
      await queryClient.invalidateQueries();
    },
    onError: (error) => toast(apiErrorMessage(error, t), 'error'),
  });
  const mayHandle = permissions?.some((p) => p.resource === 'users' && p.write) ?? false;
  if (role !== 'admin' || !mayHandle || !userId) return null;
  return (
    <>
      <Button
        icon={<ArrowDownload20Regular />}
        disabled={download.isPending}
        onClick={() => download.mutate()}
        data-testid="person-export"
      >
        {t('Export personal data')}
      </Button>
      <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <DialogTrigger disableButtonEnhancement>
          <Button icon={<PersonDelete20Regular />} data-testid="person-erase">
            {t('Erase person')}
          </Button>
        </DialogTrigger>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('Erase this person?')}</DialogTitle>
            <DialogContent>
              <p>
                {t(
                  'Their name, contact details, photo, files and the texts they wrote are removed for good. Grades and absences stay, without their name; financial documents are kept as the law requires.',
                )}
              </p>
              <Field label={t('Type {{word}} to confirm', { word: ERASE_CONFIRMATION })}>
                <Input
                  value={typed}
                  onChange={(_event, data) => setTyped(data.value)}
                  data-testid="person-erase-confirmation"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button>{t('Cancel')}</Button>
              </DialogTrigger>
              <Button
                appearance="primary"
                disabled={typed !== ERASE_CONFIRMATION || erase.isPending}
                onClick={() => erase.mutate()}
                data-testid="person-erase-confirm"
              >
                {t('Erase')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
