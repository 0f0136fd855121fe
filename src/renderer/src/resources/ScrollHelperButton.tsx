import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUp20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useScrollHelper } from './useScrollHelper';

const useStyles = makeStyles({
  button: {
    position: 'fixed',
    right: tokens.spacingHorizontalXL,
    bottom: tokens.spacingVerticalXXL,
    zIndex: 10,
    boxShadow: tokens.shadow8,
    transitionProperty: 'opacity',
    transitionDuration: tokens.durationNormal,
  },
  hidden: { opacity: 0, pointerEvents: 'none' },
});

/** Back to the top of a long list; shows for a while after scrolling (spec §2, §9). */
export function ScrollHelperButton({ container }: { container: HTMLElement | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const visible = useScrollHelper(container);
  return (
    <Button
      shape="circular"
      appearance="primary"
      icon={<ArrowUp20Regular />}
      aria-label={t('Back to top')}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      className={mergeClasses(styles.button, !visible && styles.hidden)}
      onClick={() => container?.scrollTo({ top: 0 })}
      data-testid="scroll-helper"
      data-visible={visible}
    />
  );
}
