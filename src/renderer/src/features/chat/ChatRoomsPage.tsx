import { Avatar, makeStyles, SearchBox, Spinner, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChatRoomSummary } from '../../../../shared/api/chat';
import { mayMakeRooms } from '../../../../shared/chat/policy';
import { useArea } from '../../app/area/AreaContext';
import { CountBadge, formatBadgeCount } from '../../components/CountBadge';
import { useSearchBoxSlots } from '../../components/fluentSlots';
import { PageFrame } from '../../components/PageFrame';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { msg } from '../../i18n/msg';
import { useChatRoomList } from './chatApi';
import { NewConversationDialog } from './NewConversationDialog';
import { NewRoomDialog } from './NewRoomDialog';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  room: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  line: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  preview: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  side: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-end',
    gap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    flexShrink: 0,
  },
  empty: {
    padding: tokens.spacingVerticalXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

const KIND_LABELS = {
  lesson: msg('Lesson'),
  direct: msg('Conversation'),
  group: msg('Group'),
} as const;

/** `messages`: the caller's rooms with search, last message and unread badge (+9 from 9). */
export default function ChatRoomsPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const searchBoxSlots = useSearchBoxSlots();
  const { schoolId, role, basePath } = useArea();
  const scope = useMemo(() => ({ schoolId, role }), [schoolId, role]);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const rooms = useChatRoomList(scope, query);
  const when = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });

  const preview = (room: ChatRoomSummary) => {
    const last = room.last_message;
    if (!last) return t('No messages yet');
    const text = last.deleted ? t('Message deleted') : last.body || t('Sent a file');
    return `${last.author_name}: ${text}`;
  };

  return (
    <PageFrame
      title={t('Messages')}
      actions={
        <>
          <SearchBox
            {...searchBoxSlots}
            value={search}
            onChange={(_event, data) => setSearch(data.value)}
            placeholder={t('Search')}
            aria-label={t('Search chat rooms')}
          />
          <NewConversationDialog scope={scope} basePath={basePath} />
          {mayMakeRooms(role) && <NewRoomDialog scope={scope} basePath={basePath} />}
        </>
      }
    >
      {rooms.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : !rooms.data?.length ? (
        <Text className={styles.empty}>{t('Nothing Found')}</Text>
      ) : (
        <ul className={styles.list}>
          {rooms.data.map((room) => (
            <li key={room.id}>
              <Link
                className={styles.room}
                to={`${basePath}/message/${room.id}`}
                data-testid="chat-room"
              >
                <Avatar name={room.name} color="colorful" aria-hidden />
                <span className={styles.text}>
                  <Text
                    weight={room.unread_messages_count ? 'semibold' : 'regular'}
                    className={styles.line}
                  >
                    {room.name}
                  </Text>
                  <span className={`${styles.line} ${styles.preview}`}>{preview(room)}</span>
                </span>
                {/* Named by its content (WCAG 2.5.3): the unread count in words, not the badge. */}
                {formatBadgeCount(room.unread_messages_count) && (
                  <VisuallyHidden>
                    {`, ${t('{{count}} unread', { count: room.unread_messages_count })}`}
                  </VisuallyHidden>
                )}
                <span className={styles.side}>
                  <span>{t(KIND_LABELS[room.kind])}</span>
                  {room.last_message && (
                    <time dateTime={room.last_message.created_at}>
                      {when.format(new Date(room.last_message.created_at))}
                    </time>
                  )}
                  <span aria-hidden>
                    <CountBadge count={room.unread_messages_count} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
