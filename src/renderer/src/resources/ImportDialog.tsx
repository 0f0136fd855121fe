import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../shared/resources';
import { useAppToaster } from '../app/toaster';
import { apiErrorMessage } from '../api/apiErrorText';
import { uploadFile } from '../api/fileTransfer';
import { importableLabels, type ImportResult } from './importLogic';
import { ImportPreviewTable } from './ImportPreviewTable';
import { resourceKeys, resourcePath, type ResourceScope } from './resourceApi';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(1000px, calc(100vw - 24px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground2 },
  file: { display: 'none' },
});

/**
 * Import from CSV or XLSX (people resources): the file is checked first and every row shown with
 * its errors; nothing is written unless the user confirms, and then all rows or none.
 */
export function ImportDialog({
  resource,
  scope,
  compact,
}: {
  resource: ResourceDefinition;
  scope: ResourceScope;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const { dispatchToast } = useAppToaster();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = resourcePath(scope, '/import');

  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  const check = async (chosen: File) => {
    reset();
    setFile(chosen);
    setBusy(true);
    try {
      setPreview(await uploadFile<ImportResult>(path, chosen, { commit: 'false' }));
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await uploadFile<ImportResult>(path, file, { commit: 'true' });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(scope) });
      dispatchToast(
        <Toast>
          <ToastTitle>{t('{{count}} records imported', { count: result.created })}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
      close();
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<ArrowUpload20Regular />}
        onClick={() => setOpen(true)}
        aria-label={compact ? t('Import') : undefined}
        data-testid="import-button"
      >
        {compact ? undefined : t('Import')}
      </Button>
      <Dialog open={open} onOpenChange={(_e, data) => !data.open && close()}>
        <DialogSurface className={styles.surface} data-testid="import-dialog">
          <DialogBody>
            <DialogTitle>{t('Import {{what}}', { what: t(resource.title) })}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text className={styles.hint}>
                {t(
                  'Choose a CSV or Excel (XLSX) file whose first row names the columns. Columns: {{columns}}.',
                  {
                    columns: importableLabels(resource)
                      .map((label) => t(label))
                      .join(', '),
                  },
                )}
              </Text>
              <input
                ref={input}
                type="file"
                accept=".csv,.xlsx"
                className={styles.file}
                data-testid="import-file"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) void check(chosen);
                }}
              />
              <div>
                <Button onClick={() => input.current?.click()} disabled={busy}>
                  {file ? t('Choose another file') : t('Choose file')}
                </Button>
                {file && <Text className={styles.hint}>{`  ${file.name}`}</Text>}
              </div>
              {busy && <Spinner size="small" label={t('Checking the file...')} />}
              {error && (
                <MessageBar intent="error" role="alert" data-testid="import-error">
                  <MessageBarBody>{t(error)}</MessageBarBody>
                </MessageBar>
              )}
              {preview && (
                <>
                  <MessageBar
                    intent={preview.invalid > 0 ? 'warning' : 'success'}
                    data-testid="import-summary"
                  >
                    <MessageBarBody>
                      {preview.invalid > 0
                        ? t(
                            '{{valid}} rows are ready; {{invalid}} have errors. Fix them in the file and choose it again.',
                            {
                              valid: preview.valid,
                              invalid: preview.invalid,
                            },
                          )
                        : t('{{valid}} rows are ready to import.', { valid: preview.valid })}
                    </MessageBarBody>
                  </MessageBar>
                  <ImportPreviewTable resource={resource} result={preview} />
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={close} data-testid="import-cancel">
                {t('Cancel')}
              </Button>
              <Button
                appearance="primary"
                disabled={busy || !preview || preview.invalid > 0 || preview.valid === 0}
                onClick={() => void commit()}
                data-testid="import-commit"
              >
                {t('Import {{count}} rows', { count: preview?.valid ?? 0 })}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
