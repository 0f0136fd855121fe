import { forbidden } from '../../http/errors';
import type { TeachingCaller } from './teaching-access';

// Lesson templates' material and lessons made from templates. The one place.
//
// - Teachers read every template of their school (templates are the school's shared material)
//   and make lessons from them; they become the new lesson's teacher.
// - The office reads them with the lessons permission and makes lessons with write on it.
// - Students and parents do not see templates.
// - Saving a lesson's material as a new template is for whoever writes that material: the
//   lesson's teachers and the office with write on lessons (assertMayWriteLesson).
// - A template's chapters and tasks are changed or removed one by one by the office with write
//   on lessons, who also own the template records; a teacher who wants different material
//   saves a lesson as a new template (the school's shared templates do not change under the
//   other teachers' feet).

export function assertMayReadTemplates(caller: TeachingCaller): void {
  if (caller.role !== 'teacher' && caller.role !== 'admin')
    throw forbidden('Lesson templates are for teachers and the office.');
}

/** Whether the caller may make a lesson from a template (teachingCaller already refused an
 * admin without the lessons permission). */
export function mayCreateFromTemplate(caller: TeachingCaller): boolean {
  if (caller.role === 'teacher') return caller.me !== null;
  return caller.role === 'admin' && caller.officeWrite;
}

export function assertMayCreateFromTemplate(caller: TeachingCaller): void {
  assertMayReadTemplates(caller);
  if (!mayCreateFromTemplate(caller))
    throw forbidden('Making lessons needs write on the lessons permission.');
}

/** Whether the caller may change or remove a template's chapters and tasks. */
export const mayEditTemplateMaterial = (caller: TeachingCaller): boolean =>
  caller.role === 'admin' && caller.officeWrite;

export function assertMayEditTemplateMaterial(caller: TeachingCaller): void {
  assertMayReadTemplates(caller);
  if (!mayEditTemplateMaterial(caller))
    throw forbidden("Changing a template's material needs write on the lessons permission.");
}
