import type { Kysely } from 'kysely';
import type {
  GradebookStudent,
  GradeCategory,
  GradeItem,
  SubPeriodGrade,
} from '../../../shared/api/grades';
import { compactGrade, weightedGrade, type GradeScale } from '../../../shared/grades/average';
import type { Database } from '../../db/schema';
import * as q from './queries';

// Reads gradebooks: a lesson's categories and items (the teacher's own, other areas' and its
// tasks) with the values of some students, and each student's sub-period grade. The teacher's
// grid, one student's page and a parent's view all come from here, so they agree.

/** A student's values in a book, aligned with its items. */
export interface StudentEntries {
  /** Per item, in the book's order: the value on the item's own points, or null. */
  values: (number | null)[];
  /** [item index, comment], only where there is one. */
  comments?: [number, string][];
}

export interface LessonBook {
  lessonId: number;
  categories: GradeCategory[];
  items: GradeItem[];
  /** Per category, in order: the indexes of its items. */
  itemsOfCategory: number[][];
  /** Student id -> their values (absent: nothing entered). */
  entries: Map<number, StudentEntries>;
}

/** Up to this many students, their values are looked up rather than their items' columns read. */
const FEW_STUDENTS = 8;

export const itemKey = (item: { id: number }) => `item:${item.id}`;
export const taskKey = (taskId: number) => `task:${taskId}`;

/** Loads the books of some lessons in one sub-period, with the values of `studentIds` (all when null). */
export async function loadBooks(
  db: Kysely<Database>,
  schoolId: number,
  lessonIds: number[],
  subPeriod: { id: number; start_date: string; end_date: string },
  studentIds: number[] | null,
  options: { writable: boolean },
): Promise<Map<number, LessonBook>> {
  // A few students' values are looked up one by one in the items' index; for more, reading
  // each item's whole column and keeping theirs is cheaper (the rows of a grid pasted whole:
  // 40 students' lookups cost 1.4× the 80 columns' scans).
  const looksUp = studentIds !== null && studentIds.length <= FEW_STUDENTS;
  const wanted = studentIds && !looksUp ? new Set(studentIds) : null;
  // The items' values are read by a join of their own, so that only the tasks' scores wait
  // for the tasks (SQLite runs them one after another anyway; PostgreSQL overlaps them).
  const [categories, stored, tasks, entries] = await Promise.all([
    q.categoriesOf(db, schoolId, lessonIds, subPeriod.id),
    q.storedItemsOf(db, schoolId, lessonIds, subPeriod.id),
    q.tasksWithin(db, schoolId, lessonIds, subPeriod),
    q.entriesOfBooks(db, schoolId, lessonIds, subPeriod.id, looksUp ? studentIds : null),
  ]);
  const scores = await q.taskScoresOf(
    db,
    schoolId,
    tasks.map((t) => t.id),
    studentIds,
  );
  const books = new Map<number, LessonBook>();
  for (const lessonId of lessonIds) {
    const own = categories.filter((c) => c.lesson_id === lessonId);
    const collector = (kind: 'task' | 'quiz' | 'scorm') =>
      own.find((c) => c.source_kind === kind)?.id ?? null;
    const items: GradeItem[] = [
      ...stored
        .filter((i) => i.lesson_id === lessonId)
        .map((i): GradeItem => ({
          key: itemKey(i),
          id: i.id,
          kind: i.kind,
          source: i.source_kind && i.source_id ? { kind: i.source_kind, id: i.source_id } : null,
          category_id: i.category_id ?? (i.source_kind ? collector(i.source_kind) : null),
          title: i.title,
          max_points: i.max_points,
          date: i.date,
          editable: options.writable && i.source_kind === null,
        })),
      ...tasks
        .filter((t) => t.lesson_id === lessonId)
        .map((t): GradeItem => ({
          key: taskKey(t.id),
          id: null,
          kind: 'task',
          source: { kind: 'task', id: t.id },
          category_id: collector('task'),
          title: t.title,
          max_points: t.points,
          date: t.due_at.slice(0, 10),
          editable: false,
        })),
    ].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.key.localeCompare(b.key));
    books.set(lessonId, {
      lessonId,
      categories: own.map(({ lesson_id: _lesson, ...c }) => c),
      items,
      itemsOfCategory: own.map((c) =>
        items.flatMap((item, index) => (item.category_id === c.id ? [index] : [])),
      ),
      entries: new Map(),
    });
  }
  // Each item's book and column, found once rather than per value.
  const placeOf = (lessonId: number, key: string) => {
    const book = books.get(lessonId);
    return book && { book, index: book.items.findIndex((i) => i.key === key) };
  };
  const placeOfItem = new Map(stored.map((i) => [i.id, placeOf(i.lesson_id, itemKey(i))]));
  const placeOfTask = new Map(tasks.map((t) => [t.id, placeOf(t.lesson_id, taskKey(t.id))]));
  const put = (
    place: { book: LessonBook; index: number } | undefined,
    studentId: number,
    value: number | null,
    comment: string | null,
  ) => {
    if (!place) return;
    let row = place.book.entries.get(studentId);
    if (!row) {
      row = { values: new Array<number | null>(place.book.items.length).fill(null) };
      place.book.entries.set(studentId, row);
    }
    row.values[place.index] = value;
    if (comment) (row.comments ??= []).push([place.index, comment]);
  };
  for (const e of entries)
    if (!wanted || wanted.has(e.student_id))
      put(
        placeOfItem.get(e.item_id),
        e.student_id,
        e.value_hundredths === null ? null : e.value_hundredths / 100,
        e.comment,
      );
  for (const s of scores) put(placeOfTask.get(s.task_id), s.student_id, s.points, s.feedback);
  for (const book of books.values())
    for (const row of book.entries.values()) row.comments?.sort((a, b) => a[0] - b[0]);
  return books;
}

/** The book's items with one student's value and comment on each (the student's views). */
export function itemsWithValues(book: LessonBook, studentId: number) {
  const row = book.entries.get(studentId);
  const comments = new Map(row?.comments);
  return book.items.map((item, index) => ({
    ...item,
    value: row?.values[index] ?? null,
    comment: comments.get(index) ?? null,
  }));
}

/** One student's row of the grid: values aligned with the items, comments apart, the grade. */
export function gridRowOf(
  book: LessonBook,
  student: { student_id: number; first_name: string; last_name: string },
  scale: GradeScale,
): GradebookStudent {
  const row = book.entries.get(student.student_id);
  return {
    student_id: student.student_id,
    first_name: student.first_name,
    last_name: student.last_name,
    values: row?.values ?? new Array<null>(book.items.length).fill(null),
    ...(row?.comments ? { comments: row.comments } : {}),
    grade: compactGrade(weightedGradeOf(book, row, scale)),
  };
}

function weightedGradeOf(book: LessonBook, row: StudentEntries | undefined, scale: GradeScale) {
  return weightedGrade(
    book.categories.map((c, index) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      items: row
        ? book.itemsOfCategory[index]!.flatMap((i) => {
            const value = row.values[i];
            return value == null ? [] : [{ value, max: book.items[i]!.max_points }];
          })
        : [],
    })),
    scale,
  );
}

/** A student's sub-period grade in a book, with how it was computed. */
export function gradeOf(
  book: LessonBook,
  studentId: number,
  scale: GradeScale,
  published: boolean,
): SubPeriodGrade {
  const computed = weightedGradeOf(book, book.entries.get(studentId), scale);
  if (published) return { ...computed, published: true };
  return {
    value: null,
    unrounded: null,
    weight_total: computed.weight_total,
    categories: computed.categories.map((c) => ({ ...c, average: null })),
    published: false,
  };
}
