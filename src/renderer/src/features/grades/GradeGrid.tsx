import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Gradebook, GradeItem } from '../../../../shared/api/grades';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { announce } from '../../components/LiveAnnouncer';
import { editingKeyMove, selectedKeyAction, type GridPosition } from './gridKeys';
import { formatGrade, parsePastedBlock } from './gradeText';
import { GridHeader } from './GridHeader';
import { cellKey, useGradeCells, type Student } from './useGradeCells';
import { useGridWindow } from './useGridWindow';

// The gradebook as a spreadsheet: students down, items across, the sub-period grade at the
// right. Only the cells in view are rendered (useGridWindow); the grid keeps focus itself and
// points at the selected cell with aria-activedescendant, so a cell scrolled out and back
// loses nothing. Keys: arrows, Tab, Enter (down), typing starts editing, F2 edits, Delete
// clears, Escape cancels; a block pasted from a spreadsheet fills the cells from the selected one.

export const ROW_HEIGHT = 40;
export const COL_WIDTH = 88;
export const HEADER_HEIGHT = 64;
const GRADE_WIDTH = 76;

// The grid handles its own keys; Fluent's focus manager (tabster, which reads this attribute)
// would otherwise move focus out on Tab before the grid sees it. At the grid's edges the
// browser's own Tab takes over.
const OWN_KEYS = JSON.stringify({
  focusable: {
    ignoreKeydown: Object.fromEntries(
      ['Tab', 'Escape', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']
        .concat(['PageUp', 'PageDown', 'Home', 'End'])
        .map((key) => [key, true]),
    ),
  },
});

const useStyles = makeStyles({
  scroller: {
    position: 'relative',
    overflow: 'auto',
    maxHeight: 'max(320px, calc(100vh - 260px))',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overscrollBehavior: 'contain',
  },
  table: {
    tableLayout: 'fixed',
    borderCollapse: 'separate',
    borderSpacing: 0,
    outlineStyle: 'none',
  },
  cell: {
    boxSizing: 'border-box',
    height: `${ROW_HEIGHT}px`,
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
  spacer: { padding: 0, border: 'none' },
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
  message: { color: tokens.colorStatusDangerForeground1, minHeight: '20px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface GradeGridProps {
  book: Gradebook;
  queryKey: readonly unknown[];
  /** Where a student's page is, from a student id. */
  studentPath: (studentId: number) => string;
  /** Opens an item's set-up (its column header's title); absent when nothing may change. */
  onEditItem?: (item: GradeItem) => void;
}

export function GradeGrid({ book, queryKey, studentPath, onEditItem }: GradeGridProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const narrow = useViewportWidth() < 600;
  const nameWidth = narrow ? 132 : 220;
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const { students, items } = book;
  const { cells, commit, cancel, paste } = useGradeCells(book.lesson.id, queryKey);
  const [active, setActive] = useState<GridPosition>({ row: 0, col: items.length > 0 ? 1 : 0 });
  const [editing, setEditingState] = useState<string | null>(null);
  // Mirrors `editing` for the blur that follows Enter: that handler still sees the old render.
  const editingRef = useRef<string | null>(null);
  const setEditing = (text: string | null) => {
    editingRef.current = text;
    setEditingState(text);
  };
  const view = useGridWindow(scroller, {
    rowCount: students.length,
    colCount: items.length,
    rowHeight: ROW_HEIGHT,
    colWidth: COL_WIDTH,
    top: HEADER_HEIGHT,
    left: nameWidth,
    right: GRADE_WIDTH,
  });
  const size = { rows: students.length, cols: items.length + 1 };
  const page = Math.max(1, view.lastRow - view.firstRow - 6);
  const activeStudent = students[active.row];
  const activeItem = active.col > 0 ? items[active.col - 1] : undefined;
  const cellId = (row: number, col: number) => `grade-cell-${book.lesson.id}-${row}-${col}`;

  // The selected cell is always scrolled into the part of the grid the sticky parts leave free.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const top = active.row * ROW_HEIGHT;
    const freeHeight = element.clientHeight - HEADER_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + freeHeight)
      element.scrollTop = top + ROW_HEIGHT - freeHeight;
    if (active.col === 0) return;
    const left = (active.col - 1) * COL_WIDTH;
    const freeWidth = element.clientWidth - nameWidth - GRADE_WIDTH;
    if (left < element.scrollLeft) element.scrollLeft = left;
    else if (left + COL_WIDTH > element.scrollLeft + freeWidth)
      element.scrollLeft = left + COL_WIDTH - freeWidth;
  }, [active, nameWidth]);

  // The grid changes under the selection (another sub-period): keep it inside.
  useEffect(() => {
    setActive((at) => ({
      row: Math.min(at.row, Math.max(0, students.length - 1)),
      col: Math.min(at.col, items.length),
    }));
  }, [students.length, items.length]);

  const textOf = (student: Student, item: GradeItem) =>
    cells.get(cellKey(student.student_id, item))?.text ??
    formatGrade(student.values[item.key]?.value, i18n.language);

  const startEditing = (text: string | null) => {
    if (!activeStudent || !activeItem) return;
    if (!activeItem.editable) {
      announce(
        book.abilities.update
          ? t('This item is graded where it was set.')
          : t('This sub-period is read-only.'),
      );
      return;
    }
    setEditing(text ?? textOf(activeStudent, activeItem));
  };

  const finishEditing = (to: GridPosition | 'cancel') => {
    const typed = editingRef.current;
    if (typed === null || !activeStudent || !activeItem) return;
    setEditing(null);
    if (to === 'cancel') cancel(activeStudent, activeItem);
    else {
      void commit(activeStudent, activeItem, typed);
      setActive(to);
    }
    grid.current?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing !== null || students.length === 0) return;
    const action = selectedKeyAction(event, active, { ...size, page });
    if (action.kind === 'none') return;
    event.preventDefault();
    if (action.kind === 'move') setActive(action.to);
    else if (action.kind === 'edit') startEditing(action.text);
    else if (action.kind === 'open-student' && activeStudent)
      void navigate(studentPath(activeStudent.student_id));
    else if (action.kind === 'clear' && activeStudent && activeItem?.editable)
      void commit(activeStudent, activeItem, '');
    else if (action.kind === 'cancel' && activeStudent && activeItem)
      cancel(activeStudent, activeItem);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const to = editingKeyMove(event, active, size);
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    finishEditing(to);
  };

  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const block = parsePastedBlock(text);
    // A single value pasted while editing is just typing.
    if (editing !== null && block.length === 1 && block[0]!.length === 1) return;
    event.preventDefault();
    setEditing(null);
    const fromCol = Math.max(1, active.col);
    void paste(block, {
      students: students.slice(active.row),
      items: items.slice(fromCol - 1),
    });
    grid.current?.focus();
  };

  const select = (row: number, col: number) => {
    if (editing !== null) finishEditing({ row, col });
    else setActive({ row, col });
    grid.current?.focus();
  };

  const visibleItems = items.slice(view.firstCol, view.lastCol + 1);
  const leftGap = view.firstCol * COL_WIDTH;
  const rightGap = Math.max(0, (items.length - view.lastCol - 1) * COL_WIDTH);
  const width = nameWidth + items.length * COL_WIDTH + GRADE_WIDTH;
  const activeCell =
    activeStudent && activeItem
      ? cells.get(cellKey(activeStudent.student_id, activeItem))
      : undefined;
  const failed = [...cells.values()].filter((c) => c.status === 'error').length;
  const activeRendered =
    active.row >= view.firstRow &&
    active.row <= view.lastRow &&
    (active.col === 0 || (active.col - 1 >= view.firstCol && active.col - 1 <= view.lastCol));
  const spacerCells = visibleItems.length + 2 + (leftGap > 0 ? 1 : 0) + (rightGap > 0 ? 1 : 0);

  return (
    <div>
      <div
        ref={scroller}
        className={styles.scroller}
        role="region"
        aria-label={t('Grades of {{lesson}}', { lesson: book.lesson.name })}
      >
        <table
          ref={grid}
          data-tabster={OWN_KEYS}
          role="grid"
          className={styles.table}
          style={{ width: `${width}px` }}
          tabIndex={0}
          aria-label={t('Grades of {{lesson}}, {{subPeriod}}', {
            lesson: book.lesson.name,
            subPeriod: book.sub_period.name,
          })}
          aria-rowcount={students.length + 1}
          aria-colcount={items.length + 2}
          aria-readonly={!book.abilities.update || undefined}
          aria-activedescendant={
            activeRendered && editing === null ? cellId(active.row, active.col) : undefined
          }
          aria-describedby={`grade-grid-help-${book.lesson.id}`}
          onKeyDown={onGridKeyDown}
          onPaste={onPaste}
          data-testid="grade-grid"
        >
          <GridHeader
            book={book}
            items={visibleItems}
            firstCol={view.firstCol}
            leftGap={leftGap}
            rightGap={rightGap}
            nameWidth={nameWidth}
            gradeWidth={GRADE_WIDTH}
            onEditItem={book.abilities.update ? onEditItem : undefined}
          />
          <tbody>
            {view.firstRow > 0 && (
              <tr aria-hidden="true" style={{ height: `${view.firstRow * ROW_HEIGHT}px` }}>
                <td colSpan={spacerCells} className={styles.spacer} />
              </tr>
            )}
            {students.slice(view.firstRow, view.lastRow + 1).map((student, offset) => {
              const row = view.firstRow + offset;
              return (
                <tr key={student.student_id} aria-rowindex={row + 2} data-testid="grade-row">
                  <th
                    scope="row"
                    id={cellId(row, 0)}
                    role="rowheader"
                    aria-colindex={1}
                    className={mergeClasses(
                      styles.cell,
                      styles.name,
                      active.row === row && active.col === 0 && styles.active,
                    )}
                    style={{ width: `${nameWidth}px` }}
                    onClick={() => select(row, 0)}
                  >
                    <a
                      href={studentPath(student.student_id)}
                      className={styles.nameLink}
                      tabIndex={-1}
                      onClick={(event) => {
                        event.preventDefault();
                        void navigate(studentPath(student.student_id));
                      }}
                    >
                      {student.last_name} {student.first_name}
                    </a>
                  </th>
                  {leftGap > 0 && (
                    <td
                      aria-hidden="true"
                      className={styles.spacer}
                      style={{ width: `${leftGap}px` }}
                    />
                  )}
                  {visibleItems.map((item, index) => {
                    const col = view.firstCol + index + 1;
                    const state = cells.get(cellKey(student.student_id, item));
                    const isActive = active.row === row && active.col === col;
                    return (
                      <td
                        key={item.key}
                        id={cellId(row, col)}
                        role="gridcell"
                        aria-colindex={col + 1}
                        aria-readonly={!item.editable || undefined}
                        aria-invalid={state?.status === 'error' || undefined}
                        aria-busy={state?.status === 'saving' || undefined}
                        title={state?.message}
                        data-testid={`grade-cell-${student.student_id}-${item.key}`}
                        className={mergeClasses(
                          styles.cell,
                          !item.editable && styles.readOnly,
                          state?.status === 'saving' && styles.saving,
                          state?.status === 'error' && styles.error,
                          isActive && styles.active,
                        )}
                        onClick={() => select(row, col)}
                        onDoubleClick={() => {
                          select(row, col);
                          if (item.editable) setEditing(textOf(student, item));
                        }}
                      >
                        {isActive && editing !== null ? (
                          <input
                            // Typing starts here: the input takes focus as it appears.
                            autoFocus
                            className={styles.input}
                            value={editing}
                            inputMode="decimal"
                            aria-label={t('{{student}}, {{item}} (out of {{max}})', {
                              student: `${student.last_name} ${student.first_name}`,
                              item: item.title,
                              max: item.max_points,
                            })}
                            onChange={(event) => setEditing(event.target.value)}
                            onKeyDown={onInputKeyDown}
                            onBlur={() => finishEditing(active)}
                          />
                        ) : (
                          textOf(student, item)
                        )}
                      </td>
                    );
                  })}
                  {rightGap > 0 && (
                    <td
                      aria-hidden="true"
                      className={styles.spacer}
                      style={{ width: `${rightGap}px` }}
                    />
                  )}
                  <td
                    role="gridcell"
                    aria-colindex={items.length + 2}
                    aria-readonly
                    className={mergeClasses(styles.cell, styles.grade)}
                    style={{ width: `${GRADE_WIDTH}px` }}
                    title={
                      student.grade.unrounded === null
                        ? undefined
                        : t('Before rounding: {{value}}', {
                            value: formatGrade(
                              Math.round(student.grade.unrounded * 100) / 100,
                              i18n.language,
                            ),
                          })
                    }
                    data-testid={`grade-average-${student.student_id}`}
                  >
                    {student.grade.value === null
                      ? '–'
                      : formatGrade(student.grade.value, i18n.language)}
                  </td>
                </tr>
              );
            })}
            {view.lastRow < students.length - 1 && (
              <tr
                aria-hidden="true"
                style={{ height: `${(students.length - view.lastRow - 1) * ROW_HEIGHT}px` }}
              >
                <td colSpan={spacerCells} className={styles.spacer} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Text as="p" className={styles.message} data-testid="grade-cell-message">
        {activeCell?.status === 'error' && activeStudent && activeItem
          ? `${activeStudent.last_name} ${activeStudent.first_name}, ${activeItem.title}: ${activeCell.message}`
          : failed > 0
            ? t('{{count}} cells are not saved: select one to see why.', { count: failed })
            : ''}
      </Text>
      <Text as="p" size={200} id={`grade-grid-help-${book.lesson.id}`} className={styles.hint}>
        {book.abilities.update
          ? t(
              'Type a value to enter it; Enter moves down, Tab across, Delete clears, Escape cancels. Paste a block from a spreadsheet at the selected cell. Values are on each item’s points.',
            )
          : t('This sub-period is read-only.')}
      </Text>
    </div>
  );
}
