import { Toaster, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { announce } from '../components/LiveAnnouncer';
import { APP_TOASTER, toasterMounted } from './toaster';

/**
 * The app-wide toaster, fetched and mounted by ToasterHost when it is first needed (toaster.ts);
 * the sign-in screens never raise a toast and do without it.
 */
export default function AppToaster() {
  const { dispatchToast } = useToastController(APP_TOASTER);
  // Effects run children first: the Toaster below listens before the waiting toasts are sent.
  useEffect(() => toasterMounted(dispatchToast), [dispatchToast]);
  // Toasts are read through the app's one live region (a save's result, an error), the same one
  // that announces each new screen.
  return (
    <Toaster
      toasterId={APP_TOASTER}
      position="top-end"
      pauseOnHover
      announce={(message) => announce(message)}
    />
  );
}
