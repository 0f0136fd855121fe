import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { GradeCategory, GradeItem, SubPeriodGrade } from '../../../../shared/api/grades';
import { formatLongDate } from '../../i18n/formatDate';
import { kindLabel } from './GridHeader';
import { formatGrade } from './gradeText';

// One lesson's grades in one sub-period as a student, a parent or the teacher reads them: the
// grade and how it was computed (categories, weights, averages), every item with its value and
// comment, and the teacher's remark. What is not published yet the server sends as null.

export type ValuedItem = GradeItem & { value: number | null; comment: string | null };

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
  },
  title: { margin: 0, flexGrow: 1 },
  grade: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'start',
    verticalAlign: 'top',
  },
  number: { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  scroll: { overflowX: 'auto' },
  remark: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    whiteSpace: 'pre-wrap',
  },
});

export function LessonGradesCard({
  heading,
  headingLevel = 'h3',
  scaleMax,
  categories,
  items,
  grade,
  remark,
  testId,
}: {
  heading: string;
  headingLevel?: 'h3' | 'h4';
  scaleMax: number;
  categories: GradeCategory[];
  items: ValuedItem[];
  grade: SubPeriodGrade;
  remark: string | null;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const number = (value: number | null) => formatGrade(value, i18n.language);
  const categoryName = (id: number | null) =>
    categories.find((c) => c.id === id)?.name ?? t('No category');
  return (
    <section className={styles.card} data-testid={testId} aria-label={heading}>
      <div className={styles.head}>
        <Text as={headingLevel} size={400} weight="semibold" className={styles.title}>
          {heading}
        </Text>
        {grade.published ? (
          <Text data-testid="sub-period-grade">
            <span className={styles.grade}>{grade.value === null ? '–' : number(grade.value)}</span>
            <span className={styles.muted}> / {scaleMax}</span>
          </Text>
        ) : (
          <Text className={styles.muted} data-testid="grade-not-published">
            {t('The sub-period grade is shown when the sub-period ends.')}
          </Text>
        )}
      </div>
      {grade.categories.length > 0 && (
        <Text as="p" size={200} className={styles.muted}>
          {grade.categories
            .map((c) =>
              t('{{name}} {{share}}%: {{average}}', {
                name: c.name,
                share: Math.round(c.share * 100),
                average: c.average === null ? '–' : number(Math.round(c.average * 100) / 100),
              }),
            )
            .join(' · ')}
        </Text>
      )}
      {items.length === 0 ? (
        <Text className={styles.muted}>{t('No grades yet.')}</Text>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.muted} style={{ textAlign: 'start' }}>
              {t('Grades of {{lesson}}', { lesson: heading })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  {t('Item')}
                </th>
                <th scope="col" className={styles.cell}>
                  {t('Category')}
                </th>
                <th scope="col" className={`${styles.cell} ${styles.number}`}>
                  {t('Points')}
                </th>
                <th scope="col" className={styles.cell}>
                  {t('Comment')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.key} data-testid="grade-item-row">
                  <th scope="row" className={styles.cell} style={{ fontWeight: 'normal' }}>
                    {item.title}
                    <br />
                    <Text size={200} className={styles.muted}>
                      {t(kindLabel(item.kind))}
                      {item.date ? ` · ${formatLongDate(item.date, i18n.language)}` : ''}
                    </Text>
                  </th>
                  <td className={styles.cell}>{categoryName(item.category_id)}</td>
                  <td className={`${styles.cell} ${styles.number}`}>
                    {item.value === null ? '–' : `${number(item.value)} / ${item.max_points}`}
                  </td>
                  <td className={styles.cell}>{item.comment ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {remark && (
        <div>
          <Text as="h4" size={300} weight="semibold">
            {t("Teacher's remark")}
          </Text>
          <p className={styles.remark} data-testid="grade-remark">
            {remark}
          </p>
        </div>
      )}
    </section>
  );
}
