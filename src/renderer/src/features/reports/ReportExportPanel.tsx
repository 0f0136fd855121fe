import { Button, Field, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ReportDeclaration,
  ReportExportFormat,
  ReportResult,
} from '../../../../shared/api/reports';
import { apiErrorText } from '../../api/apiErrorText';
import { downloadFile } from '../../api/fileTransfer';
import { useServices } from '../../app/services';
import { msg } from '../../i18n/msg';
import { exportStatus, reportKeys, startExport, type ReportScope } from './reportsApi';

const EXPORT_BUTTONS: Record<ReportExportFormat, string> = {
  xlsx: msg('Export to Excel'),
  csv: msg('Export to CSV'),
  pdf: msg('Export to PDF'),
};

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * Export buttons: the export runs on the server in the background; this polls its progress
 * and offers the file once it is written.
 */
export function ReportExportPanel({
  scope,
  declaration,
  rows,
  filters,
}: {
  scope: ReportScope;
  declaration: ReportDeclaration;
  /** The rows shown, whose words (a status) the file should read in the reader's language. */
  rows: ReportResult['rows'];
  filters: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { platform } = useServices();
  const [exportId, setExportId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: (format: ReportExportFormat) =>
      startExport(scope, declaration.id, {
        format,
        filters,
        // The file speaks the reader's language: the server has no translations.
        labels: {
          ...Object.fromEntries(declaration.columns.map((c) => [c.key, t(c.label)])),
          ...Object.fromEntries(declaration.filters.map((f) => [`filter.${f.key}`, t(f.label)])),
          title: t(declaration.title),
          total: t('Total'),
          ...Object.fromEntries(
            declaration.columns
              .filter((c) => c.translate)
              .flatMap((c) => rows.map((r) => r[c.key]))
              .filter((v): v is string => typeof v === 'string')
              .map((v) => [`value.${v}`, t(v)]),
          ),
        },
        locale: i18n.language.startsWith('el') ? 'el' : 'en',
      }),
    onSuccess: (started) => setExportId(started.id),
  });
  const status = useQuery({
    queryKey: reportKeys.export(scope, declaration.id, exportId ?? 0),
    queryFn: ({ signal }) => exportStatus(scope, declaration.id, exportId!, signal),
    enabled: exportId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 500,
  });
  const download = useMutation({
    mutationFn: async () => {
      const url = status.data?.download_url;
      if (!url) return;
      const file = await downloadFile(url, {});
      await platform.saveFile(file.name, file.data, file.type);
    },
  });
  const current = exportId === null ? null : status.data;
  const running =
    start.isPending ||
    (current !== null &&
      current !== undefined &&
      current.status !== 'done' &&
      current.status !== 'failed') ||
    (exportId !== null && !current);
  return (
    <section className={styles.panel} aria-label={t('Export')}>
      <div className={styles.buttons}>
        {(['xlsx', 'csv', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            icon={<ArrowDownload20Regular />}
            disabled={running}
            onClick={() => {
              setExportId(null);
              start.mutate(format);
            }}
            data-testid={`export-${format}`}
          >
            {t(EXPORT_BUTTONS[format])}
          </Button>
        ))}
      </div>
      {start.isError && <Text role="alert">{apiErrorText(start.error)}</Text>}
      {current && current.status !== 'done' && current.status !== 'failed' && (
        <Field label={t('Preparing the export…')} validationState="none">
          <ProgressBar value={current.progress / 100} data-testid="export-progress" />
        </Field>
      )}
      {exportId !== null && !current && (
        <Field label={t('Preparing the export…')}>
          <ProgressBar value={0} data-testid="export-progress" />
        </Field>
      )}
      {current?.status === 'failed' && (
        <Text role="alert">{current.error ?? t('The export failed.')}</Text>
      )}
      {current?.status === 'done' && (
        <div className={styles.buttons}>
          <Text>{t('Ready: {{count}} rows.', { count: current.rows ?? 0 })}</Text>
          <Button
            appearance="primary"
            icon={<ArrowDownload20Regular />}
            onClick={() => download.mutate()}
            disabled={download.isPending}
            data-testid="export-download"
          >
            {t('Download {{name}}', { name: current.file_name ?? '' })}
          </Button>
        </div>
      )}
      {download.isError && <Text role="alert">{apiErrorText(download.error)}</Text>}
    </section>
  );
}
