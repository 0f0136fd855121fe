import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Flash } from './useFlashMessage';

// Fluent's message bar is loaded only once there is something to say (or the user starts on the
// form, see preloadFlashMessage), so that the login screen's first download goes without it.
const loadFlashMessage = () => import('./FlashMessage');
const FlashMessage = lazy<ComponentType<{ flash: Flash }>>(() =>
  loadFlashMessage().then(
    ({ FlashMessage: MessageBarFlash }) => ({ default: MessageBarFlash }),
    // The likeliest flash when the chunk cannot be fetched is 'Network Error': say it plainly
    // rather than fail the page.
    () => ({ default: PlainFlashMessage }),
  ),
);

function PlainFlashMessage({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  return (
    <div role={flash.intent === 'error' ? 'alert' : 'status'} data-testid="flash">
      {t(flash.text)}
    </div>
  );
}

/** Fetches the flash's code ahead of need (errors come after a network call, which is slower). */
export const preloadFlashMessage = () => void loadFlashMessage().catch(() => undefined);

/** FlashMessage for the login screen, in a chunk of its own. */
export function LazyFlashMessage({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  return (
    <Suspense fallback={null}>
      <FlashMessage flash={flash} />
    </Suspense>
  );
}
