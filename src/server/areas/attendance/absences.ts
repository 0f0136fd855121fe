import type { z } from 'zod';
import type {
  AbsenceRow,
  StudentAbsences,
  absencesQuery,
  justificationBody,
} from '../../../shared/api/attendance';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { fileRefsFor } from '../files/service';
import { assessmentSettings } from '../grades/settings';
import type { TeachingCaller } from '../lessons/teaching-access';
import { assertGuardianReads, assertOfficeAbsences } from './policy';
import * as q from './queries';

// The office's absences (the list, one student's totals, justifying) and a parent's view of
// their child's.

/**
 * Rows as the API gives them: with the student's unjustified absences in the lesson against the
 * school's threshold, and the justification documents' signed links.
 */
async function rowViews(
  deps: ServerDeps,
  schoolId: number,
  rows: q.AbsenceRecord[],
  threshold: number,
): Promise<AbsenceRow[]> {
  const [counts, files] = await Promise.all([
    q.unjustifiedByLesson(
      deps.db,
      schoolId,
      rows.map((r) => r.student_id),
    ),
    fileRefsFor(
      deps,
      schoolId,
      'absence',
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => {
    const unjustified = counts.get(`${r.student_id}:${r.lesson_id}`) ?? 0;
    return {
      id: r.id,
      date: r.date,
      status: r.status,
      justified: r.justified === 1,
      justification_note: r.justification_note,
      lesson_id: r.lesson_id,
      lesson_name: r.lesson_name,
      student_id: r.student_id,
      first_name: r.first_name,
      last_name: r.last_name,
      level_name: r.level_name,
      unjustified_in_lesson: unjustified,
      over_threshold: threshold > 0 && unjustified >= threshold,
      files: files.get(r.id) ?? [],
    };
  });
}

/** The school's absences for the office, filtered and paged, newest first by default. */
export async function absenceList(
  deps: ServerDeps,
  caller: TeachingCaller,
  query: z.infer<typeof absencesQuery>,
): Promise<{ data: AbsenceRow[]; totalCount: number }> {
  assertOfficeAbsences(caller, false);
  const { absenceThreshold } = await assessmentSettings(deps.db, caller.schoolId);
  // Without a threshold nobody is over it.
  if (query.over_threshold && absenceThreshold === 0) return { data: [], totalCount: 0 };
  const filter: q.AbsenceFilter = {
    from: query.from,
    to: query.to,
    lessonId: query.lesson_id,
    levelId: query.level_id,
    studentId: query.student_id,
    justified: query.justified,
    includeLate: query.include_late,
    search: query.search || undefined,
    atLeastUnjustified: query.over_threshold ? absenceThreshold : undefined,
  };
  const totalCount = await q.countAbsences(deps.db, caller.schoolId, filter);
  const rows =
    totalCount === 0
      ? []
      : await q.listAbsences(deps.db, caller.schoolId, filter, {
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
          order: query.order,
        });
  return { data: await rowViews(deps, caller.schoolId, rows, absenceThreshold), totalCount };
}

type Totals = { absent: number; justified: number; unjustified: number; late: number };
const emptyTotals = (): Totals => ({ absent: 0, justified: 0, unjustified: 0, late: 0 });
function count(totals: Totals, row: { status: string; justified: boolean }) {
  if (row.status === 'late') totals.late += 1;
  if (row.status !== 'absent') return;
  totals.absent += 1;
  if (row.justified) totals.justified += 1;
  else totals.unjustified += 1;
}

/**
 * One student's absences: totals per lesson and per period (and sub-period), and every record;
 * for the office, or (`asGuardian`) for one of the student's parents.
 */
export async function absencesOfStudent(
  deps: ServerDeps,
  caller: TeachingCaller,
  studentId: number,
  asGuardian = false,
): Promise<StudentAbsences> {
  if (asGuardian) await assertGuardianReads(deps.db, caller, studentId);
  else assertOfficeAbsences(caller, false);
  const student = await q.studentRow(deps.db, caller.schoolId, studentId);
  if (!student) throw notFound('This student does not exist.');
  const filter = { studentId, includeLate: true };
  const [rows, subPeriods, periods, settings] = await Promise.all([
    q.listAbsences(deps.db, caller.schoolId, filter, { limit: 10_000, offset: 0, order: 'desc' }),
    q.subPeriodsOfSchool(deps.db, caller.schoolId),
    q.periodsOfSchool(deps.db, caller.schoolId),
    assessmentSettings(deps.db, caller.schoolId),
  ]);
  const threshold = settings.absenceThreshold;
  const records = await rowViews(deps, caller.schoolId, rows, threshold);
  const totals = emptyTotals();
  const perLesson = new Map<
    number,
    Totals & { lesson_id: number; lesson_name: string; over_threshold: boolean }
  >();
  const perPeriod = new Map<
    string,
    Totals & {
      period_id: number;
      period_name: string;
      sub_period_id: number | null;
      sub_period_name: string | null;
    }
  >();
  for (const r of records) {
    count(totals, r);
    const lesson = perLesson.get(r.lesson_id) ?? {
      ...emptyTotals(),
      lesson_id: r.lesson_id,
      lesson_name: r.lesson_name,
      over_threshold: r.over_threshold,
    };
    count(lesson, r);
    perLesson.set(r.lesson_id, lesson);
    const sub = subPeriods.find((s) => s.start_date <= r.date && r.date <= s.end_date);
    const period = sub
      ? { id: sub.period_id, name: sub.period_name }
      : periods.find((p) => p.start_date <= r.date && r.date <= p.end_date);
    if (!period) continue;
    const key = `${period.id}:${sub?.id ?? ''}`;
    const bucket = perPeriod.get(key) ?? {
      ...emptyTotals(),
      period_id: period.id,
      period_name: period.name,
      sub_period_id: sub?.id ?? null,
      sub_period_name: sub?.name ?? null,
    };
    count(bucket, r);
    perPeriod.set(key, bucket);
  }
  return {
    student: { id: student.id, first_name: student.first_name, last_name: student.last_name },
    totals,
    per_lesson: [...perLesson.values()].sort((a, b) => a.lesson_name.localeCompare(b.lesson_name)),
    per_period: [...perPeriod.values()],
    records,
    threshold,
    abilities: { justify: caller.role === 'admin' && caller.officeWrite },
  };
}

/** The office justifies an absence (or takes it back), with a note; audited. */
export async function justifyAbsence(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  studentId: number,
  recordId: number,
  body: z.infer<typeof justificationBody>,
): Promise<AbsenceRow> {
  assertOfficeAbsences(caller, true);
  const record = await deps.db
    .selectFrom('attendance_records')
    .select(['id', 'status'])
    .where('school_id', '=', caller.schoolId)
    .where('student_id', '=', studentId)
    .where('id', '=', recordId)
    .executeTakeFirst();
  if (!record || record.status === 'present') throw notFound('This absence does not exist.');
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('attendance_records')
      .set({
        justified: body.justified ? 1 : 0,
        justification_note: body.note === undefined ? null : body.note || null,
        justified_by_user_id: body.justified ? (ctx.actor?.id ?? ctx.user!.id) : null,
        updated_at: nowIso,
      })
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', record.id)
      .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: body.justified ? 'justify' : 'unjustify',
        entity: 'attendance',
        entityId: record.id,
        detail: { student_id: studentId },
      },
      nowIso,
    );
  });
  const rows = await q.listAbsences(
    deps.db,
    caller.schoolId,
    { studentId, includeLate: true, recordId: record.id },
    { limit: 1, offset: 0, order: 'desc' },
  );
  const { absenceThreshold } = await assessmentSettings(deps.db, caller.schoolId);
  return (await rowViews(deps, caller.schoolId, rows, absenceThreshold))[0]!;
}
