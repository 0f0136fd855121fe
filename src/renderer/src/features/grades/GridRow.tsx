import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GradeItem } from '../../../../shared/api/grades';
import { formatGrade } from './gradeText';
import { cellKey, type CellState, type Student } from './useGradeCells';

// One student's row of the grade grid: the name, the item cells in view (with spacers for the
// columns out of view) and the sub-period grade. Each row is placed absolutely at its own
// height, so that rows coming into view or leaving it do not lay out the others again, as a
// table's rows would (W9 measured a third of the table's layout time); rows and cells are
// memoised, so that only what came into view is rendered.

export const ROW_HEIGHT = 40;
export const COL_WIDTH = 88;
export const GRADE_WIDTH = 76;

const useStyles = makeStyles({
  row: {
    position: 'absolute',
    left: 0,
    display: 'flex',
    height: `${ROW_HEIGHT}px`,
  },
  cell: {
    flexShrink: 0,
    boxSizing: 'border-box',
    height: `${ROW_HEIGHT}px`,
    lineHeight: `${ROW_HEIGHT - 1}px`,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'cell',
  },
  value: { width: `${COL_WIDTH}px` },
  readOnly: { backgroundColor: tokens.colorNeutralBackground3, cursor: 'default' },
  saving: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  error: {
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorStatusDangerForeground1,
    boxShadow: `inset 0 0 0 2px ${tokens.colorStatusDangerBorder2}`,
  },
  active: { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` },
  name: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    textAlign: 'start',
    backgroundColor: tokens.colorNeutralBackground1,
    fontWeight: tokens.fontWeightRegular,
    cursor: 'pointer',
  },
  nameLink: {
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
  grade: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground2,
    fontWeight: tokens.fontWeightSemibold,
    borderLeft: `1px solid ${tokens.colorNeutralStroke1}`,
    cursor: 'default',
  },
  spacer: { flexShrink: 0 },
  input: {
    boxSizing: 'border-box',
    width: '100%',
    height: `${ROW_HEIGHT - 8}px`,
    font: 'inherit',
    textAlign: 'end',
    border: `1px solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
});

/** What a row asks of the grid; stable for the grid's life, so that rows can be memoised. */
export interface RowActions {
  select(row: number, col: number): void;
  /** A double click: select the cell and edit what it shows. */
  editCell(row: number, col: number, text: string): void;
  openStudent(studentId: number): void;
  type(text: string): void;
  inputKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  inputBlur(): void;
}

export interface GridRowProps {
  student: Student;
  row: number;
  /** The items in view, from `firstCol`. */
  items: GradeItem[];
  firstCol: number;
  itemCount: number;
  leftGap: number;
  rightGap: number;
  nameWidth: number;
  /** The selected column when this row holds the selection, else null. */
  activeCol: number | null;
  /** The text being typed in this row's selected cell, or null. */
  editing: string | null;
  cells: ReadonlyMap<string, CellState>;
  language: string;
  /** Prefix of the cells' ids (aria-activedescendant points at them). */
  idPrefix: string;
  href: string;
  actions: RowActions;
  /** Where the row sits in the grid, and the grid's width. */
  top: number;
  width: number;
}

export const GridRow = memo(function GridRow({
  student,
  row,
  items,
  firstCol,
  itemCount,
  leftGap,
  rightGap,
  nameWidth,
  activeCol,
  editing,
  cells,
  language,
  idPrefix,
  href,
  actions,
  top,
  width,
}: GridRowProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const name = `${student.last_name} ${student.first_name}`;
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      data-testid="grade-row"
      className={styles.row}
      style={{ top: `${top}px`, width: `${width}px` }}
    >
      <div
        id={`${idPrefix}-${row}-0`}
        role="rowheader"
        aria-colindex={1}
        className={mergeClasses(styles.cell, styles.name, activeCol === 0 && styles.active)}
        style={{ width: `${nameWidth}px` }}
        onClick={() => actions.select(row, 0)}
      >
        <a
          href={href}
          className={styles.nameLink}
          tabIndex={-1}
          onClick={(event) => {
            event.preventDefault();
            actions.openStudent(student.student_id);
          }}
        >
          {name}
        </a>
      </div>
      {leftGap > 0 && (
        <div aria-hidden="true" className={styles.spacer} style={{ width: `${leftGap}px` }} />
      )}
      {items.map((item, index) => {
        const col = firstCol + index + 1;
        return (
          <GradeCell
            key={item.key}
            item={item}
            studentId={student.student_id}
            value={student.values[col - 1]}
            state={cells.get(cellKey(student.student_id, item))}
            row={row}
            col={col}
            editing={activeCol === col ? editing : null}
            inputLabel={
              activeCol === col && editing !== null
                ? t('{{student}}, {{item}} (out of {{max}})', {
                    student: name,
                    item: item.title,
                    max: item.max_points,
                  })
                : null
            }
            active={activeCol === col}
            styles={styles}
            id={`${idPrefix}-${row}-${col}`}
            language={language}
            actions={actions}
          />
        );
      })}
      {rightGap > 0 && (
        <div aria-hidden="true" className={styles.spacer} style={{ width: `${rightGap}px` }} />
      )}
      <div
        role="gridcell"
        aria-colindex={itemCount + 2}
        aria-readonly
        className={mergeClasses(styles.cell, styles.grade)}
        style={{ width: `${GRADE_WIDTH}px` }}
        title={
          student.grade.unrounded === null
            ? undefined
            : t('Before rounding: {{value}}', {
                value: formatGrade(Math.round(student.grade.unrounded * 100) / 100, language),
              })
        }
        data-testid={`grade-average-${student.student_id}`}
      >
        {student.grade.value === null ? '–' : formatGrade(student.grade.value, language)}
      </div>
    </div>
  );
});

/**
 * One value of the grid. Memoised too: when the columns in view move, a row renders only the
 * cells that came into view.
 */
const GradeCell = memo(function GradeCell({
  item,
  studentId,
  value,
  state,
  row,
  col,
  active,
  editing,
  inputLabel,
  id,
  language,
  actions,
  styles,
}: {
  item: GradeItem;
  studentId: number;
  value: number | null | undefined;
  state: CellState | undefined;
  row: number;
  col: number;
  active: boolean;
  editing: string | null;
  /** The input's label while this cell is edited. */
  inputLabel: string | null;
  id: string;
  language: string;
  actions: RowActions;
  /** The row's classes (one lookup per row, not per cell). */
  styles: ReturnType<typeof useStyles>;
}) {
  const text = state?.text ?? formatGrade(value, language);
  return (
    <div
      id={id}
      role="gridcell"
      aria-colindex={col + 1}
      aria-readonly={!item.editable || undefined}
      aria-invalid={state?.status === 'error' || undefined}
      aria-busy={state?.status === 'saving' || undefined}
      title={state?.message}
      data-testid={`grade-cell-${studentId}-${item.key}`}
      className={mergeClasses(
        styles.cell,
        styles.value,
        !item.editable && styles.readOnly,
        state?.status === 'saving' && styles.saving,
        state?.status === 'error' && styles.error,
        active && styles.active,
      )}
      onClick={() => actions.select(row, col)}
      onDoubleClick={() => item.editable && actions.editCell(row, col, text)}
    >
      {active && editing !== null ? (
        <input
          // Typing starts here: the input takes focus as it appears.
          autoFocus
          className={styles.input}
          value={editing}
          inputMode="decimal"
          aria-label={inputLabel ?? undefined}
          onChange={(event) => actions.type(event.target.value)}
          onKeyDown={actions.inputKeyDown}
          onBlur={actions.inputBlur}
        />
      ) : (
        text
      )}
    </div>
  );
});
