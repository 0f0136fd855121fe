import { makeStyles, tokens } from '@fluentui/react-components';
import { BADGE_CAP } from '../../../shared/constants';

/** Badge text: nothing for 0, the number below the cap, '+9' at the cap and over (spec §2). */
export function formatBadgeCount(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count >= BADGE_CAP ? `+${BADGE_CAP}` : String(count);
}

const useStyles = makeStyles({
  badge: {
    minWidth: '18px',
    height: '18px',
    padding: '0 5px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground3,
    color: tokens.colorPaletteDarkOrangeForeground3,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: '18px',
    textAlign: 'center',
    display: 'inline-block',
  },
});

/** The accent count badge of the top bar and the chat rooms; nothing when there is nothing new. */
export function CountBadge({
  count,
  className,
}: {
  count: number | undefined;
  className?: string;
}) {
  const styles = useStyles();
  const text = formatBadgeCount(count);
  if (!text) return null;
  return (
    <span className={`${styles.badge} ${className ?? ''}`} data-testid="count-badge">
      {text}
    </span>
  );
}
