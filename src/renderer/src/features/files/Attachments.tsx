import { Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { ArrowDownload20Regular, Delete20Regular, Document24Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRef } from '../../../../shared/api/files';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { DeleteConfirmDialog } from '../../resources/DeleteConfirmDialog';
import { deleteFile, fileLink, formatFileSize, isImage } from './filesApi';
import { FileUploader, type UploadTarget } from './FileUploader';
import { useFilesInvalidation } from './useFilesInvalidation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  thumb: {
    width: '56px',
    height: '56px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusSmall,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  icon: {
    width: '56px',
    height: '56px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: { overflowWrap: 'anywhere', color: tokens.colorBrandForegroundLink },
  size: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3 },
});

/**
 * A record's attached files, one component for chapters, tasks and students' work: images as
 * thumbnails (signed links work in <img>), every file opened or downloaded by its link; with
 * `target` the editor also attaches and removes them.
 */
export function Attachments({
  files,
  target,
  title,
  testId,
}: {
  files: FileRef[];
  /** Where uploads go; without it the list is read-only. */
  target?: UploadTarget | null;
  title?: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const invalidation = useFilesInvalidation();
  const [removing, setRemoving] = useState<FileRef | null>(null);
  const remove = useMutation({
    mutationFn: (file: FileRef) => deleteFile({ schoolId, role }, file.id),
    onSuccess: async (_done, file) => {
      announce(t('{{name}} was removed.', { name: file.name }));
      await invalidation.afterWrite();
    },
    onSettled: () => setRemoving(null),
  });
  const editable = Boolean(target);
  if (!editable && files.length === 0) return null;
  const headingId = `${testId}-heading`;
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid={testId}>
      <Text as="h3" id={headingId} size={400} weight="semibold" className={styles.heading}>
        {title ?? t('Attachments')}
      </Text>
      {files.length === 0 ? (
        <Text className={styles.empty}>{t('No files attached yet.')}</Text>
      ) : (
        <ul className={styles.list}>
          {files.map((file) => {
            const link = fileLink(file.url);
            return (
              <li key={file.id} className={styles.item} data-testid={`${testId}-file`}>
                {isImage(file) ? (
                  <img className={styles.thumb} src={link} alt={file.name} loading="lazy" />
                ) : (
                  <span className={styles.icon} aria-hidden>
                    <Document24Regular />
                  </span>
                )}
                <span className={styles.text}>
                  <a
                    className={styles.name}
                    href={link}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`${testId}-open`}
                  >
                    {file.name}
                  </a>
                  <Text size={200} className={styles.size}>
                    {formatFileSize(file.size, i18n.language)}
                  </Text>
                </span>
                <Tooltip content={t('Download {{name}}', { name: file.name })} relationship="label">
                  <Button
                    as="a"
                    appearance="subtle"
                    icon={<ArrowDownload20Regular />}
                    href={link}
                    download={file.name}
                    data-testid={`${testId}-download`}
                  />
                </Tooltip>
                {editable && (
                  <Tooltip content={t('Remove {{name}}', { name: file.name })} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      onClick={() => setRemoving(file)}
                      data-testid={`${testId}-remove`}
                    />
                  </Tooltip>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {apiErrorMessage(remove.error, t)}
        </Text>
      )}
      {target && (
        <FileUploader
          target={target}
          onUploaded={() => invalidation.afterWrite()}
          testId={testId}
        />
      )}
      <DeleteConfirmDialog
        open={removing !== null}
        name={removing?.name}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </section>
  );
}
