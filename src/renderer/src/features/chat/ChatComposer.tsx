import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Textarea,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  Attach24Regular,
  Dismiss16Regular,
  Document16Regular,
  Send24Regular,
} from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX_LENGTH } from '../../../../shared/chat/text';
import { FILES_DEFAULT_MAX_BYTES } from '../../../../shared/constants';
import { apiErrorMessage } from '../../api/apiErrorText';
import { announce } from '../../components/LiveAnnouncer';
import { formatFileSize } from '../files/filesApi';
import { removeUnsentChatFile, uploadChatFile, type ChatScope } from './chatApi';
import { FLOATING_ACTION_SPACE } from '../../components/floatingActionSpace';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  composer: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-end',
    paddingRight: FLOATING_ACTION_SPACE,
  },
  input: { flexGrow: 1, minWidth: 0 },
  hiddenInput: { display: 'none' },
  pending: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  chip: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS} ${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  chipText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  chipName: {
    maxWidth: '200px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  chipSize: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  progress: { width: '120px' },
});

interface PendingFile {
  key: string;
  name: string;
  size: number;
  /** 0 to 1 while uploading; the file's id once it waits in the room. */
  fraction: number;
  id: number | null;
}

let nextKey = 0;

/**
 * The room's composer: text, and files attached to the room (uploaded at once through the
 * files endpoint, sent with the message by their ids); Enter sends, Shift+Enter breaks the line.
 */
export function ChatComposer({
  scope,
  roomId,
  onSend,
  onTyped,
}: {
  scope: ChatScope;
  roomId: number;
  onSend: (text: string, fileIds: number[]) => Promise<void>;
  onTyped: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  // Files attached and not sent when the page closes are removed (the server also clears them
  // after a day).
  const waiting = useRef(new Set<number>());
  useEffect(() => {
    const left = waiting.current;
    return () => {
      for (const id of left) void removeUnsentChatFile(scope, id).catch(() => undefined);
    };
  }, [scope]);

  const uploading = pending.some((file) => file.id === null);
  const ready = pending.filter((file) => file.id !== null).map((file) => file.id!);
  const canSend = !sending && !uploading && (draft.trim() !== '' || ready.length > 0);

  const attach = async (chosen: File[]) => {
    const room = CHAT_ATTACHMENTS_MAX - pending.length;
    const refused =
      chosen.length > room
        ? [t('At most {{count}} files in one message', { count: CHAT_ATTACHMENTS_MAX })]
        : [];
    setErrors(refused);
    const accepted = chosen.slice(0, Math.max(0, room)).map((file) => ({
      file,
      entry: { key: `f${nextKey++}`, name: file.name, size: file.size, fraction: 0, id: null },
    }));
    setPending((current) => [...current, ...accepted.map((a) => a.entry)]);
    const update = (key: string, change: Partial<PendingFile> | null) =>
      setPending((current) =>
        change === null
          ? current.filter((f) => f.key !== key)
          : current.map((f) => (f.key === key ? { ...f, ...change } : f)),
      );
    for (const { file, entry } of accepted) {
      try {
        const saved = await uploadChatFile(scope, roomId, file, (fraction) =>
          update(entry.key, { fraction }),
        );
        waiting.current.add(saved.id);
        update(entry.key, { id: saved.id, fraction: 1 });
        announce(t('{{name}} was attached.', { name: file.name }));
      } catch (failure) {
        update(entry.key, null);
        setErrors((current) => [...current, `${file.name}: ${apiErrorMessage(failure, t)}`]);
      }
    }
  };

  const detach = (file: PendingFile) => {
    setPending((current) => current.filter((f) => f.key !== file.key));
    if (file.id === null) return;
    waiting.current.delete(file.id);
    void removeUnsentChatFile(scope, file.id).catch(() => undefined);
    announce(t('{{name}} was removed.', { name: file.name }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    setErrors([]);
    try {
      await onSend(draft.trim(), ready);
      for (const id of ready) waiting.current.delete(id);
      setDraft('');
      setPending([]);
    } catch (failure) {
      setErrors([apiErrorMessage(failure, t)]);
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className={styles.root}>
      {errors.length > 0 && (
        <MessageBar intent="error" data-testid="chat-composer-error">
          <MessageBarBody>
            {errors.map((error) => (
              <div key={error}>{error}</div>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
      {pending.length > 0 && (
        <ul className={styles.pending} aria-label={t('Files to send')}>
          {pending.map((file) => (
            <li key={file.key} className={styles.chip} data-testid="chat-pending-file">
              <Document16Regular aria-hidden />
              <span className={styles.chipText}>
                <span className={styles.chipName} title={file.name}>
                  {file.name}
                </span>
                {file.id === null ? (
                  <ProgressBar
                    className={styles.progress}
                    value={file.fraction}
                    max={1}
                    aria-label={t('Uploading {{name}}…', { name: file.name })}
                  />
                ) : (
                  <span className={styles.chipSize}>
                    {formatFileSize(file.size, i18n.language)}
                  </span>
                )}
              </span>
              <Button
                size="small"
                appearance="subtle"
                icon={<Dismiss16Regular />}
                aria-label={t('Remove {{name}}', { name: file.name })}
                disabled={file.id === null || sending}
                onClick={() => detach(file)}
              />
            </li>
          ))}
        </ul>
      )}
      <form className={styles.composer} onSubmit={(event) => void submit(event)}>
        <Tooltip content={t('Attach files')} relationship="label">
          <Button
            icon={<Attach24Regular />}
            aria-describedby={hintId}
            disabled={sending || pending.length >= CHAT_ATTACHMENTS_MAX}
            onClick={() => picker.current?.click()}
            data-testid="chat-attach"
          />
        </Tooltip>
        {/* Read as the button's description; a hidden element still describes. */}
        <span id={hintId} hidden>
          {t('Up to {{count}} files, each up to {{size}}; programs and scripts are not accepted.', {
            count: CHAT_ATTACHMENTS_MAX,
            size: formatFileSize(FILES_DEFAULT_MAX_BYTES, i18n.language),
          })}
        </span>
        <input
          ref={picker}
          type="file"
          multiple
          className={styles.hiddenInput}
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) void attach(files);
          }}
          data-testid="chat-attach-input"
        />
        <Textarea
          className={styles.input}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          resize="none"
          aria-label={t('Write a message')}
          placeholder={t('Write a message')}
          onChange={(_event, data) => {
            setDraft(data.value);
            onTyped();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" appearance="primary" icon={<Send24Regular />} disabled={!canSend}>
          {t('Send')}
        </Button>
      </form>
    </div>
  );
}
