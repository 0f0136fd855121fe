import { Chat24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useArea } from '../../app/area/AreaContext';
import { CountButton } from './CountButton';
import { useUnseenMessageCount } from './inboxQueries';

/** The top bar's messages button (over 768): unread badge, opens the chat rooms. */
export function MessagesButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { schoolId, role, basePath } = useArea();
  const unread = useUnseenMessageCount(schoolId, role).data;
  return (
    <CountButton
      icon={<Chat24Regular />}
      label={t('Messages')}
      countLabel={t('unread')}
      count={unread}
      onClick={() => void navigate(`${basePath}/messages`)}
      testId="messages-button"
    />
  );
}
