import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { onFirstIntent } from './shell/useAfterFirstPaint';
import { toasterWanted, wantToaster } from './toaster';

const AppToaster = lazy(() => import('./AppToaster'));

/**
 * Where the app-wide toaster goes on a signed-in page: nothing until it is wanted, at the user's
 * first press or key (a toast usually answers one) or at the first toast (toaster.ts).
 */
export function ToasterHost() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  useEffect(() => (wanted ? undefined : onFirstIntent(wantToaster)), [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
