import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gradebook, GradeItem } from '../../../../shared/api/grades';
import { msg } from '../../i18n/msg';
import { COL_WIDTH } from './GridRow';

export const HEADER_HEIGHT = 64;

// The grid's sticky header row: the corner, the items in view (title, points, kind and
// category), and the sub-period grade on the school's scale. Its columns line up with the
// rows' by the same widths and spacers.

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
  // The row group sticks, not the row: a sticky box stays within its parent.
  group: { position: 'sticky', top: 0, zIndex: 2 },
  row: { display: 'flex', height: `${HEADER_HEIGHT}px` },
  head: {
    flexShrink: 0,
    overflow: 'hidden',
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
  corner: { position: 'sticky', left: 0, zIndex: 3 },
  gradeHead: { position: 'sticky', right: 0, zIndex: 3, textAlign: 'end' },
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
  spacer: { flexShrink: 0 },
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

/**
 * The grid's head row. Memoised: scrolling down renders the rows that came into view, not
 * the head, whose props change only when the columns in view do.
 */
export const GridHeader = memo(function GridHeader({
  book,
  items,
  firstCol,
  leftGap,
  rightGap,
  nameWidth,
  gradeWidth,
  width,
  onEditItem,
}: {
  book: Gradebook;
  items: GradeItem[];
  firstCol: number;
  leftGap: number;
  rightGap: number;
  nameWidth: number;
  gradeWidth: number;
  /** The whole grid's width, every column included. */
  width: number;
  onEditItem?: (item: GradeItem) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const categoryName = (id: number | null) =>
    book.categories.find((c) => c.id === id)?.name ?? t('No category');
  return (
    <div role="rowgroup" className={styles.group} style={{ width: `${width}px` }}>
      <div role="row" aria-rowindex={1} className={styles.row} style={{ width: `${width}px` }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={mergeClasses(styles.head, styles.corner)}
          style={{ width: `${nameWidth}px` }}
        >
          {t('Student')}
        </div>
        {leftGap > 0 && (
          <div aria-hidden="true" className={styles.spacer} style={{ width: `${leftGap}px` }} />
        )}
        {items.map((item, index) => (
          <ItemHead
            key={item.key}
            item={item}
            col={firstCol + index + 2}
            categoryName={categoryName(item.category_id)}
            onEditItem={onEditItem}
            styles={styles}
          />
        ))}
        {rightGap > 0 && (
          <div aria-hidden="true" className={styles.spacer} style={{ width: `${rightGap}px` }} />
        )}
        <div
          role="columnheader"
          aria-colindex={book.items.length + 2}
          className={mergeClasses(styles.head, styles.gradeHead)}
          style={{ width: `${gradeWidth}px` }}
        >
          {t('Grade')}
          <span className={styles.meta}>/{book.scale.max}</span>
        </div>
      </div>
    </div>
  );
});

/** One item's column head; memoised, so that moving columns renders only those new in view. */
const ItemHead = memo(function ItemHead({
  item,
  col,
  categoryName,
  onEditItem,
  styles,
}: {
  item: GradeItem;
  col: number;
  categoryName: string;
  onEditItem?: (item: GradeItem) => void;
  styles: ReturnType<typeof useStyles>;
}) {
  const { t } = useTranslation();
  const kind = t(kindLabel(item.kind));
  return (
    <div
      role="columnheader"
      aria-colindex={col}
      className={styles.head}
      style={{ width: `${COL_WIDTH}px` }}
      title={`${item.title} · ${kind} · ${categoryName}`}
    >
      {onEditItem && item.editable && item.id !== null ? (
        // Out of the tab order: the grid keeps focus and moves by its own keys; the same
        // set-up is reached from the keyboard in the items list above the grid.
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
        /{item.max_points} · {kind}
      </span>
    </div>
  );
});
