import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gradebook, GradebookRows, GradeItem } from '../../../../shared/api/grades';
import { ApiError } from '../../api/apiError';
import { apiErrorMessage } from '../../api/apiErrorText';
import { ruleIssueText } from '../../api/ruleIssueText';
import { useArea } from '../../app/area/AreaContext';
import { announce } from '../../components/LiveAnnouncer';
import { checkGradeText } from './gradeText';
import { gradeKeys, saveEntries, saveEntry } from './gradesApi';

// The grid's cells between typing and the server: every change is saved at once, one value per
// call (a pasted block in one call); a cell that failed keeps what was typed, marked with why,
// until it is fixed or cancelled. The server's answer (the student's row with the new grade)
// replaces the row in the cache, so the row's grade is always the server's. A row's values
// follow the gradebook's items; an answer whose items differ (another teacher changed them
// meanwhile) reads the whole gradebook again instead. A student's saves go one after another
// (a value typed and at once deleted is two calls): the answers then come in the order of the
// changes, and the last one is the row as it stands.

export type Student = Gradebook['students'][number];

/** One cell of the grid: the student's row, the item, and the item's place in the items. */
export interface GridCell {
  student: Student;
  item: GradeItem;
  index: number;
}

export interface CellState {
  /** What was typed, kept while it is saved or after it failed. */
  text: string;
  status: 'saving' | 'error';
  message?: string;
}

export const cellKey = (studentId: number, item: Pick<GradeItem, 'key'>) =>
  `${studentId}|${item.key}`;

export function useGradeCells(lessonId: number, queryKey: readonly unknown[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const [cells, setCells] = useState<ReadonlyMap<string, CellState>>(new Map());

  // Leaving the page while a value is on its way would lose it: the browser asks first.
  const saving = [...cells.values()].some((cell) => cell.status === 'saving');
  useEffect(() => {
    if (!saving) return;
    const keep = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', keep);
    return () => window.removeEventListener('beforeunload', keep);
  }, [saving]);

  const patch = useCallback((changes: [string, CellState | null][]) => {
    setCells((previous) => {
      const next = new Map(previous);
      for (const [key, state] of changes) {
        if (state) next.set(key, state);
        else next.delete(key);
      }
      return next;
    });
  }, []);

  /**
   * Changes cells only where they still hold what a save set (a later change may have replaced
   * it). Scheduled with the query cache's own notifications, so that the row the answer put in
   * the cache and the cell's end of saving come in one render: apart, the cell showed the row's
   * old value for a moment, and a Delete pressed then compared with that value and was dropped.
   */
  const settle = useCallback((changes: [string, CellState, CellState | null][]) => {
    notifyManager.schedule(() =>
      setCells((previous) => {
        let next: Map<string, CellState> | undefined;
        for (const [key, expected, state] of changes) {
          if (previous.get(key) !== expected) continue;
          next ??= new Map(previous);
          if (state) next.set(key, state);
          else next.delete(key);
        }
        return next ?? previous;
      }),
    );
  }, []);

  // Per student, the last save sent (settled whether it succeeded or not).
  const queues = useRef(new Map<number, Promise<unknown>>());
  const inTurn = <T>(studentIds: number[], save: () => Promise<T>): Promise<T> => {
    const earlier = studentIds.map((id) => queues.current.get(id));
    const run = Promise.allSettled(earlier).then(save);
    const settled = run.catch(() => undefined);
    for (const id of studentIds) queues.current.set(id, settled);
    return run;
  };

  const replaceRows = (answer: GradebookRows) => {
    const book = queryClient.getQueryData<Gradebook>(queryKey);
    const sameItems =
      book !== undefined &&
      book.items.length === answer.item_keys.length &&
      book.items.every((item, index) => item.key === answer.item_keys[index]);
    if (book && sameItems) {
      const rows = new Map(answer.students.map((row) => [row.student_id, row]));
      queryClient.setQueryData<Gradebook>(queryKey, {
        ...book,
        students: book.students.map((s) => rows.get(s.student_id) ?? s),
      });
    } else void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: gradeKeys.overview(scope) });
    void queryClient.invalidateQueries({ queryKey: [...gradeKeys.all(scope), 'student'] });
  };

  /** A student's value of an item in the cached gradebook (undefined when it is not there). */
  const cachedValue = (studentId: number, item: GradeItem) => {
    const book = queryClient.getQueryData<Gradebook>(queryKey);
    const index = book?.items.findIndex((i) => i.key === item.key) ?? -1;
    const row = book?.students.find((s) => s.student_id === studentId);
    return index === -1 || !row ? undefined : (row.values[index] ?? null);
  };

  /** Saves what was typed into one cell (empty clears it); a bad value is marked, not sent. */
  const commit = async ({ student, item, index }: GridCell, text: string) => {
    const key = cellKey(student.student_id, item);
    // The value as the cache holds it now: the row this render drew may be older than an answer
    // that has just arrived.
    const cached = cachedValue(student.student_id, item);
    const current = cached === undefined ? (student.values[index] ?? null) : cached;
    const checked = checkGradeText(t, text, item.max_points);
    if (!checked.ok) {
      patch([[key, { text, status: 'error', message: checked.message }]]);
      announce(checked.message);
      return;
    }
    if (checked.value === current && !cells.has(key)) return;
    if (item.id === null) return;
    const itemId = item.id;
    const saving: CellState = { text, status: 'saving' };
    patch([[key, saving]]);
    try {
      replaceRows(
        await inTurn([student.student_id], () =>
          saveEntry(
            scope,
            { lessonId, itemId, studentId: student.student_id },
            { value: checked.value },
          ),
        ),
      );
      settle([[key, saving, null]]);
    } catch (error) {
      const message = apiErrorMessage(error, t);
      settle([[key, saving, { text, status: 'error', message }]]);
      announce(message);
    }
  };

  /** Drops what a failed cell kept, showing the saved value again. */
  const cancel = (student: Student, item: GradeItem) =>
    patch([[cellKey(student.student_id, item), null]]);

  /**
   * A block pasted at a cell: every cell checked, the good ones saved in one call, the others
   * marked with why. Cells beyond the grid's edges are left out and counted.
   */
  const paste = async (
    block: string[][],
    at: { students: Student[]; items: GradeItem[] },
  ): Promise<void> => {
    const good: {
      key: string;
      text: string;
      item: GradeItem;
      student: Student;
      value: number | null;
    }[] = [];
    const marks: [string, CellState | null][] = [];
    let outside = 0;
    block.forEach((line, r) =>
      line.forEach((text, c) => {
        const student = at.students[r];
        const item = at.items[c];
        if (!student || !item) {
          outside += 1;
          return;
        }
        const key = cellKey(student.student_id, item);
        if (!item.editable || item.id === null) {
          marks.push([
            key,
            { text, status: 'error', message: t('This item is graded where it was set.') },
          ]);
          return;
        }
        const checked = checkGradeText(t, text, item.max_points);
        if (!checked.ok) marks.push([key, { text, status: 'error', message: checked.message }]);
        else good.push({ key, text, item, student, value: checked.value });
      }),
    );
    const saving = good.map((g): CellState => ({ text: g.text, status: 'saving' }));
    patch([...marks, ...good.map((g, index): [string, CellState] => [g.key, saving[index]!])]);
    const summary = (saved: number) =>
      [
        t('{{count}} values saved.', { count: saved }),
        marks.length > 0 ? t('{{count}} cells need a fix.', { count: marks.length }) : '',
        outside > 0 ? t('{{count}} cells fell outside the grid.', { count: outside }) : '',
      ]
        .filter(Boolean)
        .join(' ');
    if (good.length === 0) {
      announce(summary(0));
      return;
    }
    const studentIds = [...new Set(good.map((g) => g.student.student_id))];
    try {
      const answer = await inTurn(studentIds, () =>
        saveEntries(
          scope,
          lessonId,
          good.map((g) => ({
            item_id: g.item.id!,
            student_id: g.student.student_id,
            value: g.value,
          })),
        ),
      );
      replaceRows(answer);
      settle(good.map((g, index): [string, CellState, null] => [g.key, saving[index]!, null]));
      announce(summary(good.length));
    } catch (error) {
      // Refused as a whole: mark the cells the server named, and the rest as not saved.
      const named = new Map<number, string>();
      if (error instanceof ApiError)
        for (const issue of error.issues) {
          const index = Number(/^entries\.(\d+)\./.exec(issue.field ?? '')?.[1]);
          if (Number.isInteger(index)) named.set(index, ruleIssueText(issue, t));
        }
      const fallback = apiErrorMessage(error, t);
      settle(
        good.map((g, index): [string, CellState, CellState] => [
          g.key,
          saving[index]!,
          { text: g.text, status: 'error', message: named.get(index) ?? fallback },
        ]),
      );
      announce(fallback);
    }
  };

  return { cells, commit, cancel, paste };
}
