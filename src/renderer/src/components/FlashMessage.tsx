import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Flash } from './useFlashMessage';

/** The flash of a form (error, warning or notice), announced to screen readers. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  if (!flash) return null;
  return (
    <MessageBar
      intent={flash.intent}
      role={flash.intent === 'error' ? 'alert' : 'status'}
      data-testid="flash"
    >
      <MessageBarBody>{t(flash.text)}</MessageBarBody>
    </MessageBar>
  );
}
