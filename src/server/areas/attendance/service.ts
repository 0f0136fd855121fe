import type { z } from 'zod';
import { registerDay } from '../../../shared/api/attendance';
import type {
  AttendanceRegister,
  AttendanceStatusName,
  attendanceBody,
} from '../../../shared/api/attendance';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ruleError, validationError } from '../../http/errors';
import { localDate } from '../calendar/school-time';
import { studentsOfLesson } from '../grades/queries';
import { assessmentSettings } from '../grades/settings';
import type { TeachingCaller } from '../lessons/teaching-access';
import { recordNotifications } from '../notifications/delivery';
import { cancelAbsenceNotice, queueAbsenceNotice } from './notice';
import { assertNotFuture, assertRegisterAccess } from './policy';
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
  const told: (() => void)[] = [];
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
      told.push(
        await recordNotifications(
          trx,
          deps.realtime,
          schoolId,
          recipients.map((r) => ({ user_id: r.userId, role: r.role })),
          { title, entity: 'absence', entityId: student.id, nowIso },
        ),
      );
    }
  });
  for (const tell of told) tell();
  return registerOf(deps, caller, lessonId, date);
}
