import type { z } from 'zod';
import { registerDay } from '../../../shared/api/attendance';
import type {
  AbsenceRow,
  AttendanceRegister,
  AttendanceStatusName,
  StudentAbsences,
  absencesQuery,
  attendanceBody,
  justificationBody,
} from '../../../shared/api/attendance';
import { SERVER_EVENTS, type NotificationEvent } from '../../../shared/realtime';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, ruleError, validationError } from '../../http/errors';
import { localDate } from '../calendar/school-time';
import { studentsOfLesson } from '../grades/queries';
import { assessmentSettings } from '../grades/settings';
import type { TeachingCaller } from '../lessons/teaching-access';
import { cancelAbsenceNotice, queueAbsenceNotice } from './notice';
import { assertNotFuture, assertOfficeAbsences, assertRegisterAccess } from './policy';
import * as q from './queries';

const today = (deps: ServerDeps) => localDate(deps.now(), deps.config.timeZone);

function assertDay(date: string): void {
  if (!registerDay.safeParse(date).success)
    throw validationError({ date: 'Enter a date as YYYY-MM-DD' }, 'Enter a date as YYYY-MM-DD');
}

/** A lesson's register on a day: every student, present unless recorded otherwise. */
export async function registerOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  date: string,
): Promise<AttendanceRegister> {
  await assertRegisterAccess(deps.db, caller, lessonId, false);
  assertDay(date);
  const lesson = (await q.lessonName(deps.db, caller.schoolId, lessonId))!;
  const [students, records] = await Promise.all([
    studentsOfLesson(deps.db, caller.schoolId, lessonId),
    q.recordsOfDay(deps.db, caller.schoolId, lessonId, date),
  ]);
  const byStudent = new Map(records.map((r) => [r.student_id, r]));
  return {
    lesson,
    date,
    taken: records.length > 0,
    students: students.map((s) => {
      const record = byStudent.get(s.student_id);
      return {
        student_id: s.student_id,
        first_name: s.first_name,
        last_name: s.last_name,
        status: record?.status ?? 'present',
        justified: record?.justified === 1,
        recorded: record !== undefined,
      };
    }),
  };
}

/**
 * Saves a register in one transaction: students not listed are present. A change to a saved
 * register is a correction and goes to the audit log. A new absence queues the family's
 * notice of the day (after the grace period); a correction that leaves the student absent
 * from nothing that day drops it. Crossing the school's threshold of unjustified absences in
 * the lesson warns the office and the family.
 */
export async function takeAttendance(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  date: string,
  body: z.infer<typeof attendanceBody>,
): Promise<AttendanceRegister> {
  await assertRegisterAccess(deps.db, caller, lessonId, true);
  assertDay(date);
  assertNotFuture(date, today(deps));
  const schoolId = caller.schoolId;
  const lesson = (await q.lessonName(deps.db, schoolId, lessonId))!;
  const roster = await studentsOfLesson(deps.db, schoolId, lessonId);
  const onRoster = new Set(roster.map((s) => s.student_id));
  const stranger = body.entries.find((e) => !onRoster.has(e.student_id));
  if (stranger)
    throw ruleError(
      'validation',
      { code: 'not_in_roster', field: 'entries' },
      "This student is not on the lesson's roster.",
    );
  const wanted = new Map<number, AttendanceStatusName>(
    roster.map((s) => [s.student_id, 'present' as AttendanceStatusName]),
  );
  for (const e of body.entries) wanted.set(e.student_id, e.status);

  const existing = new Map(
    (await q.recordsOfDay(deps.db, schoolId, lessonId, date)).map((r) => [r.student_id, r]),
  );
  const changes = [...wanted].filter(([id, status]) => existing.get(id)?.status !== status);
  const newlyAbsent = changes
    .filter(([id, status]) => status === 'absent' && existing.get(id)?.status !== 'absent')
    .map(([id]) => id);
  const noLongerAbsent = changes
    .filter(([id, status]) => status !== 'absent' && existing.get(id)?.status === 'absent')
    .map(([id]) => id);
  // Read everything the rules need before the transaction (one SQLite connection).
  const settings = await assessmentSettings(deps.db, schoolId);
  const [alreadyTold, absentElsewhere, unjustified] = await Promise.all([
    q.noticesSent(deps.db, schoolId, newlyAbsent, date),
    q.otherAbsencesOfDay(deps.db, schoolId, noLongerAbsent, date, lessonId),
    settings.absenceThreshold > 0
      ? q.unjustifiedCounts(deps.db, schoolId, lessonId, newlyAbsent)
      : Promise.resolve(new Map<number, number>()),
  ]);
  const stillAbsent = new Set(absentElsewhere.map((r) => r.student_id));
  const crossing = newlyAbsent.filter(
    (id) => (unjustified.get(id) ?? 0) + 1 === settings.absenceThreshold,
  );
  const warnings =
    crossing.length > 0
      ? await Promise.all(
          crossing.map(async (id) => ({
            student: (await q.studentRow(deps.db, schoolId, id))!,
            guardians: await q.guardiansOf(deps.db, schoolId, id),
          })),
        )
      : [];
  const office = warnings.length > 0 ? await q.officeUsers(deps.db, schoolId) : [];

  const now = deps.now();
  const nowIso = now.toISOString();
  const told: { userIds: number[]; event: NotificationEvent }[] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const [studentId, status] of changes) {
      const before = existing.get(studentId);
      if (before) {
        await trx
          .updateTable('attendance_records')
          .set({
            status,
            // A justification belongs to an absence; a student now present has none.
            ...(status === 'present' ? { justified: 0, justification_note: null } : {}),
            recorded_by_user_id: caller.userId,
            updated_at: nowIso,
          })
          .where('school_id', '=', schoolId)
          .where('id', '=', before.id)
          .execute();
      } else {
        await trx
          .insertInto('attendance_records')
          .values({
            school_id: schoolId,
            lesson_id: lessonId,
            student_id: studentId,
            date,
            status,
            justified: 0,
            justification_note: null,
            justified_by_user_id: null,
            recorded_by_user_id: caller.userId,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .execute();
      }
    }
    const corrections = changes
      .filter(([id]) => existing.has(id))
      .map(([id, status]) => ({ student_id: id, from: existing.get(id)!.status, to: status }));
    if (corrections.length > 0 || existing.size === 0)
      await recordAudit(
        trx,
        ctx,
        {
          schoolId,
          action: existing.size === 0 ? 'create' : 'update',
          entity: 'attendance',
          entityId: lessonId,
          detail: existing.size === 0 ? { date, absent: newlyAbsent } : { date, corrections },
        },
        nowIso,
      );
    for (const studentId of newlyAbsent)
      if (!alreadyTold.has(studentId))
        await queueAbsenceNotice(
          trx,
          schoolId,
          { studentId, date },
          now,
          settings.absenceGraceMinutes,
        );
    for (const studentId of noLongerAbsent)
      if (!stillAbsent.has(studentId)) await cancelAbsenceNotice(trx, schoolId, studentId, date);
    for (const { student, guardians } of warnings) {
      const title = `${student.first_name} ${student.last_name}: ${settings.absenceThreshold} unjustified absences in ${lesson.name}`;
      const recipients = [
        ...office.map((userId) => ({ userId, role: 'admin' })),
        ...guardians.map((g) => ({ userId: g.user_id, role: 'client' })),
      ];
      if (recipients.length === 0) continue;
      await trx
        .insertInto('notifications')
        .values(
          recipients.map((r) => ({
            school_id: schoolId,
            user_id: r.userId,
            role: r.role,
            title,
            body: null,
            entity: 'absence',
            entity_id: student.id,
            created_at: nowIso,
            seen_at: null,
          })),
        )
        .execute();
      told.push({
        userIds: recipients.map((r) => r.userId),
        event: { school_id: schoolId, title, entity: 'absence', entity_id: student.id },
      });
    }
  });
  for (const { userIds, event } of told)
    deps.realtime.toUsers(userIds, SERVER_EVENTS.notification, event);
  return registerOf(deps, caller, lessonId, date);
}

const rowView = (r: q.AbsenceRecord): AbsenceRow => ({
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
});

/** The school's absences for the office, filtered and paged, newest first by default. */
export async function absenceList(
  deps: ServerDeps,
  caller: TeachingCaller,
  query: z.infer<typeof absencesQuery>,
): Promise<{ data: AbsenceRow[]; totalCount: number }> {
  assertOfficeAbsences(caller, false);
  const filter: q.AbsenceFilter = {
    from: query.from,
    to: query.to,
    lessonId: query.lesson_id,
    levelId: query.level_id,
    studentId: query.student_id,
    justified: query.justified,
    includeLate: query.include_late,
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
  return { data: rows.map(rowView), totalCount };
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

/** One student's absences: totals per lesson and per period (and sub-period), and every record. */
export async function absencesOfStudent(
  deps: ServerDeps,
  caller: TeachingCaller,
  studentId: number,
): Promise<StudentAbsences> {
  assertOfficeAbsences(caller, false);
  const student = await q.studentRow(deps.db, caller.schoolId, studentId);
  if (!student) throw notFound('This student does not exist.');
  const filter = { studentId, includeLate: true };
  const [rows, subPeriods, periods, settings] = await Promise.all([
    q.listAbsences(deps.db, caller.schoolId, filter, { limit: 10_000, offset: 0, order: 'desc' }),
    q.subPeriodsOfSchool(deps.db, caller.schoolId),
    q.periodsOfSchool(deps.db, caller.schoolId),
    assessmentSettings(deps.db, caller.schoolId),
  ]);
  const records = rows.map(rowView);
  const totals = emptyTotals();
  const perLesson = new Map<number, Totals & { lesson_id: number; lesson_name: string }>();
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
    threshold: settings.absenceThreshold,
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
  const [row] = await q.listAbsences(
    deps.db,
    caller.schoolId,
    { studentId, includeLate: true, recordId: record.id },
    { limit: 1, offset: 0, order: 'desc' },
  );
  return rowView(row!);
}
