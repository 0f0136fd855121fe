import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { notificationRoute } from '../../../../shared/notifications/route';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { msg } from '../../i18n/msg';
import { useMarkNotificationSeen, useNotification } from './officeApi';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    maxWidth: '720px',
    overflowWrap: 'anywhere',
  },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  body: { whiteSpace: 'pre-wrap' },
});

const ENTITY_LABELS = {
  task: msg('Task'),
  event: msg('Session'),
  announcements: msg('Announcement'),
  taskbook: msg('Task book'),
  quiz: msg('Quiz'),
  absence: msg('Absences of a student'),
} as const;

/** One notification (spec route notifications/{notification_id}); opening it marks it seen. */
export function NotificationPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const id = Number(useParams().notification_id);
  const notification = useNotification(schoolId, role, id);
  const { mutate: markSeen } = useMarkNotificationSeen(schoolId, role);
  const unseen = notification.data?.seen === false;
  useEffect(() => {
    if (unseen) markSeen(id);
  }, [unseen, id, markSeen]);
  const data = notification.data;
  const screen = data ? notificationRoute(role, data) : null;

  return (
    <PageFrame title={t('Notification')}>
      {notification.isError && <Text role="alert">{t(apiErrorText(notification.error))}</Text>}
      {!data ? (
        !notification.isError && <Spinner label={t('Loading...')} />
      ) : (
        <article className={styles.panel} aria-labelledby="notification-title">
          <Text
            as="h3"
            id="notification-title"
            size={500}
            weight="semibold"
            className={styles.heading}
          >
            {data.title}
          </Text>
          <Text className={styles.muted}>
            {formatLongDate(data.entrydate, i18n.language, true)}
          </Text>
          {data.body && <Text className={styles.body}>{data.body}</Text>}
          {data.entity && (
            <Text>
              {`${t(ENTITY_LABELS[data.entity])}: `}
              {screen ? (
                <AppLink to={`${basePath}/${screen}`}>{data.subject ?? t('Open')}</AppLink>
              ) : (
                <Text weight="semibold">{data.subject ?? t('No longer available')}</Text>
              )}
            </Text>
          )}
        </article>
      )}
      <div>
        <AppLink to={`${basePath}/notifications`}>{t('All notifications')}</AppLink>
      </div>
    </PageFrame>
  );
}
