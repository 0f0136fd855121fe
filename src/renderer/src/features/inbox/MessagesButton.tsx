import { Button, Tooltip } from '@fluentui/react-components';
import { Chat24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CountBadge, formatBadgeCount } from '../../components/CountBadge';
import { useArea } from '../area/AreaContext';
import { useUnseenMessageCount } from './inboxQueries';
import { useTopBarButtonStyles } from './topBarButtonStyles';

/** The top bar's messages button (over 768): unread badge, opens the chat rooms. */
export function MessagesButton() {
  const { t } = useTranslation();
  const styles = useTopBarButtonStyles();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const unread = useUnseenMessageCount(schoolId, role).data;
  const label = formatBadgeCount(unread)
    ? t('Messages ({{count}} unread)', { count: unread })
    : t('Messages');
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        className={styles.button}
        icon={<Chat24Regular />}
        onClick={() => void navigate(`${basePath}/messages`)}
        data-testid="messages-button"
      >
        <CountBadge count={unread} className={styles.badge} />
      </Button>
    </Tooltip>
  );
}
