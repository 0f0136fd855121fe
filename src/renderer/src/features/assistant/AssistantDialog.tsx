import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular, Send24Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type FormEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_QUESTION_MAX_LENGTH } from '../../../../shared/api/assistant';
import {
  CHAT_MODAL_MAX_HEIGHT_FRACTION,
  CHAT_MODAL_MAX_WIDTH,
  type Role,
} from '../../../../shared/constants';
import { AssistantMessages } from './AssistantMessages';
import { useAssistantChat } from './useAssistantChat';

/** How far down a swipe on the title bar goes before it closes the chat. */
const SWIPE_CLOSE_PX = 80;

const useStyles = makeStyles({
  surface: {
    width: `min(${CHAT_MODAL_MAX_WIDTH}px, calc(100vw - 16px))`,
    maxWidth: `${CHAT_MODAL_MAX_WIDTH}px`,
    height: `${CHAT_MODAL_MAX_HEIGHT_FRACTION * 100}vh`,
    maxHeight: `${CHAT_MODAL_MAX_HEIGHT_FRACTION * 100}vh`,
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    boxSizing: 'border-box',
  },
  body: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, gap: 0 },
  title: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    // The title bar is the handle a finger swipes down to close the chat.
    touchAction: 'none',
  },
  content: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} 0`,
  },
  form: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
  },
  input: { flexGrow: 1 },
});

export interface AssistantDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  schoolId: number;
  role: Role;
}

/** The AI chat modal of spec §2: at most 1000 wide and 80% high; swipe, backdrop or close. */
export default function AssistantDialog({
  open,
  onClose,
  title,
  schoolId,
  role,
}: AssistantDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const chat = useAssistantChat(schoolId, role);
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);

  // Keep the newest words in view as the answer grows.
  useEffect(() => {
    const node = scroller.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [chat.messages.length, chat.streamed, chat.phase]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft;
    if (!question.trim()) return;
    void chat.ask(question).then((sent) => {
      if (!sent) setDraft(question);
    });
    setDraft('');
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientY;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current !== null && event.clientY - swipeStart.current > SWIPE_CLOSE_PX)
      onClose();
    swipeStart.current = null;
  };

  const busy = chat.phase !== 'idle';
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="assistant-dialog">
        <DialogBody className={styles.body}>
          <div
            className={styles.title}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <DialogTitle>{title}</DialogTitle>
            <Button
              appearance="subtle"
              aria-label={t('Close')}
              icon={<Dismiss24Regular />}
              onClick={onClose}
            />
          </div>
          <DialogContent className={styles.content} ref={scroller}>
            <div aria-live="polite" aria-busy={busy}>
              <AssistantMessages
                greeting={t('What would you like to learn today?')}
                messages={chat.messages}
                pendingQuestion={chat.pendingQuestion}
                streamed={chat.streamed}
                thinking={chat.phase === 'thinking' || chat.phase === 'creating'}
                onOpenSource={onClose}
              />
            </div>
          </DialogContent>
          {chat.createFailed && (
            <MessageBar intent="error" data-testid="assistant-error">
              <MessageBarBody>{t('Could not create chat session')}</MessageBarBody>
            </MessageBar>
          )}
          <form className={styles.form} onSubmit={submit}>
            <Textarea
              className={styles.input}
              aria-label={t('Your question')}
              placeholder={t('Ask about your lessons')}
              value={draft}
              maxLength={AI_QUESTION_MAX_LENGTH}
              resize="vertical"
              onChange={(_event, data) => setDraft(data.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) submit(event);
              }}
              data-testid="assistant-input"
            />
            <Button
              type="submit"
              appearance="primary"
              icon={<Send24Regular />}
              disabled={busy || !draft.trim()}
              data-testid="assistant-send"
            >
              {t('Send')}
            </Button>
          </form>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
