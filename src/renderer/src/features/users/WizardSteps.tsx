import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircle20Filled } from '@fluentui/react-icons';

const useStyles = makeStyles({
  steps: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    margin: 0,
    padding: 0,
  },
  step: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    listStyleType: 'none',
    color: tokens.colorNeutralForeground3,
  },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  done: { color: tokens.colorPaletteGreenForeground1 },
  number: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '20px',
    height: '20px',
    borderRadius: '50%',
    border: '1px solid currentColor',
    fontSize: tokens.fontSizeBase200,
  },
});

/** The steps of a wizard, the current one marked. */
export function WizardSteps({ steps, current }: { steps: string[]; current: number }) {
  const styles = useStyles();
  return (
    <ol className={styles.steps}>
      {steps.map((step, index) => (
        <li
          key={step}
          className={mergeClasses(
            styles.step,
            index === current && styles.current,
            index < current && styles.done,
          )}
          aria-current={index === current ? 'step' : undefined}
        >
          {index < current ? (
            <CheckmarkCircle20Filled aria-hidden />
          ) : (
            <span className={styles.number}>{index + 1}</span>
          )}
          <Text>{step}</Text>
        </li>
      ))}
    </ol>
  );
}
