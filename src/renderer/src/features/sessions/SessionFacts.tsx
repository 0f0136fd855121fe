import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** A session's facts as a definition list (term above value), wrapping on narrow screens. */
export function SessionFacts({
  label,
  facts,
}: {
  label: string;
  facts: { term: string; value: ReactNode; testId?: string }[];
}) {
  const styles = useStyles();
  return (
    <section aria-label={label}>
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.term} className={styles.fact} data-testid={fact.testId}>
            <dt className={styles.term}>{fact.term}</dt>
            <dd className={styles.value}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
