import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AiChatMessage } from '../../../../shared/api/assistant';
import { AppLink } from '../../components/AppLink';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  bubble: {
    maxWidth: '85%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  mine: {
    alignSelf: 'flex-end',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  theirs: {
    alignSelf: 'flex-start',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  sources: {
    marginTop: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalXS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  sourceList: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  thinking: { fontStyle: 'italic', color: tokens.colorNeutralForeground2 },
});

const KIND_LABELS = {
  chapter: 'Chapter',
  lesson: 'Lesson',
  announcement: 'Announcement',
  task: 'Task',
} as const;

export interface AssistantMessagesProps {
  greeting: string;
  messages: AiChatMessage[];
  pendingQuestion: string | null;
  streamed: string;
  thinking: boolean;
  onOpenSource: () => void;
}

/** The conversation: the greeting, the history with sources under answers, the live answer. */
export function AssistantMessages({
  greeting,
  messages,
  pendingQuestion,
  streamed,
  thinking,
  onOpenSource,
}: AssistantMessagesProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const theirs = `${styles.bubble} ${styles.theirs}`;
  return (
    <ol className={styles.list} aria-label={t('Conversation')}>
      <li className={theirs}>{greeting}</li>
      {messages.map((message, index) => (
        <li
          key={index}
          className={message.byUser ? `${styles.bubble} ${styles.mine}` : theirs}
          data-testid={message.byUser ? 'assistant-question' : 'assistant-answer'}
        >
          {message.message}
          {message.contents && message.contents.length > 0 && (
            <div className={styles.sources}>
              <Text size={200} weight="semibold">
                {t('Sources')}
              </Text>
              <ul className={styles.sourceList}>
                {message.contents.map((source) => (
                  <li key={`${source.kind}:${source.id}`} onClickCapture={onOpenSource}>
                    <AppLink to={source.url}>
                      {`${t(KIND_LABELS[source.kind])}: ${source.name}`}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </li>
      ))}
      {pendingQuestion !== null && (
        <li className={`${styles.bubble} ${styles.mine}`}>{pendingQuestion}</li>
      )}
      {thinking && (
        <li className={`${theirs} ${styles.thinking}`} data-testid="assistant-thinking">
          {t('Thinking...')}
        </li>
      )}
      {streamed && (
        <li className={theirs} data-testid="assistant-streaming">
          {streamed}
        </li>
      )}
    </ol>
  );
}
