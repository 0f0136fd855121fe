import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Attach20Regular } from '@fluentui/react-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRef, UploadEntity } from '../../../../shared/api/files';
import { FILES_DEFAULT_MAX_BYTES } from '../../../../shared/constants';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { formatFileSize, uploadAttachment } from './filesApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  input: { display: 'none' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  name: { overflowWrap: 'anywhere' },
});

export interface UploadTarget {
  type: UploadEntity;
  entityId: number;
}

/**
 * "Attach files": picks one or more files and uploads them one after the other with a
 * progress bar; says the size limit before, and after a refusal why (413 with the server's
 * limit, a refused type), file by file.
 */
export function FileUploader({
  target,
  onUploaded,
  testId,
}: {
  target: UploadTarget;
  onUploaded: (file: FileRef) => Promise<unknown> | void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [current, setCurrent] = useState<{ name: string; fraction: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);

  async function send(files: File[]) {
    setFailures([]);
    const failed: string[] = [];
    for (const file of files) {
      setCurrent({ name: file.name, fraction: 0 });
      try {
        const saved = await uploadAttachment({ schoolId, role }, target, file, (fraction) =>
          setCurrent({ name: file.name, fraction }),
        );
        await onUploaded(saved);
        announce(t('{{name}} was attached.', { name: file.name }));
      } catch (error) {
        failed.push(`${file.name}: ${apiErrorMessage(error, t)}`);
      }
    }
    setCurrent(null);
    setFailures(failed);
  }

  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <Button
          icon={<Attach20Regular />}
          disabledFocusable={current !== null}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
          data-testid={`${testId}-upload`}
        >
          {t('Attach files')}
        </Button>
        <Text size={200} id={hintId} className={styles.hint}>
          {t('Each file up to {{size}}; programs and scripts are not accepted.', {
            size: formatFileSize(FILES_DEFAULT_MAX_BYTES, i18n.language),
          })}
        </Text>
        <input
          ref={input}
          type="file"
          multiple
          className={styles.input}
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) void send(files);
          }}
          data-testid={`${testId}-input`}
        />
      </div>
      {current && (
        <div className={styles.progress} data-testid={`${testId}-progress`}>
          <Text size={200} className={styles.name}>
            {t('Uploading {{name}}…', { name: current.name })}
          </Text>
          <ProgressBar
            value={current.fraction}
            max={1}
            thickness="large"
            aria-label={t('Uploading {{name}}…', { name: current.name })}
          />
        </div>
      )}
      {failures.length > 0 && (
        <MessageBar intent="error" role="alert" data-testid={`${testId}-error`}>
          <MessageBarBody>
            {failures.map((failure) => (
              <div key={failure}>{failure}</div>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
