import { makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
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
import { GridHeader, HEADER_HEIGHT } from './GridHeader';

// Rows and columns rendered beyond each edge of the view (useGridWindow): two cover the 20 to
// 60 px a quick scroll moves in a frame, and cost a tenth less per frame than three (W9).
const OVERSCAN = 2;
import { COL_WIDTH, GRADE_WIDTH, GridRow, ROW_HEIGHT, type RowActions } from './GridRow';
import { cellKey, useGradeCells, type GridCell } from './useGradeCells';
import { useGridWindow } from './useGridWindow';

// The gradebook as a spreadsheet: students down, items across, the sub-period grade at the
// right. Only the cells in view are rendered (useGridWindow); the grid keeps focus itself and
// points at the selected cell with aria-activedescendant, so a cell scrolled out and back
// loses nothing. Keys: arrows, Tab, Enter (down), typing starts editing, F2 edits, Delete
// clears, Escape cancels; a block pasted from a spreadsheet fills the cells from the selected one.

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
  grid: { position: 'relative', outlineStyle: 'none' },
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
  const grid = useRef<HTMLDivElement>(null);
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
    overscan: OVERSCAN,
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

  const textOf = ({ student, item, index }: GridCell) =>
    cells.get(cellKey(student.student_id, item))?.text ??
    formatGrade(student.values[index], i18n.language);
  // The selected cell, when it is an item's (not a name).
  const selected: GridCell | undefined =
    activeStudent && activeItem
      ? { student: activeStudent, item: activeItem, index: active.col - 1 }
      : undefined;

  const startEditing = (text: string | null) => {
    if (!selected) return;
    if (!selected.item.editable) {
      announce(
        book.abilities.update
          ? t('This item is graded where it was set.')
          : t('This sub-period is read-only.'),
      );
      return;
    }
    setEditing(text ?? textOf(selected));
  };

  const finishEditing = (to: GridPosition | 'cancel') => {
    const typed = editingRef.current;
    if (typed === null || !selected) return;
    setEditing(null);
    if (to === 'cancel') cancel(selected.student, selected.item);
    else {
      void commit(selected, typed);
      setActive(to);
    }
    grid.current?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing !== null || students.length === 0) return;
    const action = selectedKeyAction(event, active, { ...size, page });
    if (action.kind === 'none') return;
    event.preventDefault();
    if (action.kind === 'move') setActive(action.to);
    else if (action.kind === 'edit') startEditing(action.text);
    else if (action.kind === 'open-student' && activeStudent)
      void navigate(studentPath(activeStudent.student_id));
    else if (action.kind === 'clear' && selected?.item.editable) void commit(selected, '');
    else if (action.kind === 'cancel' && selected) cancel(selected.student, selected.item);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const to = editingKeyMove(event, active, size);
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    finishEditing(to);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
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

  // The row's handlers as of the latest render, behind one object that never changes, so that
  // the memoised rows are not rendered again for new closures.
  const latest = useRef({
    select,
    startEditing: setEditing,
    navigate,
    studentPath,
    onInputKeyDown,
    finishEditing,
    active,
  });
  latest.current = {
    select,
    startEditing: setEditing,
    navigate,
    studentPath,
    onInputKeyDown,
    finishEditing,
    active,
  };
  const actions = useMemo<RowActions>(
    () => ({
      select: (row, col) => latest.current.select(row, col),
      editCell: (row, col, text) => {
        latest.current.select(row, col);
        latest.current.startEditing(text);
      },
      openStudent: (studentId) =>
        void latest.current.navigate(latest.current.studentPath(studentId)),
      type: (text) => latest.current.startEditing(text),
      inputKeyDown: (event) => latest.current.onInputKeyDown(event),
      inputBlur: () => latest.current.finishEditing(latest.current.active),
    }),
    [],
  );

  const { firstCol, lastCol } = view;
  const visibleItems = useMemo(
    () => items.slice(firstCol, lastCol + 1),
    [items, firstCol, lastCol],
  );
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

  return (
    <div>
      <div
        ref={scroller}
        className={styles.scroller}
        role="region"
        aria-label={t('Grades of {{lesson}}', { lesson: book.lesson.name })}
      >
        <div
          ref={grid}
          data-tabster={OWN_KEYS}
          role="grid"
          className={styles.grid}
          style={{
            width: `${width}px`,
            height: `${HEADER_HEIGHT + students.length * ROW_HEIGHT}px`,
          }}
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
            width={width}
            onEditItem={book.abilities.update ? onEditItem : undefined}
          />
          <div role="rowgroup">
            {students.slice(view.firstRow, view.lastRow + 1).map((student, offset) => {
              const row = view.firstRow + offset;
              return (
                <GridRow
                  key={student.student_id}
                  student={student}
                  row={row}
                  items={visibleItems}
                  firstCol={view.firstCol}
                  itemCount={items.length}
                  leftGap={leftGap}
                  rightGap={rightGap}
                  nameWidth={nameWidth}
                  activeCol={active.row === row ? active.col : null}
                  editing={active.row === row ? editing : null}
                  cells={cells}
                  language={i18n.language}
                  idPrefix={`grade-cell-${book.lesson.id}`}
                  href={studentPath(student.student_id)}
                  actions={actions}
                  top={HEADER_HEIGHT + row * ROW_HEIGHT}
                  width={width}
                />
              );
            })}
          </div>
        </div>
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
