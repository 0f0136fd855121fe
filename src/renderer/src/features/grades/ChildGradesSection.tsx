import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StudentGradesView } from './StudentGradesView';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
});

/** Under a parent's view of their child: the child's grades, as the school publishes them. */
export function ChildGradesSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="child-grades-heading">
      <Text
        as="h3"
        id="child-grades-heading"
        size={500}
        weight="semibold"
        className={styles.heading}
      >
        {t('Grades')}
      </Text>
      <StudentGradesView childId={parentId} headingLevel="h4" />
    </section>
  );
}
