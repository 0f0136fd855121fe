import type { Kysely } from 'kysely';
import type { Abilities } from '../../../shared/api/teaching';
import type { Database } from '../../db/schema';
import { notFound, ruleError } from '../../http/errors';
import { taughtAmong, visibleCondition, type TeachingCaller } from '../lessons/teaching-access';

// Task books: who reads and changes which. The one place.
//
// - Written by the lesson's teachers (and the office with write), of that lesson's tasks and
//   chapters only.
// - Read by the lesson's students and their parents once published; a student sees the
//   steps they may open (published ones) with their progress.
// - The progress of every student is for the lesson's teachers and the office.

export const readableTaskBooks = (caller: TeachingCaller) =>
  visibleCondition(caller, 'b.lesson_id', 'b.published');

export async function taskBookAbilities(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonIds: number[],
): Promise<(lessonId: number) => Abilities> {
  const writable = await taughtAmong(db, caller, lessonIds);
  return (lessonId) => ({ update: writable.has(lessonId), delete: writable.has(lessonId) });
}

/** Every step must be a task or a chapter of the book's own lesson. */
export function assertStepsInLesson(
  steps: { kind: 'task' | 'chapter'; id: number }[],
  found: { kind: 'task' | 'chapter'; id: number }[],
): void {
  const known = new Set(found.map((s) => `${s.kind}:${s.id}`));
  const stray = steps.filter((s) => !known.has(`${s.kind}:${s.id}`));
  if (stray.length)
    throw ruleError(
      'validation',
      { code: 'not_in_lesson', field: 'items' },
      "Each step must be a task or chapter of the book's lesson.",
    );
}

/** Progress of all students is the teachers' and the office's view. */
export function assertMaySeeProgress(caller: TeachingCaller): void {
  if (caller.role !== 'teacher' && caller.role !== 'admin')
    throw notFound('This task book does not exist.');
}
