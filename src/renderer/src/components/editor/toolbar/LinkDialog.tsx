import { Button, Field, Input } from '@fluentui/react-components';
import { $createLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $createTextNode, $insertNodes, type LexicalEditor } from 'lexical';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLinkUrl } from '../../../../../shared/editor';
import { ToolbarDialog } from './ToolbarDialog';

export const LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' } as const;

/** An address with a scheme stays; `www.…` and `name@host` get https:// and mailto:. */
function completeUrl(text: string): string {
  const value = text.trim();
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^www\./i.test(value)) return `https://${value}`;
  return value;
}

/**
 * A link on the selected words, or, with nothing selected, a new link whose text is given here.
 * Only http(s), mailto and site addresses are accepted, like everywhere else.
 */
export function LinkDialog({
  editor,
  currentUrl,
  collapsed,
  onClose,
}: {
  editor: LexicalEditor;
  currentUrl: string | null;
  collapsed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(currentUrl ?? '');
  const [text, setText] = useState('');
  const [refused, setRefused] = useState(false);
  const needsText = collapsed && currentUrl === null;

  const insert = () => {
    const url = safeLinkUrl(completeUrl(address));
    if (url === null) {
      setRefused(true);
      return;
    }
    if (needsText) {
      editor.update(() => {
        const link = $createLinkNode(url, LINK_ATTRIBUTES);
        link.append($createTextNode(text.trim() || address.trim()));
        $insertNodes([link]);
      });
    } else {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url, ...LINK_ATTRIBUTES });
    }
    onClose();
  };
  const remove = () => {
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
    onClose();
  };

  return (
    <ToolbarDialog
      title={currentUrl === null ? t('Insert link') : t('Edit link')}
      onClose={onClose}
      onSubmit={insert}
      actions={
        <>
          {currentUrl !== null && (
            <Button type="button" onClick={remove}>
              {t('Remove link')}
            </Button>
          )}
          <Button appearance="primary" type="submit" data-testid="link-insert">
            {t('Save')}
          </Button>
        </>
      }
    >
      <Field
        label={t('Address')}
        hint={t('A web address, an e-mail address or a page of this site')}
        validationState={refused ? 'error' : 'none'}
        validationMessage={refused ? t('This address cannot be used as a link') : undefined}
      >
        <Input
          value={address}
          onChange={(_event, data) => {
            setAddress(data.value);
            setRefused(false);
          }}
          data-testid="link-address"
        />
      </Field>
      {needsText && (
        <Field label={t('Text to show')}>
          <Input value={text} onChange={(_event, data) => setText(data.value)} />
        </Field>
      )}
    </ToolbarDialog>
  );
}
