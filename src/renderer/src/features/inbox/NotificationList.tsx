import { useSearchBoxSlots } from '../../components/fluentSlots';
import {
  makeStyles,
  SearchBox,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../../shared/api';
import { formatLongDate } from '../../i18n/formatDate';
import { useArea } from '../../app/area/AreaContext';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { BrowserNotificationsPrompt } from './BrowserNotificationsPrompt';
import { useNotifications } from './inboxQueries';
import { NotificationSettingsButton } from './NotificationSettingsButton';
import { notificationRoute } from './notificationRoute';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  search: { flexGrow: 1, minWidth: '180px' },
  row: { cursor: 'pointer' },
  unseen: { fontWeight: tokens.fontWeightSemibold },
  date: {
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground2,
    // A phone has no room for a long date on one line beside the title.
    '@media (max-width: 575px)': { whiteSpace: 'normal' },
  },
  empty: {
    padding: tokens.spacingVerticalXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
});

/** The searchable notification list (spec §2): title and date; pressing opens the entity. */
export function NotificationList({ onOpened }: { onOpened?: () => void }) {
  const { t, i18n } = useTranslation();
  const searchBoxSlots = useSearchBoxSlots();
  const styles = useStyles();
  const navigate = useNavigate();
  const { role, schoolId, basePath } = useArea();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  const notifications = useNotifications(schoolId, role, query);

  const open = (notification: Notification) => {
    const target =
      notificationRoute(
        role,
        notification.entity,
        notification.entity_id,
        notification.lesson_id,
      ) ?? (role === 'admin' ? `notifications/${notification.id}` : null);
    if (!target) return;
    onOpened?.();
    void navigate(`${basePath}/${target}`);
  };

  return (
    <div className={styles.root}>
      <BrowserNotificationsPrompt />
      <div className={styles.tools}>
        <SearchBox
          {...searchBoxSlots}
          className={styles.search}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
          placeholder={t('Search')}
          aria-label={t('Search notifications')}
        />
        <NotificationSettingsButton />
      </div>
      {notifications.isPending ? (
        <Spinner size="small" label={t('Loading...')} />
      ) : !notifications.data?.length ? (
        <Text className={styles.empty}>{t('Nothing Found')}</Text>
      ) : (
        <Table size="small" aria-label={t('Notifications')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('Title')}</TableHeaderCell>
              <TableHeaderCell>{t('Date')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {notifications.data.map((notification) => (
              <TableRow
                key={notification.id}
                className={styles.row}
                tabIndex={0}
                onClick={() => open(notification)}
                onKeyDown={(event) => event.key === 'Enter' && open(notification)}
                data-testid="notification-row"
              >
                <TableCell className={notification.seen ? undefined : styles.unseen}>
                  {notification.title}
                </TableCell>
                <TableCell className={styles.date}>
                  {formatLongDate(notification.entrydate, i18n.language, true)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
