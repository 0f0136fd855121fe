import type { z } from 'zod';
import type { Gradebook, StudentGrades, gradeSubPeriod } from '../../../shared/api/grades';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { localDate } from '../calendar/school-time';
import type { TeachingCaller } from '../lessons/teaching-access';
import { gradeOf, gridRowOf, itemsWithValues, loadBooks } from './book';
import {
  assertMayCloseSubPeriods,
  assertOpen,
  gradebookAccess,
  gradebookWriteAccess,
  gradePublished,
  studentOfCaller,
} from './policy';
import * as q from './queries';
import { remarksOf } from './recordQueries';
import { assessmentSettings } from './settings';

type SubPeriodView = z.infer<typeof gradeSubPeriod>;

export const today = (deps: ServerDeps) => localDate(deps.now(), deps.config.timeZone);

/** Closed by the office, opened again by it, or else closed once its last day has passed. */
export const viewOf = (row: q.SubPeriodRow, day: string): SubPeriodView => ({
  id: row.id,
  period_id: row.period_id,
  name: row.name,
  start_date: row.start_date,
  end_date: row.end_date,
  closed: row.state === null ? row.end_date < day : row.state === 1,
});

/** The asked sub-period of a period, or the one today falls in (else the last begun, else the first). */
export function chooseSubPeriod(rows: SubPeriodView[], asked: number | undefined, day: string) {
  if (asked !== undefined) {
    const found = rows.find((r) => r.id === asked);
    if (!found) throw notFound("This sub-period is not one of the lesson's period.");
    return found;
  }
  const chosen =
    rows.find((r) => r.start_date <= day && day <= r.end_date) ??
    [...rows].reverse().find((r) => r.start_date <= day) ??
    rows[0];
  if (!chosen) throw notFound('The period has no sub-periods yet.');
  return chosen;
}

export async function lessonContext(deps: ServerDeps, caller: TeachingCaller, lessonId: number) {
  const lesson = await q.lessonRow(deps.db, caller.schoolId, lessonId);
  if (!lesson) throw notFound('This lesson does not exist.');
  return contextOf(deps, caller, lesson);
}

/** The sub-periods of a lesson already read (by gradebookAccess), as lessonContext gives them. */
export async function contextOf(deps: ServerDeps, caller: TeachingCaller, lesson: q.LessonRow) {
  const day = today(deps);
  const subPeriods = (await q.subPeriodsOf(deps.db, caller.schoolId, lesson.period_id)).map((r) =>
    viewOf(r, day),
  );
  return { lesson, subPeriods, day };
}

/** A lesson's gradebook in a sub-period, for its teachers and the office. */
export async function gradebookOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriodId: number | undefined,
): Promise<Gradebook> {
  const access = await gradebookAccess(deps.db, caller, lessonId);
  const { lesson, subPeriods, day } = await contextOf(deps, caller, access.lesson);
  const subPeriod = chooseSubPeriod(subPeriods, subPeriodId, day);
  const writable = !subPeriod.closed && access.mayWrite;
  const [settings, students] = await Promise.all([
    assessmentSettings(deps.db, caller.schoolId),
    q.studentsOfLesson(deps.db, caller.schoolId, lessonId),
  ]);
  const book = (
    await loadBooks(deps.db, caller.schoolId, [lessonId], subPeriod, null, { writable })
  ).get(lessonId)!;
  return {
    lesson: { id: lesson.id, name: lesson.name },
    sub_period: subPeriod,
    sub_periods: subPeriods,
    scale: settings.scale,
    categories: book.categories,
    items: book.items,
    students: students.map((s) => gridRowOf(book, s, settings.scale)),
    abilities: { update: writable, delete: writable },
  };
}

/**
 * The gradebook's write context: the caller may write the lesson's gradebook, and the
 * sub-period is one of the lesson's period and open. Refusals in that order.
 */
export async function openSubPeriod(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriodId: number,
) {
  const lesson = await gradebookWriteAccess(deps.db, caller, lessonId);
  return openSubPeriodOf(deps, caller, lesson, subPeriodId);
}

/** openSubPeriod once the lesson's gradebookWriteAccess has been checked. */
export async function openSubPeriodOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  lesson: q.LessonRow,
  subPeriodId: number,
) {
  const { subPeriods, day } = await contextOf(deps, caller, lesson);
  const subPeriod = chooseSubPeriod(subPeriods, subPeriodId, day);
  assertOpen(subPeriod.closed);
  return { lesson, subPeriod, subPeriods };
}

/** The office closes a sub-period's grades or reopens them; the audit log says who. */
export async function setSubPeriodState(
  deps: ServerDeps,
  ctx: RequestContext,
  subPeriodId: number,
  closed: boolean,
): Promise<SubPeriodView> {
  await assertMayCloseSubPeriods(deps, ctx);
  const schoolId = ctx.schoolId!;
  const row = await q.subPeriodById(deps.db, schoolId, subPeriodId);
  if (!row) throw notFound('This sub-period does not exist.');
  const nowIso = deps.now().toISOString();
  const values = {
    closed: closed ? 1 : 0,
    changed_by_user_id: ctx.actor?.id ?? ctx.user!.id,
    changed_at: nowIso,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('grade_sub_period_states')
      .values({ school_id: schoolId, sub_period_id: subPeriodId, ...values })
      .onConflict((c) => c.columns(['school_id', 'sub_period_id']).doUpdateSet(values))
      .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId,
        action: closed ? 'close' : 'reopen',
        entity: 'grade_sub_period',
        entityId: subPeriodId,
      },
      nowIso,
    );
  });
  return viewOf({ ...row, state: values.closed }, today(deps));
}

/** A student's grades (their own, or a parent's child's) in a sub-period. */
export async function gradesOfStudent(
  deps: ServerDeps,
  caller: TeachingCaller,
  childId: number | null,
  subPeriodId: number | undefined,
): Promise<StudentGrades> {
  const studentId = await studentOfCaller(deps.db, caller, childId);
  const day = today(deps);
  let periodId: number | null = null;
  if (subPeriodId !== undefined) {
    const asked = await q.subPeriodById(deps.db, caller.schoolId, subPeriodId);
    if (!asked) throw notFound('This sub-period does not exist.');
    periodId = asked.period_id;
  }
  const subPeriods = (await q.subPeriodsOf(deps.db, caller.schoolId, periodId)).map((r) =>
    viewOf(r, day),
  );
  const subPeriod = chooseSubPeriod(subPeriods, subPeriodId, day);
  const [settings, lessons] = await Promise.all([
    assessmentSettings(deps.db, caller.schoolId),
    q.lessonsOfStudent(deps.db, caller.schoolId, studentId, subPeriod.period_id),
  ]);
  const books = await loadBooks(
    deps.db,
    caller.schoolId,
    lessons.map((l) => l.id),
    subPeriod,
    [studentId],
    { writable: false },
  );
  const published = gradePublished(settings.publish, subPeriod, day);
  const remarks = published
    ? await remarksOf(
        deps.db,
        caller.schoolId,
        lessons.map((l) => l.id),
        [subPeriod.id],
        studentId,
      )
    : [];
  return {
    student_id: studentId,
    sub_period: subPeriod,
    sub_periods: subPeriods,
    scale: settings.scale,
    lessons: lessons.map((lesson) => {
      const book = books.get(lesson.id)!;
      return {
        lesson,
        categories: book.categories,
        items: itemsWithValues(book, studentId),
        grade: gradeOf(book, studentId, settings.scale, published),
        remark: remarks.find((r) => r.lesson_id === lesson.id)?.comment ?? null,
      };
    }),
  };
}
