import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/accountQueries';
import { useServices } from './services';
import { accountSwitchAtom } from './state/atoms';

/**
 * A link carried another account's token while someone is signed in here. Nothing changes
 * until the user says so: yes ends the current session (revoked on the server) and continues
 * as the other account; no forgets the token (already gone from the address).
 */
export default function AccountSwitchPrompt() {
  const { t } = useTranslation();
  const { session } = useServices();
  const [token, setToken] = useAtom(accountSwitchAtom);
  const [busy, setBusy] = useState(false);
  const account = useAccount().data;
  if (!token) return null;
  const name = account ? `${account.first_name} ${account.last_name}`.trim() : '…';
  const stay = () => setToken(null);
  const switchAccount = () => {
    setBusy(true);
    void session.switchTo(token);
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_e, data) => !data.open && !busy && stay()}>
      <DialogSurface data-testid="account-switch">
        <DialogBody>
          <DialogTitle>{t('Switch account?')}</DialogTitle>
          <DialogContent>
            {t('You are signed in as {{name}}. Continue as the other account?', { name })}{' '}
            {t('Your current session will end.')}
          </DialogContent>
          <DialogActions>
            <Button onClick={stay} disabled={busy} data-testid="account-switch-stay">
              {t('Stay signed in')}
            </Button>
            <Button
              appearance="primary"
              onClick={switchAccount}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              data-testid="account-switch-continue"
            >
              {t('Switch account')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
