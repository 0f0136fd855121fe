import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { attendanceCaller, assertOfficeAbsences } from './policy';

// Justification documents of absences: files of the files area with entity `absence` and the
// attendance record's id. The office with write on absences attaches and removes them; they
// are read with the absence (the office's screens, the guardians' view of their child), whose
// answer carries their signed links, and never appear in the files list.

/** Where a justification document goes: an absence (or late arrival) of this school. */
export async function absenceDocumentTarget(
  deps: ServerDeps,
  ctx: RequestContext,
  recordId: number,
): Promise<{ entity: 'absence'; entityId: number; lessonId: number }> {
  assertOfficeAbsences(await attendanceCaller(deps, ctx), true);
  const record = await deps.db
    .selectFrom('attendance_records')
    .select(['id', 'lesson_id', 'status'])
    .where('school_id', '=', ctx.schoolId!)
    .where('id', '=', recordId)
    .executeTakeFirst();
  if (!record || record.status === 'present') throw notFound('This absence does not exist.');
  return { entity: 'absence', entityId: record.id, lessonId: record.lesson_id };
}
