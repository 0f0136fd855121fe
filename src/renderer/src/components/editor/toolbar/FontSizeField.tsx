import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { FontIncrease20Regular, FontDecrease20Regular } from '@fluentui/react-icons';
import type { LexicalEditor } from 'lexical';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_FONT_SIZE_MAX, EDITOR_FONT_SIZE_MIN } from '../../../../../shared/constants';
import { fontSizeFromText } from '../../../../../shared/editor';
import { digitsOnly, isRefusedNumberKey, nextFontSize } from '../fieldRules';
import { applyTextStyle } from './applyStyle';

const useStyles = makeStyles({
  group: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  input: { width: '64px', minWidth: '64px' },
});

/**
 * Font size, 8 to 72 (spec §5): a number field that refuses e, E, + and -, applied on Enter or
 * when the field is left, with smaller and larger buttons whose step grows with the size.
 */
export function FontSizeField({ editor, size }: { editor: LexicalEditor; size: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [draft, setDraft] = useState(String(size));
  useEffect(() => setDraft(String(size)), [size]);

  const apply = (value: number) => {
    setDraft(String(value));
    applyTextStyle(editor, 'font-size', `${value}px`);
  };
  const commit = () => {
    const value = fontSizeFromText(draft);
    if (value === null) setDraft(String(size));
    else if (value !== size) apply(value);
  };

  return (
    <span className={styles.group}>
      <Button
        appearance="subtle"
        icon={<FontDecrease20Regular />}
        aria-label={t('Smaller text')}
        title={t('Smaller text')}
        disabled={size <= EDITOR_FONT_SIZE_MIN}
        onClick={() => apply(nextFontSize(size, -1))}
      />
      <Input
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={EDITOR_FONT_SIZE_MIN}
        max={EDITOR_FONT_SIZE_MAX}
        step={1}
        aria-label={t('Font size')}
        title={t('Font size')}
        value={draft}
        onKeyDown={(event) => {
          if (isRefusedNumberKey(event.key)) event.preventDefault();
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        onChange={(_event, data) => setDraft(digitsOnly(data.value))}
        onBlur={commit}
        data-testid="editor-font-size"
      />
      <Button
        appearance="subtle"
        icon={<FontIncrease20Regular />}
        aria-label={t('Larger text')}
        title={t('Larger text')}
        disabled={size >= EDITOR_FONT_SIZE_MAX}
        onClick={() => apply(nextFontSize(size, 1))}
      />
    </span>
  );
}
