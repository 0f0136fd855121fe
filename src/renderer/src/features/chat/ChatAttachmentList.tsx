import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { Document20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '../../../../shared/api/chat';
import { fileLink, formatFileSize, isImage } from '../files/filesApi';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  file: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: 'inherit',
    overflowWrap: 'anywhere',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  picture: {
    display: 'inline-flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
  },
  thumb: {
    display: 'block',
    maxWidth: 'min(240px, 100%)',
    maxHeight: '180px',
    borderRadius: tokens.borderRadiusMedium,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  size: { fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  pending: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * The files a message carries: pictures as thumbnails, other files as links with their size;
 * each opens through its signed link. A file that came live waits for its link a moment.
 */
export function ChatAttachmentList({
  files,
  className,
}: {
  files: ChatAttachment[];
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  if (files.length === 0) return null;
  return (
    <ul className={mergeClasses(styles.list, className)} aria-label={t('Attachments')}>
      {files.map((file) => {
        const size = formatFileSize(file.size, i18n.language);
        if (file.url === null)
          return (
            <li key={file.id} className={styles.pending} data-testid="chat-attachment">
              <Spinner size="extra-tiny" aria-hidden />
              <span>{file.name}</span>
            </li>
          );
        const link = fileLink(file.url);
        return (
          <li key={file.id} data-testid="chat-attachment">
            {isImage(file) ? (
              <a
                className={mergeClasses(styles.file, styles.picture)}
                href={link}
                target="_blank"
                rel="noopener noreferrer"
              >
                {/* The caption names the picture: the link reads it once. */}
                <img className={styles.thumb} src={link} alt="" loading="lazy" />
                <span className={styles.size}>{`${file.name} · ${size}`}</span>
              </a>
            ) : (
              <a
                className={styles.file}
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                download={file.name}
              >
                <Document20Regular aria-hidden />
                <span>{file.name}</span>
                <span className={styles.size}>{size}</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
