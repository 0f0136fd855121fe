import type { Gradebook, GradeCategory, GradeItem } from '../../../../shared/api/grades';
import { msg } from '../../i18n/msg';

// What the set-up screens show about categories and items, computed from the gradebook the
// server answered (the grid's own data), so that the counts are the grid's.

/** The values entered on an item, over the lesson's students (what deleting it takes). */
export function valuesOn(book: Gradebook, item: Pick<GradeItem, 'key'>): number {
  const index = book.items.findIndex((i) => i.key === item.key);
  return index < 0 ? 0 : book.students.filter((s) => s.values[index] != null).length;
}

/** A category's share of the grade in whole percent, as the weights stand (0 with no weight). */
export function shareOf(categories: Pick<GradeCategory, 'weight'>[], weight: number): number {
  const total = categories.reduce((sum, c) => sum + c.weight, 0);
  return total > 0 ? Math.round((weight / total) * 100) : 0;
}

/** The items a category holds (its own, and the tasks or quizzes it collects). */
export const itemsIn = (book: Gradebook, categoryId: number | null) =>
  book.items.filter((i) => i.category_id === categoryId);

/** What a category collects by itself, in words. */
export const COLLECTS: Record<NonNullable<GradeCategory['source_kind']>, string> = {
  task: msg("The lesson's tasks"),
  quiz: msg('Quizzes'),
  scorm: msg('SCORM packages'),
};

/** Where an item that is not the teacher's own is graded. */
export const GRADED_IN: Record<NonNullable<GradeItem['source']>['kind'], string> = {
  task: msg('Graded in the task'),
  quiz: msg('Graded in the quiz'),
  scorm: msg('Graded in the SCORM package'),
};

/** The dialog open on the gradebook page, if any. */
export type SetupDialog =
  | { kind: 'category'; category: GradeCategory | null }
  | { kind: 'item'; item: GradeItem | null }
  | { kind: 'delete-category'; category: GradeCategory }
  | { kind: 'delete-item'; item: GradeItem };
