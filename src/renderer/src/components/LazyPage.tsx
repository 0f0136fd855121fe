import { lazy, Suspense, type ReactNode } from 'react';

// The spinner is a chunk of its own so that the login screen, which never waits for one, does
// not carry Fluent's spinner. Until it has arrived (once, and quickly: it is small) the outer
// boundary shows nothing.
const PageSpinner = lazy(() => import('./PageSpinner'));

/** Suspense boundary for a lazily loaded chunk, with a centred spinner while it loads. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </Suspense>
  );
}
