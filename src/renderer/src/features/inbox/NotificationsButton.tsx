import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Tooltip,
} from '@fluentui/react-components';
import { Alert24Regular, Dismiss24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge, formatBadgeCount } from '../../components/CountBadge';
import { useArea } from '../area/AreaContext';
import { useMarkNotificationsSeen, useUnseenNotificationCount } from './inboxQueries';
import { NotificationList } from './NotificationList';
import { useTopBarButtonStyles } from './topBarButtonStyles';

/** The top bar's notifications button: unseen badge, and the list in a side panel. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const styles = useTopBarButtonStyles();
  const { schoolId, role } = useArea();
  const unseen = useUnseenNotificationCount(schoolId, role).data;
  const markSeen = useMarkNotificationsSeen(schoolId, role);
  const [open, setOpen] = useState(false);
  const badge = formatBadgeCount(unseen);
  const label = badge
    ? t('Notifications ({{count}} unseen)', { count: unseen })
    : t('Notifications');

  const openList = () => {
    setOpen(true);
    markSeen.mutate();
  };

  return (
    <>
      <Tooltip content={label} relationship="label">
        <Button
          appearance="subtle"
          className={styles.button}
          icon={<Alert24Regular />}
          onClick={openList}
          data-testid="notifications-button"
        >
          <CountBadge count={unseen} className={styles.badge} />
        </Button>
      </Tooltip>
      <OverlayDrawer
        position="end"
        open={open}
        onOpenChange={(_event, data) => setOpen(data.open)}
        size="medium"
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                aria-label={t('Close')}
                icon={<Dismiss24Regular />}
                onClick={() => setOpen(false)}
              />
            }
          >
            {t('Notifications')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>{open && <NotificationList onOpened={() => setOpen(false)} />}</DrawerBody>
      </OverlayDrawer>
    </>
  );
}
