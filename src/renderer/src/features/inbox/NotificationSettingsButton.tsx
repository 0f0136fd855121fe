import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Spinner,
} from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The settings (and their API schemas) load when opened: the list is in every area's top bar.
const NotificationPreferencesSection = lazy(async () => ({
  default: (await import('../profile/NotificationPreferencesSection'))
    .NotificationPreferencesSection,
}));

/**
 * Every role's way to the notification settings: the profile screen is the teacher's only
 * (spec §2), so the list opens the same section in a dialog.
 */
export function NotificationSettingsButton() {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="subtle" size="small" data-testid="notification-settings">
          {t('Notification settings')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('Notification settings')}</DialogTitle>
          <DialogContent>
            <Suspense fallback={<Spinner size="small" label={t('Loading...')} />}>
              <NotificationPreferencesSection />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{t('Close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
