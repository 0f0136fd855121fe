import type { GradebookStudent } from '../../../src/shared/api/grades';

// Reading the grid's compact rows in tests: a row's values follow the gradebook's items (or a
// write's item_keys), its comments are [item index, comment] where there is one.

type Row = Pick<GradebookStudent, 'student_id' | 'values' | 'comments'>;

/** The row of a student among the answered ones; fails the test when absent. */
export function rowOf<R extends Row>(rows: R[], studentId: number): R {
  const row = rows.find((r) => r.student_id === studentId);
  if (!row) throw new Error(`no row of student ${studentId}`);
  return row;
}

/**
 * A student's value and comment on the item with `key`, as the grid has them; undefined when
 * there is neither (no entry).
 */
export function cellOf(
  keys: string[],
  row: Row,
  key: string,
): { value: number | null; comment: string | null } | undefined {
  const index = keys.indexOf(key);
  if (index < 0) throw new Error(`no item ${key} in the gradebook`);
  const value = row.values[index] ?? null;
  const comment = row.comments?.find(([at]) => at === index)?.[1] ?? null;
  return value === null && comment === null ? undefined : { value, comment };
}

/** The item keys of a gradebook, in the order its rows' values follow. */
export const keysOf = (book: { items: { key: string }[] }) => book.items.map((i) => i.key);
