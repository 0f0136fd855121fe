import { Button, makeStyles, Tooltip } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { CountBadge, formatBadgeCount } from '../../components/CountBadge';

const useStyles = makeStyles({
  button: { position: 'relative', minWidth: '40px' },
  badge: { position: 'absolute', top: '2px', right: '0px', pointerEvents: 'none' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

interface CountButtonProps {
  icon: ReactElement;
  /** Translated name of the button ("Notifications"). */
  label: string;
  /** Translated word after the count ("unseen"). */
  countLabel: string;
  count: number | undefined;
  onClick: () => void;
  testId: string;
}

/**
 * A top-bar icon button with a count badge. Its accessible name is built from its content, so
 * that the badge's visible text ('+9') is part of what a screen reader announces.
 */
export function CountButton({ icon, label, countLabel, count, onClick, testId }: CountButtonProps) {
  const styles = useStyles();
  const badge = formatBadgeCount(count);
  return (
    <Tooltip content={label} relationship="description">
      <Button
        appearance="subtle"
        className={styles.button}
        icon={icon}
        onClick={onClick}
        data-testid={testId}
      >
        <span className={styles.hidden}>{label}</span>
        <CountBadge count={count} className={styles.badge} />
        {badge && <span className={styles.hidden}>{countLabel}</span>}
      </Button>
    </Tooltip>
  );
}
