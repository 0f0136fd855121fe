import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound, ruleError, validationError } from '../../http/errors';
import { callerMembershipId } from '../../resources/access';
import { callerPermissions } from '../permissions/effective';
import { relationTo, type TeachingCaller } from '../lessons/teaching-access';
import { isGuardianOf } from './queries';

// Attendance: who may do what. The one place.
//
// - A lesson's register is read and saved by its teachers, and by the office with the
//   absences permission (read to see it, write to save it).
// - The school's absences and a student's totals are the office's (absences read);
//   justifying needs write on absences.
// - Students and parents take no register; a family hears of absences by notification and
//   e-mail (the day's notice, the threshold's warning), and a parent reads their own child's
//   absences with their justifications and documents.

/** The caller as the teaching areas see one, with the office's rights taken from `absences`. */
export async function attendanceCaller(
  deps: ServerDeps,
  ctx: RequestContext,
): Promise<TeachingCaller> {
  const role = ctx.role as TeachingCaller['role'];
  const base = { schoolId: ctx.schoolId!, role, userId: ctx.user!.id };
  if (role !== 'admin')
    return {
      ...base,
      me: await callerMembershipId(deps, ctx),
      officeRead: false,
      officeWrite: false,
    };
  const absences = (await callerPermissions(deps, ctx)).find((p) => p.resource === 'absences');
  return {
    ...base,
    me: null,
    officeRead: absences?.read ?? false,
    officeWrite: absences?.write ?? false,
  };
}

/** Reading (or, with `write`, saving) a lesson's register. */
export async function assertRegisterAccess(
  db: Kysely<Database>,
  caller: TeachingCaller,
  lessonId: number,
  write: boolean,
): Promise<void> {
  if (caller.role === 'admin') {
    if (!(write ? caller.officeWrite : caller.officeRead))
      throw forbidden(
        write
          ? 'Taking attendance needs write on the absences permission.'
          : 'Seeing attendance needs the absences permission.',
      );
    if ((await relationTo(db, caller, lessonId)) === null)
      throw notFound('This lesson does not exist.');
    return;
  }
  if (caller.role !== 'teacher')
    throw forbidden("Only the lesson's teachers and the office take attendance.");
  if ((await relationTo(db, caller, lessonId)) !== 'teacher')
    throw ruleError(
      'forbidden',
      { code: 'not_your_lesson', field: 'lesson_id' },
      'You can do this only for lessons you teach.',
    );
}

/** The office's absences screens. */
export function assertOfficeAbsences(caller: TeachingCaller, write: boolean): void {
  if (caller.role !== 'admin') throw forbidden("Only the office sees the school's absences.");
  if (!(write ? caller.officeWrite : caller.officeRead))
    throw forbidden(
      write
        ? 'Justifying absences needs write on the absences permission.'
        : 'Seeing absences needs the absences permission.',
    );
}

/** A parent reads their own child's absences (403 for anyone else's). */
export async function assertGuardianReads(
  db: Kysely<Database>,
  caller: TeachingCaller,
  studentId: number,
): Promise<void> {
  if (caller.role !== 'client' || caller.me === null)
    throw forbidden("Only a parent reads a child's absences here.");
  if (!(await isGuardianOf(db, caller.schoolId, caller.me, studentId)))
    throw forbidden('This student is not your child in this school.');
}

/** A register is kept for days that have come, not ahead of time. */
export function assertNotFuture(date: string, today: string): void {
  if (date > today)
    throw validationError(
      { date: 'Attendance can be taken only for today or earlier days.' },
      'Attendance can be taken only for today or earlier days.',
    );
}
