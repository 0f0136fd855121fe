import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { LexicalEditor } from 'lexical';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHexColour } from '../../../../../shared/editor';
import { applyTextStyle } from './applyStyle';

const useStyles = makeStyles({
  group: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  input: { width: '104px', minWidth: '104px' },
  swatch: {
    width: '14px',
    height: '14px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  refusal: {
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
    maxWidth: '200px',
  },
});

/** Text colour entry (spec §5): applied only when written as #RRGGBB, else refused. */
export function ColourField({ editor, colour }: { editor: LexicalEditor; colour: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const hintId = useId();
  const [draft, setDraft] = useState(colour);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    setDraft(colour);
    setRefused(false);
  }, [colour]);

  const apply = () => {
    const value = draft.trim();
    if (!isHexColour(value)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    applyTextStyle(editor, 'color', value.toLowerCase());
  };

  return (
    <span className={styles.group}>
      <Input
        className={styles.input}
        aria-label={t('Text colour')}
        aria-describedby={hintId}
        aria-invalid={refused || undefined}
        title={t('Text colour')}
        placeholder="#RRGGBB"
        maxLength={7}
        value={draft}
        contentBefore={
          <span
            className={styles.swatch}
            style={{ backgroundColor: isHexColour(draft) ? draft : 'transparent' }}
          />
        }
        onChange={(_event, data) => {
          setDraft(data.value);
          setRefused(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
        data-testid="editor-colour"
      />
      <span
        id={hintId}
        role="status"
        className={styles.refusal}
        data-testid="editor-colour-refused"
      >
        {refused ? t('Write the colour as # and six hexadecimal digits, like #AA0000') : ''}
      </span>
      <Button appearance="subtle" onClick={apply} data-testid="editor-colour-apply">
        {t('Apply colour')}
      </Button>
    </span>
  );
}
