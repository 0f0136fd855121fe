import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * Warns before leaving a screen with unsaved changes (spec §2, §8 'exit_no_save'); confirming
 * goes on with the navigation that was held back. Also guards closing the tab or window.
 */
export function LeaveWithoutSavingDialog({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_event, data) => !data.open && blocker.reset?.()}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('exit_no_save')}</DialogTitle>
          <DialogContent>{t('Some changes you made will be lost')}</DialogContent>
          <DialogActions>
            <Button onClick={() => blocker.reset?.()}>{t('Stay')}</Button>
            <Button
              appearance="primary"
              onClick={() => blocker.proceed?.()}
              data-testid="leave-confirm"
            >
              {t('Leave')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
