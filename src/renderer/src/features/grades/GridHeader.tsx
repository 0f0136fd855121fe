import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Gradebook, GradeItem } from '../../../../shared/api/grades';
import { msg } from '../../i18n/msg';

// The grid's sticky header row: the corner, the items in view (title, points, kind and
// category), and the sub-period grade on the school's scale.

const KIND_LABELS: Record<GradeItem['kind'], string> = {
  oral: msg('Oral'),
  test: msg('Test'),
  exam: msg('Exam'),
  task: msg('Task'),
  quiz: msg('Quiz'),
  scorm: msg('SCORM'),
};
export const kindLabel = (kind: GradeItem['kind']) => KIND_LABELS[kind];

const useStyles = makeStyles({
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    boxSizing: 'border-box',
    height: '64px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'start',
    verticalAlign: 'top',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  corner: { left: 0, zIndex: 3 },
  gradeHead: { right: 0, zIndex: 3, textAlign: 'end' },
  title: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
  meta: {
    display: 'block',
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  spacer: { padding: 0, border: 'none', position: 'sticky', top: 0 },
  // The title as a button that looks like the title: it opens the item's set-up.
  titleButton: {
    display: 'block',
    width: '100%',
    padding: 0,
    border: 'none',
    background: 'none',
    font: 'inherit',
    color: tokens.colorBrandForeground1,
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { textDecorationLine: 'underline' },
  },
});

export function GridHeader({
  book,
  items,
  firstCol,
  leftGap,
  rightGap,
  nameWidth,
  gradeWidth,
  onEditItem,
}: {
  book: Gradebook;
  items: GradeItem[];
  firstCol: number;
  leftGap: number;
  rightGap: number;
  nameWidth: number;
  gradeWidth: number;
  onEditItem?: (item: GradeItem) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const categoryName = (id: number | null) =>
    book.categories.find((c) => c.id === id)?.name ?? t('No category');
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th
          scope="col"
          aria-colindex={1}
          className={mergeClasses(styles.head, styles.corner)}
          style={{ width: `${nameWidth}px` }}
        >
          {t('Student')}
        </th>
        {leftGap > 0 && (
          <td aria-hidden="true" className={styles.spacer} style={{ width: `${leftGap}px` }} />
        )}
        {items.map((item, index) => (
          <th
            key={item.key}
            scope="col"
            aria-colindex={firstCol + index + 2}
            className={styles.head}
            style={{ width: '88px' }}
            title={`${item.title} · ${t(kindLabel(item.kind))} · ${categoryName(item.category_id)}`}
          >
            {onEditItem && item.editable && item.id !== null ? (
              // Out of the tab order: the grid keeps focus and moves by its own keys; the
              // same set-up is reached from the keyboard in the items list above the grid.
              <button
                type="button"
                tabIndex={-1}
                className={styles.titleButton}
                aria-label={t('Edit {{name}}', { name: item.title })}
                onClick={() => onEditItem(item)}
              >
                <span className={styles.title}>{item.title}</span>
              </button>
            ) : (
              <span className={styles.title}>{item.title}</span>
            )}
            <span className={styles.meta}>
              /{item.max_points} · {t(kindLabel(item.kind))}
            </span>
          </th>
        ))}
        {rightGap > 0 && (
          <td aria-hidden="true" className={styles.spacer} style={{ width: `${rightGap}px` }} />
        )}
        <th
          scope="col"
          aria-colindex={book.items.length + 2}
          className={mergeClasses(styles.head, styles.gradeHead)}
          style={{ width: `${gradeWidth}px` }}
        >
          {t('Grade')}
          <span className={styles.meta}>/{book.scale.max}</span>
        </th>
      </tr>
    </thead>
  );
}
