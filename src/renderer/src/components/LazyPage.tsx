import { Spinner } from '@fluentui/react-components';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Suspense boundary for a lazily loaded chunk, with a centred spinner while it loads. */
export function LazyPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 240 }}>
      <Spinner label={t('Loading...')} />
    </div>
  );
}
