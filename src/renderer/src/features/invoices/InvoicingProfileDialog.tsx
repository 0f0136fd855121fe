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
  makeStyles,
  Spinner,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoicingProfile } from '../../../../shared/api/invoices';
import { apiErrorMessage } from '../../api/apiErrorText';
import { ApiError } from '../../api/apiError';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { msg } from '../../i18n/msg';
import { invoiceKeys, invoicingProfile, saveInvoicingProfile } from './invoicesApi';

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  },
  wide: { gridColumn: '1 / -1' },
});

type TextField = Exclude<keyof InvoicingProfile, 'branch' | 'email_documents'>;
const TEXT_FIELDS: { name: TextField; label: string; wide?: boolean }[] = [
  { name: 'legal_name', label: msg('Legal name'), wide: true },
  { name: 'vat_number', label: msg('VAT number (ΑΦΜ)') },
  { name: 'tax_office', label: msg('Tax office (ΔΟΥ)') },
  { name: 'activity', label: msg('Activity'), wide: true },
  { name: 'address', label: msg('Address'), wide: true },
  { name: 'city', label: msg('City') },
  { name: 'postal_code', label: msg('Postal code') },
  { name: 'phone', label: msg('Phone') },
];

/** The school's issuer details, printed on documents and sent to AADE, and its choices. */
export function InvoicingProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: invoiceKeys.profile(scope),
    queryFn: ({ signal }) => invoicingProfile(scope, signal),
    enabled: open,
  });
  const [draft, setDraft] = useState<InvoicingProfile | null>(null);
  useEffect(() => {
    if (open && stored.data) setDraft(stored.data);
  }, [open, stored.data]);
  const save = useMutation({
    mutationFn: (profile: InvoicingProfile) => saveInvoicingProfile(scope, profile),
    onSuccess: async () => {
      announce(t('Updated Successfully!'));
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.all(scope) });
      onClose();
    },
  });
  const fieldError = (name: string) =>
    save.error instanceof ApiError ? save.error.fields?.[name] : undefined;
  const set = <K extends keyof InvoicingProfile>(name: K, value: InvoicingProfile[K]) =>
    setDraft((current) => (current ? { ...current, [name]: value } : current));

  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface data-testid="invoicing-profile">
        <DialogBody>
          <DialogTitle>{t('Invoicing details')}</DialogTitle>
          <DialogContent>
            {!draft ? (
              <Spinner label={t('Loading...')} />
            ) : (
              <form
                id="invoicing-profile-form"
                className={styles.form}
                onSubmit={(event) => {
                  event.preventDefault();
                  save.mutate(draft);
                }}
              >
                {TEXT_FIELDS.map((field) => (
                  <Field
                    key={field.name}
                    label={t(field.label)}
                    className={field.wide ? styles.wide : undefined}
                    validationMessage={
                      fieldError(field.name) ? t(fieldError(field.name)!) : undefined
                    }
                  >
                    <Input
                      value={draft[field.name]}
                      onChange={(_e, data) => set(field.name, data.value)}
                    />
                  </Field>
                ))}
                <Field label={t('Branch (0 = head office)')}>
                  <Input
                    type="number"
                    min={0}
                    value={String(draft.branch)}
                    onChange={(_e, data) => set('branch', Math.max(0, Number(data.value) || 0))}
                  />
                </Field>
                <Switch
                  className={styles.wide}
                  checked={draft.email_documents}
                  onChange={(_e, data) => set('email_documents', data.checked)}
                  label={t("E-mail each document's PDF to its payer")}
                />
                {save.isError && !fieldError('vat_number') && (
                  <Field
                    className={styles.wide}
                    validationMessage={apiErrorMessage(save.error, t)}
                  />
                )}
              </form>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('Cancel')}</Button>
            <Button
              appearance="primary"
              type="submit"
              form="invoicing-profile-form"
              disabled={!draft || save.isPending}
            >
              {t('Save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
