import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  swatch: {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    verticalAlign: 'middle',
    marginRight: tokens.spacingHorizontalXS,
  },
});

/** A small square of a colour value, shown before its hex code. */
export function ColorSwatch({ color }: { color: string }) {
  const styles = useStyles();
  return <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden />;
}
