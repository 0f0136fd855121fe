import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Text,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before the credit document that cancels a registered document, and for its date. */
export function CancelDocumentDialog({
  open,
  documentName,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  documentName: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (issueDate: string) => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_e, data) => !data.open && onCancel()}>
      <DialogSurface data-testid="cancel-document">
        <DialogBody>
          <DialogTitle>{t('Cancel {{name}}?', { name: documentName })}</DialogTitle>
          <DialogContent>
            <Text block>
              {t(
                'A credit document for the same amount is issued and sent to myDATA. The original stays on record.',
              )}
            </Text>
            <Field
              label={t('Date of the credit document')}
              validationMessage={error ?? undefined}
              validationState={error ? 'error' : 'none'}
            >
              <Input type="date" value={date} onChange={(_e, data) => setDate(data.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              {t('Keep it')}
            </Button>
            <Button
              appearance="primary"
              disabled={busy || !date}
              onClick={() => onConfirm(date)}
              data-testid="cancel-document-confirm"
            >
              {t('Issue the credit document')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
