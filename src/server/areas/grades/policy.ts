import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound, ruleError } from '../../http/errors';
import { assertAdminMayWrite } from '../permissions/effective';
import { lessonRow, lessonTaughtBy, type LessonRow } from './queries';
import { assertGuardianOf, type TeachingCaller } from '../lessons/teaching-access';

// The gradebook: who may do what. The one place.
//
// - A lesson's gradebook is read by its teachers and by the office (the lessons permission);
//   it is written (categories, items, values) by its teachers and by the office with write
//   on lessons, and by nobody while its sub-period is closed.
// - Only the office with write on periods closes or reopens a sub-period's grades.
// - A student reads their own grades, a parent their children's; both see the sub-period
//   grade only as the school publishes it (grades_publish), never another student's.

/**
 * Whether the caller reads a lesson's gradebook (else refused: 404 for the office when the
 * lesson is not the school's, 403 for anyone else) and may write it, with the lesson's row,
 * in one query: the office reads every lesson of its school and writes with write on
 * lessons; a teacher reads and writes the lessons they teach.
 */
export async function gradebookAccess(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<{ lesson: LessonRow; mayWrite: boolean }> {
  if (caller.role === 'admin') {
    const lesson = await lessonRow(db, caller.schoolId, lessonId);
    if (!lesson) throw notFound('This lesson does not exist.');
    return { lesson, mayWrite: caller.officeWrite };
  }
  if (caller.role !== 'teacher' || caller.me === null)
    throw forbidden("Only the lesson's teachers and the office read its gradebook.");
  const lesson = await lessonTaughtBy(db, caller.schoolId, lessonId, caller.me);
  if (!lesson)
    throw ruleError(
      'forbidden',
      { code: 'not_your_lesson', field: 'lesson_id' },
      'You can do this only for lessons you teach.',
    );
  return { lesson, mayWrite: true };
}

/** gradebookAccess for a write: refused unless the caller may write the lesson's gradebook. */
export async function gradebookWriteAccess(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<LessonRow> {
  const { lesson, mayWrite } = await gradebookAccess(db, caller, lessonId);
  if (!mayWrite) throw forbidden('Changing grades needs write on the lessons permission.');
  return lesson;
}

/** A closed sub-period is read-only. */
export function assertOpen(closed: boolean): void {
  if (closed)
    throw ruleError(
      'conflict',
      { code: 'sub_period_closed' },
      'This sub-period is closed: its grades are read-only until the office reopens it.',
    );
}

export const assertMayCloseSubPeriods = (deps: ServerDeps, ctx: RequestContext) =>
  assertAdminMayWrite(deps, ctx, 'periods', {
    notAdmin: "Only the office closes or reopens a sub-period's grades.",
    noPermission: 'You do not have permission to change the periods.',
  });

/** Whose grades the caller may read on the student and parent pages. */
export async function studentOfCaller(
  db: Kysely<Database>,
  caller: TeachingCaller,
  childId: number | null,
): Promise<number> {
  if (childId === null) {
    if (caller.role !== 'student' || caller.me === null)
      throw forbidden('Only students read their own grades here.');
    return caller.me;
  }
  await assertGuardianOf(db, caller, childId);
  return childId;
}

/** Whether students and parents see the sub-period grade yet. */
export const gradePublished = (
  publish: 'immediately' | 'end_of_sub_period',
  subPeriod: { end_date: string; closed: boolean },
  today: string,
) => publish === 'immediately' || subPeriod.closed || subPeriod.end_date < today;
