import { makeStyles, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of each screen's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

const useStyles = makeStyles({
  link: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: tokens.spacingHorizontalS,
    zIndex: 1000,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    fontWeight: tokens.fontWeightSemibold,
    // Off screen until focused: sighted keyboard users see it appear, nobody else is bothered.
    transform: 'translateY(-200%)',
    ':focus': {
      transform: 'none',
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});

/**
 * "Skip to content", the first tab stop of every signed-in screen: past the drawer and the top
 * bar straight to the screen (WCAG 2.4.1). Focus goes to the screen's heading, else to main.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const styles = useStyles();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    const heading = main?.querySelector<HTMLElement>('h1, h2');
    const target = heading ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.link} onClick={skip} data-testid="skip-link">
      {t('Skip to content')}
    </a>
  );
}
