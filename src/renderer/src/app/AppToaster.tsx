import { Toaster } from '@fluentui/react-components';
import { APP_TOASTER } from './toaster';

/**
 * The app-wide toaster. Only signed-in screens raise toasts, so it is loaded with them (routes.tsx)
 * and the sign-in screens do without Fluent's toast code.
 */
export default function AppToaster() {
  return <Toaster toasterId={APP_TOASTER} position="top-end" pauseOnHover />;
}
