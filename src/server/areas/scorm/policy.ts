import type { ServerDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import {
  assertGuardianOf,
  assertMayWriteLesson,
  mayWriteLesson,
  relationTo,
  type LessonRelation,
  type TeachingCaller,
} from '../lessons/teaching-access';
import { packageInSchool, type PackageRow } from './queries';

// SCORM packages: who may do what (the one place).
//
// - Upload, rename, count in the gradebook, delete: whoever may write the lesson's material
//   (its teachers; the office with write on lessons).
// - Play (tracked): the lesson's students. Preview (not tracked) and the learners' report:
//   its teachers and the office.
// - Parents read their own children's standing in the packages of the children's lessons.
// - Anyone else, and every other school, gets 404: a package's existence is not told.

export interface ScormAbilities {
  play: boolean;
  preview: boolean;
  report: boolean;
  update: boolean;
  delete: boolean;
}

export const abilitiesOf = (relation: LessonRelation, writable: boolean): ScormAbilities => ({
  play: relation === 'student',
  preview: relation === 'teacher' || relation === 'office',
  report: relation === 'teacher' || relation === 'office',
  update: writable,
  delete: writable,
});

/** A package of the school the caller is part of through its lesson, with how; else 404. */
export async function readablePackage(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<{ row: PackageRow; relation: LessonRelation; abilities: ScormAbilities }> {
  const row = await packageInSchool(deps.db, caller.schoolId, id);
  const relation = row ? await relationTo(deps.db, caller, row.lesson_id) : null;
  if (!row || !relation) throw notFound('This SCORM package does not exist.');
  const writable = await mayWriteLesson(deps.db, caller, row.lesson_id);
  return { row, relation, abilities: abilitiesOf(relation, writable) };
}

/** Refuses changing packages of a lesson the caller may not write. */
export const assertMayManage = (deps: ServerDeps, caller: TeachingCaller, lessonId: number) =>
  assertMayWriteLesson(deps.db, caller, lessonId);

export function assertMayPlay(abilities: ScormAbilities): void {
  if (!abilities.play && !abilities.preview)
    throw forbidden("Only the lesson's students play a package; teachers preview it.");
}

export function assertMayReport(abilities: ScormAbilities): void {
  if (!abilities.report) throw forbidden("Only the lesson's teachers and the office see this.");
}

/**
 * Whose standing a caller may read with a package list or page: a student's own, a parent's
 * child (asked for by `student_id`, checked), nobody's for teachers and the office.
 */
export async function standingStudentOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  studentId: number | undefined,
): Promise<number | null> {
  if (caller.role === 'student') return caller.me;
  if (caller.role === 'client') {
    if (studentId === undefined) throw forbidden('Choose which child to show.');
    await assertGuardianOf(deps.db, caller, studentId);
    return studentId;
  }
  return null;
}
