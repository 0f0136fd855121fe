import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { Delete16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage } from '../../../../shared/api/chat';
import { ChatAttachmentList } from './ChatAttachmentList';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  row: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', maxWidth: '100%' },
  mine: { alignItems: 'flex-end' },
  bubble: {
    maxWidth: 'min(560px, 85%)',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  mineBubble: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  deleted: { fontStyle: 'italic', color: tokens.colorNeutralForeground2 },
  meta: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  author: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase200 },
});

interface ChatMessageListProps {
  messages: ChatMessage[];
  me: number;
  members: ChatMember[];
  /** Live read positions, newer than the members' as loaded. */
  reads: Map<number, number>;
  language: string;
  /** The room lets the caller delete anyone's message (abilities from the server). */
  moderate: boolean;
  onDelete: (message: ChatMessage) => void;
}

/** The conversation: bubbles (own on the right), authors, times, deletions and who has seen. */
export function ChatMessageList(props: ChatMessageListProps) {
  const { messages, me, members, reads, language, moderate, onDelete } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const time = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const positionOf = (member: ChatMember) =>
    Math.max(member.last_read_message_id, reads.get(member.user_id) ?? 0);
  const lastMine = [...messages].reverse().find((m) => m.user_id === me && !m.deleted);
  const seenBy = lastMine
    ? members.filter((m) => m.user_id !== me && positionOf(m) >= lastMine.id).map((m) => m.name)
    : [];

  return (
    <ol className={styles.list} aria-label={t('Messages')}>
      {messages.map((message) => {
        const mine = message.user_id === me;
        return (
          <li
            key={message.id}
            className={mergeClasses(styles.row, mine && styles.mine)}
            data-testid="chat-message"
          >
            <div
              className={mergeClasses(styles.bubble, mine && !message.deleted && styles.mineBubble)}
            >
              {!mine && <span className={styles.author}>{message.author_name}</span>}
              {message.deleted ? (
                <span className={styles.deleted}>{t('Message deleted')}</span>
              ) : (
                <>
                  {/* Plain text: React escapes it, and pre-wrap keeps its lines. */}
                  {message.body !== '' && <Text>{message.body}</Text>}
                  <ChatAttachmentList files={message.attachments} />
                </>
              )}
            </div>
            <span className={styles.meta}>
              <time dateTime={message.created_at}>{time.format(new Date(message.created_at))}</time>
              {!message.deleted && (mine || moderate) && (
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<Delete16Regular />}
                  aria-label={t('Delete message')}
                  title={t('Delete message')}
                  onClick={() => onDelete(message)}
                />
              )}
            </span>
            {lastMine?.id === message.id && seenBy.length > 0 && (
              <span className={styles.meta} data-testid="chat-seen">
                {t('Seen by {{names}}', { names: seenBy.join(', ') })}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
