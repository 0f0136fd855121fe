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
  const [categories, stored, tasks] = await Promise.all([
    q.categoriesOf(db, schoolId, lessonIds, subPeriod.id),
    q.storedItemsOf(db, schoolId, lessonIds, subPeriod.id),
    q.tasksWithin(db, schoolId, lessonIds, subPeriod),
  ]);
  const [entries, scores] = await Promise.all([
    q.entriesOf(
      db,
      schoolId,
      stored.map((i) => i.id),
      studentIds,
    ),
    q.taskScoresOf(
      db,
      schoolId,
      tasks.map((t) => t.id),
      studentIds,
    ),
  ]);
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
  const lessonOfItem = new Map(stored.map((i) => [i.id, i.lesson_id]));
  const lessonOfTask = new Map(tasks.map((t) => [t.id, t.lesson_id]));
  const put = (lessonId: number | undefined, studentId: number, key: string, v: GradeValueView) => {
    const book = lessonId === undefined ? undefined : books.get(lessonId);
    if (!book) return;
    const row = book.values.get(studentId) ?? {};
    row[key] = v;
    book.values.set(studentId, row);
  };
  for (const e of entries)
    put(lessonOfItem.get(e.item_id), e.student_id, `item:${e.item_id}`, {
      value: e.value_hundredths === null ? null : e.value_hundredths / 100,
      comment: e.comment,
    });
  for (const s of scores)
    put(lessonOfTask.get(s.task_id), s.student_id, taskKey(s.task_id), {
      value: s.points,
      comment: s.feedback,
    });
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
