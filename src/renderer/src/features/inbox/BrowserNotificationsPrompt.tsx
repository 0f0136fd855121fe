import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';

/**
 * Offers browser notifications while the browser has not been asked yet. Browsers ask only in
 * answer to a click, so the socket's notifications cannot ask for themselves; the same click
 * subscribes the device to Web Push. Once the user has answered, either way, this stays hidden
 * (the desktop app needs no asking); the notification settings turn push on or off later.
 */
export function BrowserNotificationsPrompt() {
  const { t } = useTranslation();
  const { platform } = useServices();
  const [permission, setPermission] = useState(() => platform.notificationPermission());
  const [asking, setAsking] = useState(false);
  if (permission !== 'default') return null;

  const ask = async () => {
    setAsking(true);
    try {
      const answer = await platform.requestNotificationPermission();
      setPermission(answer);
      // On the web, the same click subscribes this device to push, so that news reaches it with
      // the app closed too (the desktop shows its own notifications). In the background: a
      // browser without a reachable push service may take long to refuse.
      if (answer === 'granted' && platform.kind === 'web')
        void import('./webPush')
          .then((push) => (push.pushSupported() ? push.subscribeThisDevice() : false))
          .catch(() => false);
    } finally {
      setAsking(false);
    }
  };

  return (
    <MessageBar intent="info" layout="auto" data-testid="browser-notifications-prompt">
      <MessageBarBody>
        {t(
          'Get notified on this device when something new arrives, even with the app in the background.',
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" disabled={asking} onClick={() => void ask()}>
          {t('Turn on notifications')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
