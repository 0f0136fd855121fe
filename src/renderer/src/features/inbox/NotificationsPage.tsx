import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useArea } from '../../app/area/AreaContext';
import { useMarkNotificationsSeen } from './inboxQueries';
import { NotificationList } from './NotificationList';

/** The admin's notifications screen; opening it marks them seen, like the panel does. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const { mutate: markSeen } = useMarkNotificationsSeen(schoolId, role);
  useEffect(() => markSeen(), [markSeen]);
  return (
    <PageFrame title={t('Notifications')}>
      <NotificationList />
    </PageFrame>
  );
}
