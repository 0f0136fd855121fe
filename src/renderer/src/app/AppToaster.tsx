import { Toaster } from '@fluentui/react-components';
import { announce } from '../components/LiveAnnouncer';
import { APP_TOASTER } from './toaster';

/**
 * The app-wide toaster. Only signed-in screens raise toasts, so it is loaded with them (routes.tsx)
 * and the sign-in screens do without Fluent's toast code.
 */
export default function AppToaster() {
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
