import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import {
  currentPushSubscription,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../inbox/webPush';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
  },
});

type DeviceState = 'checking' | 'on' | 'off' | 'unsupported' | 'blocked' | 'desktop';

/** Push on this browser: on or off, changed by a click (browsers ask only then). */
export function PushDeviceSetting() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { platform } = useServices();
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const check = async (): Promise<DeviceState> => {
      if (platform.kind === 'desktop') return 'desktop';
      if (!pushSupported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'blocked';
      return (await currentPushSubscription()) ? 'on' : 'off';
    };
    void check()
      .catch((): DeviceState => 'unsupported')
      .then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, [platform]);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on)
        setState(
          (await subscribeThisDevice())
            ? 'on'
            : Notification.permission === 'denied'
              ? 'blocked'
              : 'off',
        );
      else {
        await unsubscribeThisDevice();
        setState('off');
      }
    } catch {
      setState('off');
    } finally {
      setBusy(false);
    }
  };

  const text: Record<DeviceState, string> = {
    checking: t('Loading...'),
    on: t('Push notifications are on for this device.'),
    off: t('Push notifications are off for this device.'),
    unsupported: t('This browser cannot receive push notifications.'),
    blocked: t('This browser blocks notifications from Mathema; allow them in its settings.'),
    desktop: t('The desktop app shows notifications itself.'),
  };
  return (
    <div className={styles.row} data-testid="push-device">
      <Text>{text[state]}</Text>
      {(state === 'on' || state === 'off') && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => void change(state === 'off')}
          data-testid="push-device-toggle"
        >
          {state === 'off' ? t('Turn on push on this device') : t('Turn off push on this device')}
        </Button>
      )}
    </div>
  );
}
