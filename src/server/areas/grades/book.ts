import type { Kysely } from 'kysely';
import type { GradeCategory, GradeItem, SubPeriodGrade } from '../../../shared/api/grades';
import { weightedGrade, type GradeScale } from '../../../shared/grades/average';
import type { Database } from '../../db/schema';
import * as q from './queries';

// Reads gradebooks: a lesson's categories and items (the teacher's own, other areas' and its
// tasks) with the values of some students, and each student's sub-period grade. The teacher's
// grid, one student's page and a parent's view all come from here, so they agree.

export interface GradeValueView {
  value: number | null;
  comment: string | null;
}

export interface LessonBook {
  lessonId: number;
  categories: GradeCategory[];
  items: GradeItem[];
  /** Student id -> item key -> value. */
  values: Map<number, Record<string, GradeValueView>>;
}

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
  // The items' values are read by a join of their own, so that only the tasks' scores wait
  // for the tasks (SQLite runs them one after another anyway; PostgreSQL overlaps them).
  const [categories, stored, tasks, entries] = await Promise.all([
    q.categoriesOf(db, schoolId, lessonIds, subPeriod.id),
    q.storedItemsOf(db, schoolId, lessonIds, subPeriod.id),
    q.tasksWithin(db, schoolId, lessonIds, subPeriod),
    q.entriesOfBooks(db, schoolId, lessonIds, subPeriod.id, studentIds),
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
      values: new Map(),
    });
  }
  // Each item's book and key, found once rather than per value.
  const placeOfItem = new Map(
    stored.map((i) => [i.id, { book: books.get(i.lesson_id), key: itemKey(i) }]),
  );
  const placeOfTask = new Map(
    tasks.map((t) => [t.id, { book: books.get(t.lesson_id), key: taskKey(t.id) }]),
  );
  const put = (
    place: { book: LessonBook | undefined; key: string } | undefined,
    studentId: number,
    value: GradeValueView,
  ) => {
    if (!place?.book) return;
    let row = place.book.values.get(studentId);
    if (!row) place.book.values.set(studentId, (row = {}));
    row[place.key] = value;
  };
  for (const e of entries)
    put(placeOfItem.get(e.item_id), e.student_id, {
      value: e.value_hundredths === null ? null : e.value_hundredths / 100,
      comment: e.comment,
    });
  for (const s of scores)
    put(placeOfTask.get(s.task_id), s.student_id, { value: s.points, comment: s.feedback });
  return books;
}

/** A student's sub-period grade in a book, with how it was computed. */
export function gradeOf(
  book: LessonBook,
  studentId: number,
  scale: GradeScale,
  published: boolean,
): SubPeriodGrade {
  const values = book.values.get(studentId) ?? {};
  const computed = weightedGrade(
    book.categories.map((c) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      items: book.items
        .filter((i) => i.category_id === c.id && values[i.key]?.value != null)
        .map((i) => ({ value: values[i.key]!.value!, max: i.max_points })),
    })),
    scale,
  );
  if (published) return { ...computed, published: true };
  return {
    value: null,
    unrounded: null,
    weight_total: computed.weight_total,
    categories: computed.categories.map((c) => ({ ...c, average: null })),
    published: false,
  };
}
