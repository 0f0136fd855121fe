import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LessonSessionsPanel } from './LessonSessionsPanel';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  heading: { margin: 0 },
});

/** The office's lesson record: the lesson's sessions, to join or watch on the dashboard. */
export function LessonSessionsSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby="lesson-sessions-heading">
      <Text
        as="h3"
        id="lesson-sessions-heading"
        size={500}
        weight="semibold"
        className={styles.heading}
      >
        {t('Sessions')}
      </Text>
      <LessonSessionsPanel lessonId={parentId} />
    </section>
  );
}
