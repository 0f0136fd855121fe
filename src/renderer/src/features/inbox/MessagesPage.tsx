import { useSearchBoxSlots } from '../../components/fluentSlots';
import { Avatar, makeStyles, SearchBox, Spinner, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CountBadge, formatBadgeCount } from '../../components/CountBadge';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { PageFrame } from '../../components/PageFrame';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useArea } from '../../app/area/AreaContext';
import { useChatRooms } from './inboxQueries';

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
  name: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  empty: {
    padding: tokens.spacingVerticalXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

/** The chat rooms with their unread counts (spec §2); pressing one opens it. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const searchBoxSlots = useSearchBoxSlots();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const rooms = useChatRooms(schoolId, role, query);

  return (
    <PageFrame
      title={t('Messages')}
      actions={
        <SearchBox
          {...searchBoxSlots}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
          placeholder={t('Search')}
          aria-label={t('Search chat rooms')}
        />
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
                <Text
                  weight={room.unread_messages_count ? 'semibold' : 'regular'}
                  className={styles.name}
                >
                  {room.name}
                </Text>
                {/* Named by its content (label in name, WCAG 2.5.3): the room's name as shown,
                    then the unread count in words instead of the bare badge. */}
                {formatBadgeCount(room.unread_messages_count) && (
                  <VisuallyHidden>
                    {`, ${t('{{count}} unread', { count: room.unread_messages_count })}`}
                  </VisuallyHidden>
                )}
                <span aria-hidden>
                  <CountBadge count={room.unread_messages_count} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
