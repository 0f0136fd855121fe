import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound, ruleError } from '../../http/errors';
import { assertAdminMayWrite } from '../permissions/effective';
import {
  assertGuardianOf,
  mayWriteLesson,
  relationTo,
  type TeachingCaller,
} from '../lessons/teaching-access';

// The gradebook: who may do what. The one place.
//
// - A lesson's gradebook is read by its teachers and by the office (the lessons permission);
//   it is written (categories, items, values) by its teachers and by the office with write
//   on lessons, and by nobody while its sub-period is closed.
// - Only the office with write on periods closes or reopens a sub-period's grades.
// - A student reads their own grades, a parent their children's; both see the sub-period
//   grade only as the school publishes it (grades_publish), never another student's.

/** Refuses a caller who neither teaches the lesson nor is the office; 404 for another school's. */
export async function assertReadsGradebook(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<void> {
  if (caller.role !== 'teacher' && caller.role !== 'admin')
    throw forbidden("Only the lesson's teachers and the office read its gradebook.");
  const relation = await relationTo(db, caller, lessonId);
  if (relation === null) {
    if (caller.role === 'admin') throw notFound('This lesson does not exist.');
    throw ruleError(
      'forbidden',
      { code: 'not_your_lesson', field: 'lesson_id' },
      'You can do this only for lessons you teach.',
    );
  }
}

export async function mayWriteGradebook(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<boolean> {
  return mayWriteLesson(db, caller, lessonId);
}

/** Refuses writing a lesson's gradebook (after assertReadsGradebook). */
export async function assertWritesGradebook(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
): Promise<void> {
  await assertReadsGradebook(db, caller, lessonId);
  if (!(await mayWriteGradebook(db, caller, lessonId)))
    throw forbidden('Changing grades needs write on the lessons permission.');
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
