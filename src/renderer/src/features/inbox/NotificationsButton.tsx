import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
} from '@fluentui/react-components';
import { Alert24Regular, Dismiss24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArea } from '../../app/area/AreaContext';
import { CountButton } from './CountButton';
import { useMarkNotificationsSeen, useUnseenNotificationCount } from './inboxQueries';
import { NotificationList } from './NotificationList';

/** The top bar's notifications button: unseen badge, and the list in a side panel. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const unseen = useUnseenNotificationCount(schoolId, role).data;
  const markSeen = useMarkNotificationsSeen(schoolId, role);
  const [open, setOpen] = useState(false);

  const openList = () => {
    setOpen(true);
    markSeen.mutate();
  };

  return (
    <>
      <CountButton
        icon={<Alert24Regular />}
        label={t('Notifications')}
        countLabel={t('unseen')}
        count={unseen}
        onClick={openList}
        testId="notifications-button"
      />
      <OverlayDrawer
        position="end"
        open={open}
        onOpenChange={(_event, data) => setOpen(data.open)}
        size="medium"
        aria-label={t('Notifications')}
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
