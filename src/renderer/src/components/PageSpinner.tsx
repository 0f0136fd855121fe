import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a page that is still loading. */
export default function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 240 }}>
      <Spinner label={t('Loading...')} />
    </div>
  );
}
