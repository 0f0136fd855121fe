import type { Kysely } from 'kysely';
import type { Abilities } from '../../../shared/api/teaching';
import type { Database } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { taughtAmong, visibleCondition, type TeachingCaller } from '../lessons/teaching-access';

// Chapters: who reads which, who changes which. The one place.
//
// - The office (admins with the lessons permission) reads every chapter; with write, changes them.
// - A teacher reads and writes the chapters of lessons they teach, drafts included.
// - A student reads the published chapters of lessons they attend, and marks them read.
// - A parent reads the published chapters of their children's lessons.

/** Rows of `chapters as c` the caller may read. */
export const readableChapters = (caller: TeachingCaller) =>
  visibleCondition(caller, 'c.lesson_id', 'c.published');

/** What the caller may do with each chapter of a page, by lesson (one query). */
export async function chapterAbilities(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonIds: number[],
): Promise<(lessonId: number) => Abilities> {
  const writable = await taughtAmong(db, caller, lessonIds);
  return (lessonId) => ({ update: writable.has(lessonId), delete: writable.has(lessonId) });
}

/** Only students keep a record of what they have read. */
export function assertMayMarkRead(caller: TeachingCaller): void {
  if (caller.role !== 'student') throw forbidden('Only students mark chapters read.');
}
