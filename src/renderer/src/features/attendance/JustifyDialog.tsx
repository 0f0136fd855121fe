import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AbsenceRow } from '../../../../shared/api/attendance';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { formatLongDate } from '../../i18n/formatDate';
import { Attachments } from '../files/Attachments';
import { attendanceKeys, justifyAbsence } from './attendanceApi';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * Justifying an absence: justified or not, the reason, and the documents (a doctor's note),
 * which are uploaded through the files area as they are chosen.
 */
export function JustifyDialog({ record, onClose }: { record: AbsenceRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const queryClient = useQueryClient();
  // A new justification is meant to justify; editing one keeps what it says.
  const [justified, setJustified] = useState(record.justified || record.status === 'absent');
  const [note, setNote] = useState(record.justification_note ?? '');
  const save = useMutation({
    mutationFn: () =>
      justifyAbsence(scope, record.student_id, record.id, {
        justified,
        note: note.trim() || null,
      }),
    onSuccess: async () => {
      announce(justified ? t('The absence is justified.') : t('The justification was removed.'));
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all(scope) });
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface data-testid="justify-dialog">
        <DialogBody>
          <DialogTitle>
            {t('Absence of {{date}} in {{lesson}}', {
              date: formatLongDate(record.date, i18n.language),
              lesson: record.lesson_name,
            })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <Checkbox
              checked={justified}
              onChange={(_event, data) => setJustified(data.checked === true)}
              label={t('Justified')}
              data-testid="justify-checkbox"
            />
            <Field label={t('Reason')}>
              <Textarea
                value={note}
                maxLength={2000}
                onChange={(_event, data) => setNote(data.value)}
                data-testid="justify-note"
              />
            </Field>
            <Attachments
              files={record.files}
              target={{ type: 'absence', entityId: record.id }}
              title={t('Documents')}
              testId="justify-files"
            />
            {save.isError && (
              <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                {apiErrorMessage(save.error, t)}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={save.isPending}>
              {t('Cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={() => save.mutate()}
              disabled={save.isPending}
              data-testid="justify-save"
            >
              {t('Save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
